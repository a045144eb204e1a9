// `insights --from FILE` on an export that ends in the middle of a record (a copy or download cut
// short), the built CLI against exports the built CLI wrote from a sandbox: refused with the line
// where the file ends, nothing counted (no report), exit 2. The whole files are read as before.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
const exported: Record<'csv' | 'json' | 'ndjson', string> = { csv: '', json: '', ndjson: '' };

beforeAll(async () => {
  e2e = await startE2e();
  const seeded = await e2e.run(['sandbox', 'seed', '--orders', '6']);
  expect(seeded.code, seeded.stderr).toBe(0);
  const eventId = seeded.stdout.trim().split('\n')[0];
  for (const format of ['csv', 'json', 'ndjson'] as const) {
    const file = join(e2e.dir, `whole.${format}`);
    const result = await e2e.run(['attendees', 'export', eventId, '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    exported[format] = readFileSync(file, 'utf8');
  }
  // An answer with a comma, as the export quotes it, on the last row.
  const lines = exported.csv.split('\n');
  lines[lines.length - 2] = lines[lines.length - 2].replace(/,[^,]*$/, ',"Vegetarian, no nuts"');
  exported.csv = lines.join('\n');
}, 60_000);
afterAll(async () => e2e?.close());

function write(name: string, text: string): string {
  const file = join(e2e.dir, name);
  writeFileSync(file, text);
  return file;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('insights --from a file cut short (built CLI)', { timeout: 60_000 }, () => {
  it('the whole exports are counted: exit 0, a report', async () => {
    for (const format of ['csv', 'json', 'ndjson'] as const) {
      const result = await e2e.run(['insights', '--from', write(`full.${format}`, exported[format]), '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ totals: { orders: 6 } });
    }
  });

  const cuts: [string, 'csv' | 'json' | 'ndjson', (text: string) => string, string][] = [
    ['a CSV cut inside a quoted field', 'csv', (text) => text.slice(0, text.indexOf('"Vegetarian, no') + '"Vegetarian, no'.length), 'inside a quoted field'],
    ['a CSV cut inside its last row', 'csv', (text) => text.slice(0, text.lastIndexOf(',', text.lastIndexOf(',', text.length - 30) - 1)), 'its last row has'],
    ['a JSON export cut inside a record', 'json', (text) => text.slice(0, text.length - 60), 'the array of rows is not closed'],
    ['an NDJSON export cut inside a record', 'ndjson', (text) => text.slice(0, text.length - 60), 'its last line is not a whole JSON object'],
  ];

  it.each(cuts)('%s: refused with the line where it ends, nothing counted, exit 2', async (name, format, cut, what) => {
    const text = cut(exported[format]);
    const file = write(`${name.replaceAll(' ', '-')}.${format}`, text);
    for (const output of [[], ['--json']]) {
      const result = await e2e.run(['insights', '--from', file, ...output]);
      expect(result.code).toBe(2);
      expect(result.stdout).toEqual(output.length === 0 ? '' : expect.stringContaining('"exitCode": 2'));
      expect(result.stderr.split('\n')[0]).toMatch(
        new RegExp(
          `^error: --from: ${file.replaceAll('.', '\\.')} ends in the middle of a record \\(${what}[^)]*\\) on line ${lineCount(text)}: the file is cut short, nothing was counted`,
        ),
      );
    }
  });
});
