// One definition per rule: no block of six or more lines is repeated in src/ (jscpd, by tokens,
// so reformatting a copy does not hide it). Fix a hit by sharing the code, not by editing it apart.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// jscpd's ES module build imports `colors/safe` without an extension, which Node's ESM loader
// refuses; its CommonJS build loads.
const { detectClones } = createRequire(import.meta.url)('jscpd') as typeof import('jscpd');

describe('copy-paste', () => {
  it('finds no block of 6 or more lines repeated in src/', async () => {
    const clones = await detectClones({
      path: ['src'],
      minLines: 6,
      format: ['typescript'],
      reporters: [],
      silent: true,
      gitignore: true,
    });
    const found = clones.map(
      (clone) =>
        `${clone.duplicationA.sourceId}:${clone.duplicationA.start.line}-${clone.duplicationA.end.line} = ` +
        `${clone.duplicationB.sourceId}:${clone.duplicationB.start.line}-${clone.duplicationB.end.line}`,
    );
    expect(found).toEqual([]);
  }, 120_000);
});
