// One definition each, for the facts that were once written in several places: the owner-only
// modes, the retryable codes, the CSV packages, and exported names (one name, one thing).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RETRYABLE_CODES } from '../../src/client/errors.js';

const SOURCES = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src/*.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !file.endsWith('.d.ts'));
const text = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // deleted, not yet staged
  }
};

/** The files of src/ whose text matches `pattern`, but for `except`. */
function filesMatching(pattern: RegExp, except: readonly string[] = []): string[] {
  return SOURCES.filter((file) => !except.includes(file) && pattern.test(text(file)));
}

describe('one definition', () => {
  it('writes the owner-only modes (0o600, 0o700) in src/util/private-file.ts alone', () => {
    expect(filesMatching(/\b0o[67]00\b/, ['src/util/private-file.ts'])).toEqual([]);
  });

  it('locks through src/util/file-lock.ts alone: no other file creates one exclusively or asks whether its holder runs', () => {
    expect(filesMatching(/'wx'|O_EXCL/, ['src/util/atomic-file.ts', 'src/util/private-file.ts', 'src/util/file-lock.ts'])).toEqual([]);
    expect(filesMatching(/process\.kill\([^,]+, 0\)/, ['src/util/file-lock.ts'])).toEqual([]);
  });

  it('names the retryable codes in the error table alone: the retry policy and the sandbox statuses derive them', () => {
    const retryableLiteral = new RegExp(`['"](${[...RETRYABLE_CODES].join('|')})['"]`);
    expect([...RETRYABLE_CODES].sort()).toEqual(['E011', 'E023', 'T005', 'T006']);
    expect(text('src/client/retry.ts')).not.toMatch(/['"][EDT]\d{3}['"]/);
    expect(text('src/sandbox/errors.ts').match(/CODES_BY_HTTP_STATUS[^;]*;/)?.[0]).not.toMatch(retryableLiteral);
  });

  it('reads CSV with Papa Parse and writes it with csvLine: no other CSV package', () => {
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
    expect(Object.keys({ ...dependencies, ...devDependencies }).filter((name) => /csv/.test(name))).toEqual([]);
    expect(filesMatching(/from '(csv-[a-z]+)|import\('csv-/)).toEqual([]);
    expect(filesMatching(/\bfunction csvLine\b/)).toEqual(['src/util/csv.ts']);
  });

  it('gives two exported functions or values of src/ two names', () => {
    const owners = new Map<string, string[]>();
    for (const file of SOURCES) {
      for (const [, name] of text(file).matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z0-9_$]+)/gm)) {
        const files = owners.get(name) ?? [];
        if (!files.includes(file)) owners.set(name, [...files, file]);
      }
    }
    const shared = [...owners].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(shared).toEqual([]);
  });
});
