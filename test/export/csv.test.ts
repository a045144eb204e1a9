// The export's CSV lines against csv-stringify, the library they stand in for: the same text for
// cells that need quoting, neutralising or neither.
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../src/export/neutralise.js';
import { csvLine } from '../../src/export/write-output.js';

const CELLS = [
  '',
  'plain',
  'a,b',
  'say "hi"',
  '"',
  '""',
  'two\nlines',
  'cr\ronly',
  'crlf\r\n',
  ' spaced ',
  '=1+1',
  '+cmd',
  '-2+3',
  '-12.5',
  '+49 30 000000',
  '@sum',
  '\tTab',
  'Zürich ✓ 日本',
  "'quoted",
  ',',
  '\n',
  'end,',
  '日本,"x"\n',
];

describe('csvLine', () => {
  it('writes what csv-stringify writes with every cell neutralised', () => {
    const rows = [CELLS, ...CELLS.map((cell, index) => [cell, CELLS[(index + 1) % CELLS.length], 'x'])];
    expect(rows.map(csvLine).join('')).toBe(stringify(rows, { cast: { string: (cell) => neutraliseFormula(cell) } }));
  });
});
