// The one CSV writer against the one CSV parser (Papa Parse): every cell that needs quoting,
// neutralising or neither reads back as written, neutralised.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseFormula } from '../../src/util/csv.js';
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
  it('writes lines that Papa Parse reads back as the cells, neutralised', () => {
    const rows = [CELLS, ...CELLS.map((cell, index) => [cell, CELLS[(index + 1) % CELLS.length], 'x'])];
    const { data, errors } = Papa.parse<string[]>(rows.map(csvLine).join(''), { delimiter: ',', newline: '\n' });
    expect(errors).toEqual([]);
    expect(data.slice(0, -1)).toEqual(rows.map((row) => row.map(neutraliseFormula)));
  });

  it('quotes only what RFC 4180 needs quoted', () => {
    expect(csvLine(['plain', ' spaced ', 'a,b', 'say "hi"', 'two\nlines', '=1+1', '-12.5'])).toBe(
      `plain, spaced ,"a,b","say ""hi""","two\nlines",'=1+1,-12.5\n`,
    );
  });
});
