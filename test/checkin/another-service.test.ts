// The door and insights keep the sync's binding: a database mirrors the service whose event it
// synced. Two real sandboxes with the same event id; a database synced from the first is refused,
// before anything is read or written, to `checkin --sync` (which would fold the second service's
// list into it) and to `insights --db` (whose arrivals would be another event's) run against the
// second, with the words `attendees sync` uses.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/util/sqlite.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { runInTerminal } from '../helpers/terminal.js';
import { tool } from '../sync/support.js';
import { syncInto } from './support.js';

let first: E2e;
let second: E2e;
let eventId: string;
let account: string;
let database: string;
beforeAll(async () => {
  [first, second] = await Promise.all([startE2e(), startE2e()]);
  const [a, b] = await Promise.all([tool(first.sandbox, '/sandbox/seed', { orders: '6' }), tool(second.sandbox, '/sandbox/seed', { orders: '9' })]);
  eventId = String((a.eventIds as string[])[0]);
  expect(String((b.eventIds as string[])[0])).toBe(eventId);
  account = String((first.sandbox.db.prepare(`SELECT owner_id FROM events WHERE id = ?`).get(Number(eventId)) as { owner_id: number }).owner_id);
  database = join(first.dir, 'door.db');
  await syncInto(first, eventId, database);
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** The second service's environment, with its admin token (the event's owner there). */
const secondEnv = (): Record<string, string> => ({ ...second.env, BOXOFFICE_TOKEN: second.sandbox.tokens.admin });

const refusal = (): string =>
  `error: --db ${database}: mirrors event ${eventId} of ${first.sandbox.url} (account ${account}), and this run reads event ${eventId} of ${second.sandbox.url}; ` +
  'sync another service into a new destination (--to ANOTHER.db)';

function attendeeRows(): unknown[] {
  const db = openSqlite(database);
  try {
    return db.prepare(`SELECT * FROM boxoffice_attendees ORDER BY attendee_key`).all();
  } finally {
    db.close();
  }
}

describe('a database synced from another service', { timeout: 120_000 }, () => {
  it('checkin --sync refuses it (exit 2), the list unchanged', async () => {
    const before = attendeeRows();
    const door = runInTerminal(['checkin', eventId, '--db', database, '--door', 'north', '--sync', '2s'], { cwd: second.dir, env: secondEnv() });
    try {
      expect(await door.exit, door.text()).toBe(2);
      expect(door.text()).toContain(refusal());
    } finally {
      door.kill();
    }
    expect(attendeeRows()).toEqual(before);
  });

  it('insights --db refuses it (exit 2); its own service reads it', async () => {
    const refused = await second.run(['insights', eventId, '--db', database], { env: secondEnv() });
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(`${refusal()}\n`);
    const own = await first.run(['--json', 'insights', eventId, '--db', database], { env: { BOXOFFICE_TOKEN: first.sandbox.tokens.admin } });
    expect(own.code, own.stderr).toBe(0);
  });
});
