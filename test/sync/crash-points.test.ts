// kill -9 at every step of `attendees sync` (the built CLI, a real sandbox, changes between the
// runs): after a read (the sandbox kills the run as it answers the Nth attendee-list request),
// after a batch's transaction (the receiver kills it as the first change of the batch arrives),
// during delivery (killed with the change received but unanswered, or answered before the
// cursor moved), and at timed moments. After a clean final run the table equals the export, the
// receiver (de-duplicating on the signed change id) holds every change exactly once and nothing
// was lost: its changes turn an empty table into the export; a change arrived twice only where
// a delivery was cut.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExtension } from '../../src/sandbox/context.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { applyFeed, exportSnapshot, listedTickets, placeOrders, sortedEntries, sqliteSnapshot, startReceiver, tool, type Receiver } from './support.js';

const SECRET = 'whsec_crash_point_secret';

type Kill = (signal: NodeJS.Signals) => void;

interface CrashPlan {
  /** Kill as the sandbox answers this attendee-list request of the run (1-based). */
  afterRead?: number;
  /** Kill as this delivery of the run arrives; `answered`: after answering it. */
  atDelivery?: { index: number; answered: boolean };
  /** Kill this fraction of an uncut run's duration after the run starts. */
  afterFraction?: number;
}

const PLANS: CrashPlan[] = [
  // The first runs deliver hundreds of changes (every attendee added).
  { atDelivery: { index: 25, answered: false } },
  { atDelivery: { index: 60, answered: true } },
  ...[1, 2, 3, 4, 5, 6].map((afterRead) => ({ afterRead })),
  { atDelivery: { index: 1, answered: false } },
  { atDelivery: { index: 1, answered: true } },
  { atDelivery: { index: 3, answered: false } },
  { afterRead: 1 },
  // An uncut run: its duration scales the timed kills, so they land inside a run on any machine.
  {},
  ...[0.1, 0.25, 0.4, 0.55, 0.7].map((afterFraction) => ({ afterFraction })),
];

type Kind = 'afterRead' | 'atDelivery' | 'afterFraction' | 'uncut';
const kindOf = (plan: CrashPlan): Kind =>
  plan.afterRead !== undefined ? 'afterRead' : plan.atDelivery !== undefined ? 'atDelivery' : plan.afterFraction !== undefined ? 'afterFraction' : 'uncut';

describe('attendees sync killed at every step', () => {
  let e2e: E2e;
  let eventId: string;
  let receiver: Receiver;
  let killRun: Kill | undefined;
  let readsThisRun = 0;
  let plan: CrashPlan = {};
  const readKiller: SandboxExtension = {
    name: 'kill-after-read',
    middleware: (app) => {
      app.use('/api/e/attendee-list', async (_c, next) => {
        await next();
        readsThisRun += 1;
        if (plan.afterRead === readsThisRun) killRun?.('SIGKILL');
      });
    },
  };
  beforeAll(async () => {
    e2e = await startE2e({ extensions: [...defaultExtensions(), readKiller] });
    eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '200' })).eventIds as string[])[0]);
    receiver = await startReceiver(() => SECRET);
  });
  afterAll(async () => {
    await receiver?.close();
    await e2e?.close();
  });

  async function changeSomething(round: number): Promise<void> {
    const tickets = listedTickets(e2e.sandbox, eventId).filter((ticket) => ticket.status === 'attending');
    placeOrders(e2e.sandbox, eventId, 2, `crash${round}`);
    await tool(e2e.sandbox, '/sandbox/cancel-attendee', { ticketNo: tickets[(round * 13) % tickets.length].ticketNo });
    await tool(e2e.sandbox, '/sandbox/answer', {
      ticketNo: tickets[(round * 29 + 5) % tickets.length].ticketNo,
      label: 'Dietary needs',
      value: `Vegan ${round}`,
    });
  }

  it('delivers every change exactly once to a deduplicating receiver and loses none', { timeout: 900_000 }, async () => {
    const database = join(e2e.dir, 'crash.db');
    const killed: Record<Kind, number> = { afterRead: 0, atDelivery: 0, afterFraction: 0, uncut: 0 };
    let cutDeliveries = 0;
    let uncutRunMs: number | undefined;
    for (const [round, current] of PLANS.entries()) {
      plan = current;
      readsThisRun = 0;
      killRun = undefined;
      let deliveriesThisRun = 0;
      receiver.onDelivery = () => {
        deliveriesThisRun += 1;
        if (current.atDelivery?.index !== deliveriesThisRun) return true;
        cutDeliveries += 1;
        if (current.atDelivery.answered) {
          // Killed once the receiver's answer is on its way.
          setImmediate(() => killRun?.('SIGKILL'));
          return true;
        }
        killRun?.('SIGKILL');
        return false;
      };
      let timer: NodeJS.Timeout | undefined;
      let startedAt: number | undefined;
      const result = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--full-every', '0', '--forward-to', receiver.url], {
        env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin, BOXOFFICE_FORWARD_SECRET: SECRET },
        timeoutMs: 120_000,
        // The first line (what the run will spend) comes before the first read.
        onOutput: (_output, kill) => {
          if (killRun === undefined) {
            startedAt = performance.now();
            if (current.afterFraction !== undefined) {
              if (uncutRunMs === undefined) throw new Error('a timed kill needs an uncut run before it');
              // timer under test: a kill at a moment no boundary marks, a fraction of an uncut run into it.
              timer = setTimeout(() => kill('SIGKILL'), current.afterFraction * uncutRunMs);
            }
          }
          killRun = kill;
        },
      });
      clearTimeout(timer);
      if (kindOf(current) === 'uncut' && startedAt !== undefined) uncutRunMs = performance.now() - startedAt;
      if (result.signal === 'SIGKILL') killed[kindOf(current)] += 1;
      else expect(result.code, result.stderr).toBe(0);
      await changeSomething(round);
    }
    receiver.onDelivery = undefined;
    plan = {};
    const final = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--full-every', '0', '--forward-to', receiver.url], {
      env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin, BOXOFFICE_FORWARD_SECRET: SECRET },
      timeoutMs: 120_000,
    });
    expect(final.code, final.stderr).toBe(0);

    const exported = await exportSnapshot(e2e, eventId);
    // Most plans meet their step (a run may end before its Nth read); every kind of step is hit.
    expect(killed.afterRead).toBeGreaterThanOrEqual(4);
    expect(killed.atDelivery).toBeGreaterThanOrEqual(4);
    expect(killed.afterFraction).toBeGreaterThanOrEqual(3);
    expect(killed.uncut).toBe(0);
    expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(exported));
    const distinct = receiver.distinct();
    expect(sortedEntries(applyFeed(new Map(), distinct))).toEqual(sortedEntries(exported));
    // Counted: a change arrives a second time only when its delivery was cut.
    expect(receiver.received.length - distinct.length).toBeLessThanOrEqual(cutDeliveries + PLANS.filter((p) => p.afterFraction !== undefined).length);
    expect(receiver.badSignatures).toBe(0);
    // One change per attendee and transition: no change was recorded twice in the outbox.
    const transitions = distinct.map((change) => `${change.attendeeKey} ${change.type} ${JSON.stringify(change.after)}`);
    expect(new Set(transitions).size).toBe(transitions.length);
  });
});
