// One money rule: src/util/money.ts rounds every amount (docs/architecture.md). Anywhere else, a
// Math.round scaled by 100, a toFixed(2) or a Number.EPSILON nudge is a second rule of rounding
// money, and a platform fee multiplied by its own 2.5 or 0.025 a second fee rate.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MONEY_MODULE = 'src/util/money.ts';
const FEE_RATE_HOME = 'src/sandbox/pricing.ts';

const SECOND_ROUNDING = [/Math\.round\(.*(?<![/*])[*/]\s*100\b/, /(?<![/*])[*/]\s*100\b.*Math\.round\(/, /\.toFixed\(2\)/, /Number\.EPSILON/];
const SECOND_FEE_RATE = /(?:(?<![/*])[*/]\s*|PERCENT\s*=\s*|RATE\s*=\s*)(?:2\.5|0\.025)\b/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function linesMatching(pattern: (line: string) => boolean, exempt: string): string[] {
  return sourceFiles('src')
    .filter((file) => file !== exempt)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (pattern(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
}

describe('money', () => {
  it('is rounded in src/util/money.ts only', () => {
    expect(readFileSync(MONEY_MODULE, 'utf8')).toMatch(/Math\.round\(/);
    expect(linesMatching((line) => SECOND_ROUNDING.some((rule) => rule.test(line)), MONEY_MODULE)).toEqual([]);
  });

  it('has its platform fee rate defined once, in the sandbox pricing', () => {
    expect(readFileSync(FEE_RATE_HOME, 'utf8')).toMatch(/export const PLATFORM_FEE_PERCENT = 2\.5;/);
    expect(linesMatching((line) => SECOND_FEE_RATE.test(line), FEE_RATE_HOME)).toEqual([]);
  });
});
