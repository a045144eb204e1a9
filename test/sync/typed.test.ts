// The destination typed for the analyst, through the built CLI and a real sandbox serving the live
// service's shapes (--quirks: purchase dates in Asia/Calcutta with microseconds, or plain dates):
// the column types (SQLite typeof(), PostgreSQL information_schema), the view of who is coming,
// --schema and a search_path in the URL, an all-text destination of the release before migrated
// with every row and change kept, and the queries docs/sync.md gives run against both databases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/util/sqlite.js';
import { ROOT, startE2e, type E2e } from '../e2e/support/built-cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import {
  applyFeed,
  exportSnapshot,
  listedTickets,
  sortedEntries,
  sqliteSnapshot,
  tableState,
  toTextSchema,
  tool,
  type FeedChange,
  type Snapshot,
} from './support.js';

let e2e: E2e;
let events: string[];
beforeAll(async () => {
  e2e = await startE2e({ quirks: true });
  // Two events: one sends its purchase dates as date-time objects, the other as plain dates.
  events = ((await tool(e2e.sandbox, '/sandbox/seed', { events: '2', orders: '60' })).eventIds as string[]).map(String);
}, 120_000);
afterAll(async () => e2e?.close());

const sync = (eventId: string, to: string, extra: string[] = []) =>
  e2e.run(['--json', 'attendees', 'sync', eventId, '--to', to, ...extra], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin }, timeoutMs: 180_000 });
const feedOf = (stdout: string): FeedChange[] =>
  stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FeedChange);

/** The analyst's queries of docs/sync.md "Queries", for the event. */
function documentedQueries(eventId: string): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'sync.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Queries'), doc.indexOf('### From all-text columns'));
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1].replaceAll("'123456'", `'${eventId}'`));
}

/** What the documented queries must answer, computed from a fresh export. */
function expectedAnswers(exported: Snapshot): unknown[][] {
  const coming = sortedEntries(exported)
    .filter(([, row]) => !['cancelled', 'lcancelled'].includes(row.attendeeStatus))
    .sort(([keyA, a], [keyB, b]) => (a.attendeeName === b.attendeeName ? (keyA < keyB ? -1 : 1) : a.attendeeName < b.attendeeName ? -1 : 1));
  const countBy = (label: (row: Record<string, string>) => string | null, only: (row: Record<string, string>) => boolean = () => true) => {
    const counts = new Map<string | null, number>();
    for (const [, row] of coming) if (only(row)) counts.set(label(row), (counts.get(label(row)) ?? 0) + 1);
    return counts;
  };
  const perTicket = countBy((row) => row.ticketName);
  const checkedIn = countBy(
    (row) => row.ticketName,
    (row) => row.checkin === 'yes',
  );
  const perAnswer = countBy((row) => row['answer:T-shirt size'] ?? null);
  const orders = new Map([...exported.values()].map((row) => [row.orderNo, Number(row.orderCost)]));
  const byText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  return [
    coming.map(([, row]) => ({ attendee_name: row.attendeeName, attendee_email: row.attendeeEmail, ticket_name: row.ticketName })),
    [...perTicket.keys()].sort(byText).map((name) => ({ ticket_name: name, coming: perTicket.get(name), checked_in: checkedIn.get(name) ?? 0 })),
    [...perAnswer.keys()].sort(byText).map((answer) => ({ answer, coming: perAnswer.get(answer) })),
    [{ orders: orders.size, takings: cents([...orders.values()].reduce((sum, cost) => sum + cost, 0)) }],
  ];
}

/** A row of the all-text table as the attendee's state (every column the export's text). */
function textTableState(row: Record<string, unknown>): Record<string, string> {
  const textRow = Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value === null ? null : String(value)]));
  return tableState({
    ...textRow,
    order_cost: null,
    checkin: null,
    purchase_date: null,
    as_sent: JSON.stringify({ orderCost: row.order_cost, checkin: row.checkin, purchaseDate: row.purchase_date }),
  });
}

const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** Numbers as numbers (PostgreSQL's driver gives bigint counts and numeric sums as text), a sum of money to the cent. */
function numbersOf(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const asNumber = (name: string, value: unknown) =>
    name === 'takings' ? cents(Number(value)) : typeof value === 'string' && /^\d+$/.test(value) && name !== 'answer' ? Number(value) : value;
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, asNumber(name, value)])));
}

