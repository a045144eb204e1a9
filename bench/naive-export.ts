// The straightforward attendee export the benchmark compares against: one request at a time,
// every row kept in memory, the whole CSV built as one string and written at the end. It uses
// the same client library (HTTP stack, parsing, retries), so the comparison is of the export's
// design (overlap, streaming, spooling) and not of two HTTP stacks. It makes
// the same rows as `boxoffice attendees export` (same flattening, header and neutralisation), so
// the benchmark can check that both files are identical.
//   node naive-export.js --url URL --token TOKEN --event ID --out FILE
import { writeFileSync } from 'node:fs';
import { createClient } from '../src/client/index.js';
import { ColumnRegistry } from '../src/export/columns.js';
import { FIXED_COLUMNS, flattenRecord } from '../src/export/flatten.js';
import { csvLine } from '../src/util/csv.js';

function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const url = argument('--url');
  const token = argument('--token');
  const eventId = argument('--event');
  const out = argument('--out');

  const rows: Record<string, string>[] = [];
  const seen = new Set<string>();
  const columns = new ColumnRegistry();
  const client = createClient({ apiUrl: url, publisherUrl: url, authUrl: url, token });
  for (let from = 0; ; from += 50) {
    const { attendee: records } = await client.events.attendeeList({ eventId, fromRecord: from, toRecord: from + 50 });
    if (records.length === 0) break;
    for (const record of records) {
      if (seen.has(record.orderNo)) continue;
      seen.add(record.orderNo);
      for (const row of flattenRecord(record)) {
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
  await client.close();
  const labels = columns.labels;
  const records = [columns.header, ...rows.map((row) => [...FIXED_COLUMNS.map((name) => row[name]), ...labels.map((label) => row[`answer:${label}`] ?? '')])];
  writeFileSync(out, records.map(csvLine).join(''));
  process.stderr.write(`naive export: ${rows.length} attendees from ${seen.size} orders\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
