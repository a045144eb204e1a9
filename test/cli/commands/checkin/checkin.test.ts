// `boxoffice checkin EVENT_ID CODE --db DEST` as scripts run it (the built CLI, a real sandbox
// synced into a SQLite file): each answer with its exit code, lookup by ticket and by order
// number, refusals before anything is written; and the flags → options of the verb.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { registerCheckin } from '../../../../src/cli/commands/checkin/checkin.js';
import { parseVerb, verbAt } from '../../support/verb.js';
import { checkin, seededEvent, syncInto, type SyncedEvent } from '../../../checkin/support.js';

let e2e: E2e;
let event: SyncedEvent;
let database: string;
beforeAll(async () => {
  e2e = await startE2e();
  event = await seededEvent(e2e, 20);
  database = join(e2e.dir, 'door.db');
  await syncInto(e2e, event.eventId, database);
}, 120_000);
afterAll(async () => e2e?.close());

const attending = () => event.tickets.filter((ticket) => ticket.status === 'attending');

describe('checkin EVENT_ID CODE: one scan from a script', { timeout: 120_000 }, () => {
  it('lets an attendee in (exit 0); a second scan, at any door, is "already in" (exit 6) with when and where', async () => {
    const { ticketNo } = attending()[0];
    const first = await checkin(e2e, [event.eventId, ticketNo, '--db', database, '--door', 'north']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^in: .+ · ticket ${ticketNo}\\n$`));
    const again = await checkin(e2e, [event.eventId, ticketNo, '--db', database, '--door', 'south']);
    expect(again.code).toBe(6);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(new RegExp(`^error: already in: .+ · ticket ${ticketNo}, since \\d\\d:\\d\\d:\\d\\d at door north\\n$`));
  });

  it('says "not found" (exit 7) for a code no attendee has, and "cancelled" (exit 8) for a cancelled ticket', async () => {
    const missing = await checkin(e2e, [event.eventId, 'NO-SUCH-TICKET', '--db', database, '--door', 'north']);
    expect(missing.code).toBe(7);
    expect(missing.stderr).toBe('error: not found: no ticket or order NO-SUCH-TICKET in the synced list\n');
    const cancelled = event.tickets.find((ticket) => ticket.status !== 'attending');
    expect(cancelled, 'the seeded event has a cancelled ticket').toBeDefined();
    const refused = await checkin(e2e, ['--json', event.eventId, cancelled?.ticketNo ?? '', '--db', database]);
    expect(refused.code).toBe(8);
    expect(refused.stderr).toContain('cancelled: ');
    const document = JSON.parse(refused.stdout) as { outcome: string; admitted: unknown[] };
    expect(document).toMatchObject({ outcome: 'cancelled', admitted: [] });
  });

  it('an order number lets in the attendees of the order; --json gives each with door and time', async () => {
    const counts = new Map<string, number>();
    for (const ticket of attending()) counts.set(ticket.orderNo, (counts.get(ticket.orderNo) ?? 0) + 1);
    const [orderNo] = [...counts].find(([, count]) => count >= 2) ?? [];
    expect(orderNo, 'an order of two attending attendees').toBeDefined();
    const result = await checkin(e2e, ['--json', event.eventId, orderNo ?? '', '--db', database, '--door', 'east']);
    expect(result.code, result.stderr).toBe(0);
    const document = JSON.parse(result.stdout) as { outcome: string; admitted: { orderNo: string; door: string; checkedInAt: string }[] };
    expect(document.outcome).toBe('in');
    expect(document.admitted.length).toBeGreaterThanOrEqual(2);
    for (const attendee of document.admitted) expect(attendee).toMatchObject({ orderNo, door: 'east', checkedInAt: expect.stringMatching(/Z$/) });
  });

  it('refuses a database that is not there, or holds no synced list of the event, naming the sync that fills it', async () => {
    const absent = join(e2e.dir, 'absent.db');
    const result = await checkin(e2e, [event.eventId, 'X', '--db', absent]);
    expect(result.stderr).toBe(`error: --db ${absent}: no such file; run boxoffice attendees sync ${event.eventId} --to ${absent} first\n`);
    expect(result.code).toBe(2);
    expect(existsSync(absent)).toBe(false);
    const other = await checkin(e2e, ['999999', 'X', '--db', database]);
    expect(other.stderr).toBe(
      `error: --db ${database}: holds no synced attendee list of event 999999; run boxoffice attendees sync 999999 --to ${database} first\n`,
    );
    expect(other.code).toBe(2);
  });
});

describe('checkin EVENT_ID without CODE', { timeout: 120_000 }, () => {
  it('opens the view only on a terminal; piped, it names the script form (exit 2)', async () => {
    const result = await checkin(e2e, [event.eventId, '--db', database]);
    expect(result.stderr).toBe(
      `error: CODE: the door's view needs a terminal; to let one attendee in from a script: boxoffice checkin ${event.eventId} TICKET_NO --db ${database}\n`,
    );
    expect(result.code).toBe(2);
  });
});

describe('checkin: flags → options', () => {
  const verb = verbAt('checkin', registerCheckin);

  it('reads CODE, --db (or BOXOFFICE_SYNC_TO), --door, --sync and --full-every', async () => {
    const parsed = await parseVerb(verb, ['checkin', '12', 'T-1', '--door', 'north'], { env: { BOXOFFICE_SYNC_TO: 'from-env.db' } });
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ eventId: '12', db: 'from-env.db', door: 'north', code: 'T-1', syncMs: undefined, fullEveryMs: 86_400_000 }]);
    const view = await parseVerb(verb, ['checkin', '12', '--db', 'a.db', '--door', 'n', '--sync', '10m', '--full-every', '1h']);
    expect(view.runs).toEqual([{ eventId: '12', db: 'a.db', door: 'n', code: undefined, syncMs: 600_000, fullEveryMs: 3_600_000 }]);
  });

  it('refuses a missing --db, an empty door, and --sync with CODE (exit 2, nothing run)', async () => {
    const cases: [string[], string][] = [
      [['checkin', '12', 'T-1'], 'error: --db: name the database attendees sync fills: a SQLite file (attendees.db) or a postgres:// URL\n'],
      [['checkin', '12', 'T-1', '--db', 'a.db', '--door', ' '], 'error: --door: a name of 1 to 40 characters, got " "\n'],
      [['checkin', '12', 'T-1', '--db', 'a.db', '--sync', '1m'], 'error: --sync: keeps the view fresh; it cannot be combined with CODE\n'],
      [
        ['checkin', '12', '--db', 'a.db', '--sync', 'soon'],
        'error: --sync: "soon" is not a duration (examples: 90s, 10m, 1h, 1h30m; a bare number is seconds)\n',
      ],
    ];
    for (const [argv, message] of cases) {
      const parsed = await parseVerb(verb, argv);
      expect(parsed.stderr, argv.join(' ')).toBe(message);
      expect(parsed.code).toBe(2);
      expect(parsed.runs).toEqual([]);
    }
  });
});
