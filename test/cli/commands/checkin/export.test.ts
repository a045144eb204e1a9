// `boxoffice checkin export` (the built CLI, a real sandbox synced into a SQLite file): the
// arrivals as CSV and JSON, in a file only its owner can read, an existing file kept unless
// --force; and the flags → options of the verb.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvRecords } from '../../../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { registerCheckinExport } from '../../../../src/cli/commands/checkin/export.js';
import { parseVerb, verbAt } from '../../support/verb.js';
import { checkin, seededEvent, syncInto, type SyncedEvent } from '../../../checkin/support.js';

let e2e: E2e;
let event: SyncedEvent;
let database: string;
let admitted: { ticketNo: string; door: string }[];
beforeAll(async () => {
  e2e = await startE2e();
  event = await seededEvent(e2e, 10);
  database = join(e2e.dir, 'door.db');
  await syncInto(e2e, event.eventId, database);
  const attending = event.tickets.filter((ticket) => ticket.status === 'attending');
  admitted = [
    { ticketNo: attending[0].ticketNo, door: 'north' },
    { ticketNo: attending[2].ticketNo, door: 'south' },
  ];
  for (const { ticketNo, door } of admitted) expect((await checkin(e2e, [event.eventId, ticketNo, '--db', database, '--door', door])).code).toBe(0);
}, 120_000);
afterAll(async () => e2e?.close());

describe('checkin export', { timeout: 120_000 }, () => {
  it('writes the arrivals as CSV to a 0600 file: when, door, who, ticket, order', async () => {
    const output = join(e2e.dir, 'arrivals.csv');
    const result = await checkin(e2e, ['export', event.eventId, '--db', database, '-o', output]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(`wrote 2 arrivals of event ${event.eventId} to ${output} (csv, owner-only)\n`);
    expect(statSync(output).mode & 0o777).toBe(0o600);
    const rows = csvRecords(readFileSync(output, 'utf8'));
    expect(Object.keys(rows[0])).toEqual(['checkedInAt', 'door', 'name', 'email', 'ticketName', 'ticketNo', 'orderNo']);
    expect(rows.map((row) => ({ ticketNo: row.ticketNo, door: row.door }))).toEqual(admitted);
    for (const row of rows) {
      expect(row.checkedInAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(row.name).not.toBe('');
      expect(row.orderNo).toBe(event.tickets.find((ticket) => ticket.ticketNo === row.ticketNo)?.orderNo);
    }
  });

  it('--format json prints one array on stdout; an existing -o FILE is kept without --force (exit 2) and replaced with it', async () => {
    const printed = await checkin(e2e, ['export', event.eventId, '--db', database, '--format', 'json']);
    expect(printed.code, printed.stderr).toBe(0);
    expect((JSON.parse(printed.stdout) as { ticketNo: string }[]).map((row) => row.ticketNo)).toEqual(admitted.map((row) => row.ticketNo));
    const output = join(e2e.dir, 'kept.json');
    writeFileSync(output, 'mine');
    const refused = await checkin(e2e, ['export', event.eventId, '--db', database, '-o', output]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--output ${output} exists; add --force to replace it`);
    expect(readFileSync(output, 'utf8')).toBe('mine');
    const replaced = await checkin(e2e, ['export', event.eventId, '--db', database, '-o', output, '--force']);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toHaveLength(2);
    expect(statSync(output).mode & 0o777).toBe(0o600);
  });
});

describe('checkin export: flags → options', () => {
  const verb = verbAt('checkin export', registerCheckinExport);

  it('takes the format from -o, else csv; --format and --force as given', async () => {
    const cases: [string[], object][] = [
      [['checkin', 'export', '12', '--db', 'a.db'], { eventId: '12', db: 'a.db', output: undefined, force: false, format: 'csv' }],
      [['checkin', 'export', '12', '--db', 'a.db', '-o', 'out.json'], { eventId: '12', db: 'a.db', output: 'out.json', force: false, format: 'json' }],
      [
        ['checkin', 'export', '12', '--db', 'a.db', '-o', 'out.txt', '--format', 'json', '--force'],
        { eventId: '12', db: 'a.db', output: 'out.txt', force: true, format: 'json' },
      ],
    ];
    for (const [argv, options] of cases) {
      const parsed = await parseVerb(verb, argv);
      expect(parsed.code, parsed.stderr).toBe(0);
      expect(parsed.runs).toEqual([options]);
    }
  });

  it('refuses an ndjson file, an unknown format and a missing --db (exit 2, nothing run)', async () => {
    for (const argv of [
      ['checkin', 'export', '12', '--db', 'a.db', '-o', 'out.ndjson'],
      ['checkin', 'export', '12', '--db', 'a.db', '--format', 'xml'],
      ['checkin', 'export', '12'],
    ]) {
      const parsed = await parseVerb(verb, argv);
      expect(parsed.code, argv.join(' ')).toBe(2);
      expect(parsed.runs).toEqual([]);
    }
  });
});