describe('typed tables in SQLite', () => {
  it('keeps money, flags and times typed, the odd texts in as_sent, the view of who is coming, and answers the documented queries', {
    timeout: 300_000,
  }, async () => {
    const [eventId] = events;
    const destination = join(e2e.dir, 'typed.db');
    const tickets = listedTickets(e2e.sandbox, eventId);
    await tool(e2e.sandbox, '/sandbox/cancel-order', { orderNo: tickets[3].orderNo });
    const first = await sync(eventId, destination);
    expect(first.code, first.stderr).toBe(0);
    const exported = await exportSnapshot(e2e, eventId);
    expect(sortedEntries(sqliteSnapshot(destination, eventId))).toEqual(sortedEntries(exported));

    const db = openSqlite(destination);
    try {
      const types = db
        .prepare(
          `SELECT DISTINCT typeof(order_cost) AS order_cost, typeof(checkin) AS checkin, typeof(cancelled) AS cancelled, typeof(purchase_date) AS purchase_date,
             json_valid(answers) AS answers FROM boxoffice_attendees WHERE event_id = ?`,
        )
        .all(eventId);
      expect(types).toEqual([{ order_cost: 'real', checkin: 'integer', cancelled: 'integer', purchase_date: 'text', answers: 1 }]);
      const sample = db.prepare(`SELECT purchase_date, checkin, as_sent FROM boxoffice_attendees WHERE event_id = ? LIMIT 1`).get(eventId) as Record<
        string,
        string
      >;
      expect(sample.purchase_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect([0, 1]).toContain(sample.checkin);
      // The live shapes' dates do not come back from an instant in UTC: their text is kept.
      expect(Object.keys(JSON.parse(sample.as_sent))).toEqual(['purchaseDate']);

      const coming = db.prepare(`SELECT attendee_key FROM boxoffice_attendees_coming WHERE event_id = ? ORDER BY attendee_key`).all(eventId);
      const listedComing = sortedEntries(exported).filter(([, row]) => !row.attendeeStatus.endsWith('cancelled'));
      expect((coming as { attendee_key: string }[]).map((row) => row.attendee_key)).toEqual(listedComing.map(([key]) => key));
      expect(listedComing.length).toBeLessThan(exported.size);

      const answers = documentedQueries(eventId).map((sql) => numbersOf(db.prepare(sql).all() as Record<string, unknown>[]));
      expect(answers).toEqual(expectedAnswers(exported));
    } finally {
      db.close();
    }
  });

  it('refuses --schema for a SQLite file, creating nothing', async () => {
    const destination = join(e2e.dir, 'refused.db');
    const refused = await sync(events[0], destination, ['--schema', 'crm']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: --schema: ${destination} is a SQLite file, which has no schemas; name a postgres:// URL with --to, or leave --schema out\n`,
    );
    expect(() => readFileSync(destination)).toThrow(/ENOENT/);
  });

  it("refuses a destination of a newer schema in the CLI's words, naming no flag from the core, changing nothing", async () => {
    const destination = join(e2e.dir, 'newer.db');
    expect((await e2e.run(['attendees', 'sync', events[0], '--to', destination, '--print-secret'])).code).toBe(0);
    const db = openSqlite(destination);
    db.exec(`UPDATE boxoffice_sync_meta SET value = '99' WHERE name = 'schema_version'`);
    db.close();
    const before = readFileSync(destination);
    const refused = await sync(events[0], destination);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: ${destination}: its schema is version 99, newer than this boxoffice knows (4); upgrade boxoffice (npm install -g boxoffice)\n`,
    );
    expect(readFileSync(destination).equals(before)).toBe(true);
  });

  it('migrates an all-text destination in place, every row, change and cursor kept, and places its dates on the next full read', {
    timeout: 300_000,
  }, async () => {
    const [eventId] = events;
    const destination = join(e2e.dir, 'text.db');
    expect((await sync(eventId, destination)).code).toBe(0);
    await toTextSchema(destination);
    const read = (sql: string) => {
      const db = openSqlite(destination);
      try {
        return db.prepare(sql).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    };
    expect(read(`SELECT DISTINCT typeof(order_cost) AS cost, typeof(checkin) AS checkin FROM boxoffice_attendees`)).toEqual([
      { cost: 'text', checkin: 'text' },
    ]);
    const textRows = read(`SELECT * FROM boxoffice_attendees ORDER BY event_id, attendee_key`);
    const outbox = read(`SELECT * FROM boxoffice_sync_outbox ORDER BY id`);
    const cursors = read(`SELECT * FROM boxoffice_sync_cursors ORDER BY sink`);
    const listed = textRows.filter((row) => row.event_id === eventId && row.removed_at === null);
    const before: Snapshot = new Map(listed.map((row) => [String(row.attendee_key), textTableState(row)]));

    // The next run migrates before it reads (--print-secret reads nothing): every row as it was.
    const opened = await e2e.run(['attendees', 'sync', eventId, '--to', destination, '--print-secret'], { env: {} });
    expect(opened.code, opened.stderr).toBe(0);
    expect(read(`SELECT value FROM boxoffice_sync_meta WHERE name = 'schema_version'`)).toEqual([{ value: '4' }]);
    const typedRows = read(`SELECT * FROM boxoffice_attendees ORDER BY event_id, attendee_key`);
    expect(typedRows.map((row) => [row.attendee_key, tableState(row), row.first_seen, row.last_changed, row.removed_at, row.cancelled, row.seen_pass])).toEqual(
      textRows.map((row) => [row.attendee_key, textTableState(row), row.first_seen, row.last_changed, row.removed_at, row.cancelled, row.seen_pass]),
    );
    expect(read(`SELECT DISTINCT typeof(order_cost) AS cost, typeof(checkin) AS checkin, typeof(purchase_date) AS purchased FROM boxoffice_attendees`)).toEqual(
      [{ cost: 'real', checkin: 'integer', purchased: 'null' }],
    );
    expect(read(`SELECT * FROM boxoffice_sync_outbox ORDER BY id`)).toEqual(outbox);
    expect(read(`SELECT * FROM boxoffice_sync_cursors ORDER BY sink`)).toEqual(cursors);
    // An incremental run finds nothing new: the feed stays quiet.
    const incremental = await sync(eventId, destination);
    expect(incremental.code, incremental.stderr).toBe(0);
    expect(feedOf(incremental.stdout)).toEqual([]);

    // A change, then a full read: only that change in the feed; every purchase date placed.
    const ticket = listedTickets(e2e.sandbox, eventId).find((listed) => listed.status === 'attending');
    await tool(e2e.sandbox, '/sandbox/answer', { ticketNo: String(ticket?.ticketNo), label: 'T-shirt size', value: 'XXL' });
    const full = await sync(eventId, destination, ['--full']);
    expect(full.code, full.stderr).toBe(0);
    const exported = await exportSnapshot(e2e, eventId);
    expect(feedOf(full.stdout).map((change) => change.type)).toEqual(['attendee.updated']);
    expect(sortedEntries(applyFeed(before, feedOf(full.stdout)))).toEqual(sortedEntries(exported));
    expect(sortedEntries(sqliteSnapshot(destination, eventId))).toEqual(sortedEntries(exported));
    expect(read(`SELECT DISTINCT typeof(purchase_date) AS purchased FROM boxoffice_attendees`)).toEqual([{ purchased: 'text' }]);
    expect(read(`SELECT COUNT(*) AS changes FROM boxoffice_sync_outbox`)).toEqual([{ changes: outbox.length + 1 }]);
  });
});

describe('typed tables in PostgreSQL', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 120_000);
  afterAll(async () => postgres?.close());

  async function query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  it('creates typed columns and the view in the schema --schema names, and answers the documented queries', { timeout: 300_000 }, async () => {
    const [, eventId] = events;
    const first = await sync(eventId, postgres.url, ['--schema', 'Box Office']);
    expect(first.code, first.stderr).toBe(0);
    const columns = await query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'Box Office' AND table_name = 'boxoffice_attendees'
       AND column_name IN ('order_cost', 'checkin', 'cancelled', 'purchase_date', 'answers', 'as_sent', 'removed_at', 'first_seen', 'last_changed', 'ticket_name')
       ORDER BY column_name`,
    );
    expect(Object.fromEntries(columns.map((column) => [column.column_name, column.data_type]))).toEqual({
      answers: 'jsonb',
      as_sent: 'jsonb',
      cancelled: 'boolean',
      checkin: 'boolean',
      first_seen: 'timestamp with time zone',
      last_changed: 'timestamp with time zone',
      order_cost: 'numeric',
      purchase_date: 'timestamp with time zone',
      removed_at: 'timestamp with time zone',
      ticket_name: 'text',
    });
    expect(await query(`SELECT table_name FROM information_schema.views WHERE table_schema = 'Box Office'`)).toEqual([
      { table_name: 'boxoffice_attendees_coming' },
    ]);
    expect(await query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).toEqual([]);

    const exported = await exportSnapshot(e2e, eventId);
    const rows = await query(`SELECT * FROM "Box Office".boxoffice_attendees WHERE event_id = $1 AND removed_at IS NULL`, [eventId]);
    expect(sortedEntries(new Map(rows.map((row) => [String(row.attendee_key), tableState(row)])))).toEqual(sortedEntries(exported));

    // The same through a search_path in the URL (how the door of `checkin` reaches the tables).
    const url = `${postgres.url}?options=${encodeURIComponent('-csearch_path="Box\\ Office"')}`;
    const again = await sync(eventId, url, ['--full']);
    expect(again.code, again.stderr).toBe(0);
    expect(feedOf(again.stdout)).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const answers = [];
      for (const sql of documentedQueries(eventId)) answers.push(numbersOf((await client.query(sql)).rows));
      expect(answers).toEqual(expectedAnswers(exported));
    } finally {
      await client.end();
    }
  });

  it('writes each batch of the list with one statement per table, not one per attendee', { timeout: 300_000 }, async () => {
    const eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '150' })).eventIds as string[])[0]);
    const url = postgres.url; // the public schema, which the other tests here leave empty
    // Made before the first read (--print-secret reads nothing), then counted by statement-level triggers.
    expect((await e2e.run(['attendees', 'sync', eventId, '--to', url, '--print-secret'])).code).toBe(0);
    await query(`CREATE TABLE public.statements (target text)`);
    await query(`CREATE FUNCTION public.count_statement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO public.statements VALUES (TG_TABLE_NAME); RETURN NULL; END $$`);
    for (const table of ['boxoffice_attendees', 'boxoffice_sync_outbox']) {
      await query(`CREATE TRIGGER count_inserts AFTER INSERT ON public.${table} FOR EACH STATEMENT EXECUTE FUNCTION public.count_statement()`);
    }
    const first = await sync(eventId, url);
    expect(first.code, first.stderr).toBe(0);
    const reads = Number(/; (\d+) reads \(full/.exec(first.stderr)?.[1]);
    const [{ attendees }] = await query(`SELECT COUNT(*)::int AS attendees FROM public.boxoffice_attendees`);
    expect(Number(attendees)).toBeGreaterThan(300);
    const statements = await query(`SELECT target, COUNT(*)::int AS count FROM public.statements GROUP BY target ORDER BY target`);
    // One per batch that brought rows (the last read, past the end, brings none).
    expect(statements).toEqual([
      { target: 'boxoffice_attendees', count: reads - 1 },
      { target: 'boxoffice_sync_outbox', count: reads - 1 },
    ]);
  });

  it('creates the schema a URL search_path names, and migrates an all-text destination there with every row and change kept', {
    timeout: 300_000,
  }, async () => {
    const [eventId] = events;
    const url = `${postgres.url}?options=${encodeURIComponent('-csearch_path=text_era')}`;
    const made = await sync(eventId, url);
    expect(made.code, made.stderr).toBe(0);
    await toTextSchema(url);
    const textTypes = await query(
      `SELECT DISTINCT data_type FROM information_schema.columns WHERE table_schema = 'text_era' AND table_name = 'boxoffice_attendees' AND column_name IN ('order_cost', 'checkin', 'answers')`,
    );
    expect(textTypes).toEqual([{ data_type: 'text' }]);
    const textRows = await query(`SELECT * FROM text_era.boxoffice_attendees ORDER BY event_id, attendee_key`);
    const outbox = await query(`SELECT * FROM text_era.boxoffice_sync_outbox ORDER BY id`);

    const migrated = await sync(eventId, url);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(feedOf(migrated.stdout)).toEqual([]);
    const typedRows = await query(`SELECT * FROM text_era.boxoffice_attendees ORDER BY event_id, attendee_key`);
    const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
    expect(typedRows.map((row) => [row.attendee_key, tableState(row), iso(row.first_seen), row.cancelled])).toEqual(
      textRows.map((row) => [row.attendee_key, textTableState(row), row.first_seen, row.cancelled === 1]),
    );
    expect(await query(`SELECT * FROM text_era.boxoffice_sync_outbox ORDER BY id`)).toEqual(outbox);
    expect(await query(`SELECT value FROM text_era.boxoffice_sync_meta WHERE name = 'schema_version'`)).toEqual([{ value: '4' }]);
  });
});
