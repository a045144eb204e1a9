// A destination knows what it mirrors: the first run records the service and the account of the
// event; a run against another service with the same event id (a job pointed at the wrong
// profile) is refused — incremental, --full and --check alike — with the destination unchanged.
// A destination made before the record existed is adopted by its next run. Two real sandboxes,
// the built CLI, SQLite and a throwaway PostgreSQL cluster.
import pg from 'pg';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/util/sqlite.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { toTextSchema, tool } from './support.js';

let first: E2e;
let second: E2e;
let eventId: string;
/** The account the event belongs to on the first service, as its database holds it. */
let account: string;
beforeAll(async () => {
  [first, second] = await Promise.all([startE2e(), startE2e()]);
  const [a, b] = await Promise.all([tool(first.sandbox, '/sandbox/seed', { orders: '40' }), tool(second.sandbox, '/sandbox/seed', { orders: '25' })]);
  eventId = String((a.eventIds as string[])[0]);
  // The same event id on both services: only what the destination records tells them apart.
  expect(String((b.eventIds as string[])[0])).toBe(eventId);
  account = String((first.sandbox.db.prepare(`SELECT owner_id FROM events WHERE id = ?`).get(Number(eventId)) as { owner_id: number }).owner_id);
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const sync = (e2e: E2e, destination: string, extra: string[] = []) =>
  e2e.run(['attendees', 'sync', eventId, '--to', destination, ...extra], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin }, timeoutMs: 120_000 });

/** Every table of a SQLite destination, every row, in a fixed order. */
function sqliteContent(path: string): Record<string, unknown[]> {
  const db = openSqlite(path);
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM ${name} ORDER BY 1, 2`).all()]));
  } finally {
    db.close();
  }
}

function expectRefused(result: { code: number | null; stderr: string }, destination: string): void {
  expect(result.stderr).toBe(
    `error: --to ${destination}: mirrors event ${eventId} of ${first.sandbox.url} (account ${account}), and this run reads event ${eventId} of ${second.sandbox.url}; ` +
      `sync another service into a new destination (${destination.startsWith('postgres') ? '--to postgres://…/ANOTHER_DATABASE' : '--to ANOTHER.db'})\n`,
  );
  expect(result.code).toBe(2);
}

describe('a SQLite destination and another service', () => {
  it('records the service and account on the first run and refuses another service, changing nothing', { timeout: 300_000 }, async () => {
    const destination = join(first.dir, 'mirror.db');
    const made = await sync(first, destination);
    expect(made.code, made.stderr).toBe(0);
    const before = sqliteContent(destination);
    expect(before.boxoffice_attendees.length).toBeGreaterThan(0);

    for (const extra of [[], ['--full'], ['--check']]) expectRefused(await sync(second, destination, extra), destination);
    expect(sqliteContent(destination)).toEqual(before);
    expect(made.stderr).toContain(`${destination} mirrors event ${eventId} of ${first.sandbox.url} (account ${account})`);
    expect(before.boxoffice_sync_sources).toEqual([{ event_id: eventId, service: first.sandbox.url, account, recorded_at: expect.stringMatching(/^\d{4}-/) }]);

    const again = await sync(first, destination);
    expect(again.code, again.stderr).toBe(0);
  });

  it('adopts a destination made before the record existed on its next run, then refuses another service', { timeout: 300_000 }, async () => {
    const destination = join(first.dir, 'adopted.db');
    expect((await sync(first, destination)).code).toBe(0);
    // The destination as the release without the record leaves it: schema version 1.
    await toTextSchema(destination);
    const db = openSqlite(destination);
    db.exec(
      `DROP TABLE boxoffice_sync_sources; ALTER TABLE boxoffice_sync_state DROP COLUMN list_counting; UPDATE boxoffice_sync_meta SET value = '1' WHERE name = 'schema_version'`,
    );
    db.close();
    const adopted = await sync(first, destination);
    expect(adopted.code, adopted.stderr).toBe(0);
    expect(adopted.stderr).toContain(`${destination} mirrors event ${eventId} of ${first.sandbox.url} (account ${account})`);
    const before = sqliteContent(destination);
    expect(before.boxoffice_sync_sources).toHaveLength(1);
    expectRefused(await sync(second, destination, ['--full']), destination);
    expect(sqliteContent(destination)).toEqual(before);
  });
});

describe('a PostgreSQL destination and another service', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 120_000);
  afterAll(async () => postgres?.close());

  async function postgresContent(): Promise<Record<string, unknown[]>> {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows: tables } = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`);
      const content: Record<string, unknown[]> = {};
      for (const { table_name: name } of tables as { table_name: string }[]) content[name] = (await client.query(`SELECT * FROM ${name} ORDER BY 1, 2`)).rows;
      return content;
    } finally {
      await client.end();
    }
  }

  it('records the service and account on the first run and refuses another service, changing nothing', { timeout: 300_000 }, async () => {
    const made = await sync(first, postgres.url);
    expect(made.code, made.stderr).toBe(0);
    const before = await postgresContent();
    expect(before.boxoffice_attendees.length).toBeGreaterThan(0);
    for (const extra of [[], ['--full']]) expectRefused(await sync(second, postgres.url, extra), postgres.url);
    expect(await postgresContent()).toEqual(before);
    expect(before.boxoffice_sync_sources).toEqual([{ event_id: eventId, service: first.sandbox.url, account, recorded_at: expect.stringMatching(/^\d{4}-/) }]);
  });
});
