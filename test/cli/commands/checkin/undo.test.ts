// `boxoffice checkin undo` (the built CLI, a real sandbox synced into a SQLite file): the last
// check-in of this door is taken back, another door's stays; and the flags → options of the verb.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { registerCheckinUndo } from '../../../../src/cli/commands/checkin/undo.js';
import { parseVerb, verbAt } from '../../support/verb.js';
import { checkin, seededEvent, syncInto, type SyncedEvent } from '../../../checkin/support.js';

let e2e: E2e;
let event: SyncedEvent;
let database: string;
beforeAll(async () => {
  e2e = await startE2e();
  event = await seededEvent(e2e, 10);
  database = join(e2e.dir, 'door.db');
  await syncInto(e2e, event.eventId, database);
}, 120_000);
afterAll(async () => e2e?.close());

describe('checkin undo', { timeout: 120_000 }, () => {
  it("takes back this door's last check-in only; the attendee can then be let in again", async () => {
    const [first, second, third] = event.tickets.filter((ticket) => ticket.status === 'attending').map((ticket) => ticket.ticketNo);
    const scan = (ticketNo: string, door: string) => checkin(e2e, [event.eventId, ticketNo, '--db', database, '--door', door]);
    expect((await scan(first, 'north')).code).toBe(0);
    expect((await scan(second, 'north')).code).toBe(0);
    expect((await scan(third, 'south')).code).toBe(0);
    const undone = await checkin(e2e, ['undo', event.eventId, '--db', database, '--door', 'north']);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toMatch(new RegExp(`^undone: .+ · ticket ${second} \\(let in at \\d\\d:\\d\\d:\\d\\d at door north\\)\\n$`));
    expect((await scan(second, 'west')).code).toBe(0);
    expect((await scan(first, 'west')).code).toBe(6);
    expect((await scan(third, 'west')).code).toBe(6);
  });

  it('says so when the door has let nobody in (exit 1)', async () => {
    const result = await checkin(e2e, ['undo', event.eventId, '--db', database, '--door', 'nobody-here']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: nothing to undo: door nobody-here has let nobody in at event ${event.eventId}\n`);
  });
});

describe('checkin undo: flags → options', () => {
  const verb = verbAt('checkin undo', registerCheckinUndo);

  it('reads EVENT_ID, --db and --door; refuses a missing --db (exit 2)', async () => {
    const parsed = await parseVerb(verb, ['checkin', 'undo', '12', '--db', 'a.db', '--door', 'north']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ eventId: '12', db: 'a.db', door: 'north' }]);
    const refused = await parseVerb(verb, ['checkin', 'undo', '12', '--door', 'north']);
    expect(refused.code).toBe(2);
    expect(refused.runs).toEqual([]);
  });
});
