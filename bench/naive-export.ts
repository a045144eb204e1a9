// The straightforward attendee export the benchmark compares against: one request at a time,
// every row kept in memory, the whole CSV built as one string and written at the end. It makes
// the same rows as `boxoffice attendees export` (same flattening, header and neutralisation), so
// the benchmark can check that both files are identical.
//   node naive-export.js --url URL --token TOKEN --event ID --out FILE
import { writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { AttendeeRecord } from '../src/client/schemas/index.js';
import { ColumnRegistry } from '../src/export/columns.js';
import { FIXED_COLUMNS, flattenRecord } from '../src/export/flatten.js';
import { neutraliseFormula } from '../src/export/neutralise.js';

function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (!value) throw new Error(`${name} is required`);
  return value;
}

function asArray<T>(value: T[] | Record<string, T> | null | undefined): T[] {
  if (!value) return [];
  return Array.isArray(value) ? value : Object.values(value);
}

async function main(): Promise<void> {
  const url = argument('--url');
  const token = argument('--token');
  const eventId = argument('--event');
  const out = argument('--out');

  const rows: Record<string, string>[] = [];
  const seen = new Set<string>();
  const columns = new ColumnRegistry();
  for (let from = 0; ; from += 50) {
    const response = await fetch(`${url}/api/e/attendee-list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new URLSearchParams({ eventId, fromRecord: String(from), toRecord: String(from + 50) }),
    });
    const body = (await response.json()) as { status: string; message?: string; attendee?: AttendeeRecord[] };
    if (body.status !== 'success') throw new Error(`attendee-list failed: ${body.message ?? response.status}`);
    const records = asArray(body.attendee);
    if (records.length === 0) break;
    for (const record of records) {
      const orderNo = String(record.orderNo);
      if (seen.has(orderNo)) continue;
      seen.add(orderNo);
      for (const row of flattenRecord({ ...record, orderNo, attendee: asArray(record.attendee) })) {
        columns.observe(row.answers);
        const flat: Record<string, string> = {};
        FIXED_COLUMNS.forEach((name, index) => {
          flat[name] = row.fixed[index];
        });
        for (const [label, value] of row.answers) flat[`answer:${label}`] = value;
        rows.push(flat);
      }
    }
  }
  const labels = columns.labels;
  const records = [
    columns.header.map(neutraliseFormula),
    ...rows.map((row) => [...FIXED_COLUMNS.map((name) => row[name]), ...labels.map((label) => row[`answer:${label}`] ?? '')].map(neutraliseFormula)),
  ];
  writeFileSync(out, stringify(records, { quoted_match: /^\s|\s$/ }));
  process.stderr.write(`naive export: ${rows.length} attendees from ${seen.size} orders\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
