// `attendees sync --to postgres://…` against a real PostgreSQL server (a throwaway cluster, see
// test/helpers/postgres.ts) and a real sandbox, as users run it (the built CLI): the schema is
// created, the table equals the export after each run with changes in between, the feed is the
// difference, a second event shares the database, and --check finds a row changed behind its back.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { applyFeed, exportSnapshot, listedTickets, placeOrders, sortedEntries, tableState, tool, type FeedChange, type Snapshot } from './support.js';

describe('attendees sync into PostgreSQL', () => {
  let postgres: TestPostgres;
  let e2e: E2e;
  let events: string[];
  beforeAll(async () => {
    postgres = await startTestPostgres();
    e2e = await startE2e({ quirks: true, listOrder: 'newest-first' });
    events = ((await tool(e2e.sandbox, '/sandbox/seed', { events: '2', orders: '240' })).eventIds as string[]).map(String);
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
    await postgres?.close();
  });

  async function pgSnapshot(eventId: string): Promise<Snapshot> {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT * FROM boxoffice_attendees WHERE event_id = $1 AND removed_at IS NULL`, [eventId]);
      return new Map(rows.map((row: Record<string, string>) => [row.attendee_key, tableState(row)]));
    } finally {
      await client.end();
    }
  }

  const sync = (eventId: string, extra: string[] = []) =>
    e2e.run(['--json', 'attendees', 'sync', eventId, '--to', postgres.url, ...extra], {
      env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin },
      timeoutMs: 180_000,
    });
  const feedOf = (stdout: string): FeedChange[] =>
    stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as FeedChange);

  it('keeps each event of a shared database equal to its export, with the changes as the feed', { timeout: 600_000 }, async () => {
    const previous = new Map<string, Snapshot>();
    for (const eventId of events) {
      const first = await sync(eventId);
      expect(first.code, first.stderr).toBe(0);
      const exported = await exportSnapshot(e2e, eventId);
      expect(sortedEntries(await pgSnapshot(eventId))).toEqual(sortedEntries(exported));
      expect(sortedEntries(applyFeed(new Map(), feedOf(first.stdout)))).toEqual(sortedEntries(exported));
      previous.set(eventId, exported);
    }
    const [eventId] = events;
    const tickets = listedTickets(e2e.sandbox, eventId).filter((ticket) => ticket.status === 'attending');
    placeOrders(e2e.sandbox, eventId, 10, 'pg');
    // New orders only: an incremental run from the head of the newest-first list.
    const incremental = await sync(eventId);
    expect(incremental.code, incremental.stderr).toBe(0);
    expect(incremental.stderr).toMatch(/1 read \(incremental; list newest-first/);
    let exported = await exportSnapshot(e2e, eventId);
    expect(sortedEntries(await pgSnapshot(eventId))).toEqual(sortedEntries(exported));
    expect(sortedEntries(applyFeed(previous.get(eventId) as Snapshot, feedOf(incremental.stdout)))).toEqual(sortedEntries(exported));
    previous.set(eventId, exported);

    await tool(e2e.sandbox, '/sandbox/cancel-order', { orderNo: tickets[7].orderNo });
    await tool(e2e.sandbox, '/sandbox/answer', { ticketNo: tickets[30].ticketNo, label: 'Company', value: 'Moved on' });
    await tool(e2e.sandbox, '/sandbox/remove-order', { orderNo: tickets[60].orderNo });
    const full = await sync(eventId, ['--full']);
    expect(full.code, full.stderr).toBe(0);
    exported = await exportSnapshot(e2e, eventId);
    expect(sortedEntries(await pgSnapshot(eventId))).toEqual(sortedEntries(exported));
    const changes = feedOf(full.stdout);
    expect(sortedEntries(applyFeed(previous.get(eventId) as Snapshot, changes))).toEqual(sortedEntries(exported));
    expect(new Set(changes.map((change) => change.type))).toEqual(new Set(['attendee.cancelled', 'attendee.updated', 'attendee.removed']));

    // The other event was left alone, and --check agrees with the table.
    expect(sortedEntries(await pgSnapshot(events[1]))).toEqual(sortedEntries(previous.get(events[1]) as Snapshot));
    const check = await sync(eventId, ['--check']);
    expect(check.stderr).toContain('no differences');
    expect(check.code).toBe(0);

    // A row changed behind the command's back is reported, and --full repairs it.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    // The key as the list shows it (in --quirks the live order and ticket numbers, not the sandbox's own).
    const { rows: picked } = await client.query(
      `SELECT attendee_key FROM boxoffice_attendees WHERE event_id = $1 AND removed_at IS NULL AND NOT cancelled ORDER BY attendee_key LIMIT 1`,
      [eventId],
    );
    const attendeeKey = (picked[0] as { attendee_key: string }).attendee_key;
    await client.query(`UPDATE boxoffice_attendees SET city = 'Nowhere' WHERE event_id = $1 AND attendee_key = $2`, [eventId, attendeeKey]);
    await client.end();
    const differs = await sync(eventId, ['--check']);
    expect(differs.code).toBe(1);
    expect(feedOf(differs.stdout)).toEqual([{ kind: 'different', attendeeKey, fields: { city: { destination: 'Nowhere', list: expect.any(String) } } }]);
  });
});
