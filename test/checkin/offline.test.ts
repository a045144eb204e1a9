// Offline first: the door answers from the database alone. With --sync the built CLI's view runs
// the sync in the background: an order placed in the sandbox meanwhile reaches the door with the
// next run (the run is held at its first read of the list while the order is placed, so the test
// knows which run brought it), and a cancellation (caught by a full reconciliation) is refused;
// with the sandbox stopped, the door keeps letting people in, from a script and in the view, and
// says the sync failed. Every wait is on what the view shows.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { RequestGate } from '../helpers/request-gate.js';
import { runInTerminal, type TerminalSession } from '../helpers/terminal.js';
import { placeOrders, tool } from '../sync/support.js';
import { checkin, seededEvent, syncInto, type SyncedEvent } from './support.js';

/** Holds a read of the attendee list: the order is placed while a sync run waits on it. */
const listGate = new RequestGate('/api/e/attendee-list');
let e2e: E2e;
let event: SyncedEvent;
let database: string;
/** The order the --sync test cancels in the sandbox. */
let cancelledOrder: string | undefined;
beforeAll(async () => {
  e2e = await startE2e({ extensions: [...defaultExtensions(), listGate.extension] });
  event = await seededEvent(e2e, 10);
  database = join(e2e.dir, 'door.db');
  await syncInto(e2e, event.eventId, database);
}, 120_000);
afterAll(async () => e2e?.close());

function door(extra: string[]): TerminalSession {
  return runInTerminal(['checkin', event.eventId, '--db', database, '--door', 'gate', ...extra], {
    cwd: e2e.dir,
    columns: 80,
    rows: 24,
    env: { ...e2e.env, BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin },
  });
}

/** The total the view shows: "arrived A / E expected". */
function expectedOnScreen(session: TerminalSession): number {
  const match = /arrived \d+ \/ (\d+) expected/.exec(session.viewport().join('\n'));
  if (match === null) throw new Error(`no counts on screen:\n${session.text()}`);
  return Number(match[1]);
}

async function closed(session: TerminalSession): Promise<void> {
  session.type('\x03');
  expect(await session.exit).toBe(0);
}

describe('checkin --sync: the list kept fresh while the door works', { timeout: 180_000 }, () => {
  it('an order placed in the sandbox reaches the door with the first sync run after it (within one interval), and is let in', async () => {
    const session = door(['--sync', '2s']);
    try {
      // The sync's own plan is on screen, and its first run has ended.
      await session.waitFor(/sync every 2s: new orders/);
      await session.waitFor(/synced: no changes \(incremental, \d+ reads?\)/);
      const before = expectedOnScreen(session);
      // The next run is held at its first read of the list, and the order placed meanwhile.
      listGate.arm();
      await listGate.received;
      const [orderNo] = placeOrders(e2e.sandbox, event.eventId, 1, 'door');
      const readBefore = listGate.seen - 1;
      listGate.release();
      // The order has one attendee (placeOrders: 1 + index % 2); that run brings it.
      await session.waitFor(/synced: 1 added \(incremental, \d+ reads?\)/);
      await session.waitFor(new RegExp(`arrived \\d+ / ${before + 1} expected`));
      // The reads since the held one are that run's own: not a later run (one interval on) brought the order.
      const reads = /synced: 1 added \(incremental, (\d+) reads?\)/.exec(session.viewport().join('\n'))?.[1];
      expect(listGate.seen - readBefore).toBe(Number(reads));
      session.type(`${orderNo}\r`);
      await session.waitFor('I N');
      await session.waitFor(`ticket ${orderNo}-1`);
      await closed(session);
    } finally {
      session.kill();
    }
  });

  it('an order cancelled in the sandbox is refused once a full reconciliation has read it', async () => {
    const victim = event.tickets.find(
      (ticket) => ticket.status === 'attending' && event.tickets.filter((other) => other.orderNo === ticket.orderNo).length === 1,
    );
    expect(victim, 'an order of one attending attendee').toBeDefined();
    const ticketNo = victim?.ticketNo ?? '';
    cancelledOrder = victim?.orderNo;
    const session = door(['--sync', '2s', '--full-every', '0s']);
    try {
      await session.waitFor(/sync every 2s: a full reconciliation/);
      await session.waitFor(/synced: no changes \(full, \d+ reads?\)/);
      await tool(e2e.sandbox, '/sandbox/cancel-order', { orderNo: victim?.orderNo ?? '' });
      await session.waitFor(/synced: 1 cancelled \(full, \d+ reads?\)/);
      session.type(`${ticketNo}\r`);
      await session.waitFor('C A N C E L L E D');
      await session.waitFor(`ticket ${ticketNo}`);
      await closed(session);
    } finally {
      session.kill();
    }
    const script = await checkin(e2e, [event.eventId, ticketNo, '--db', database]);
    expect(script.code).toBe(8);
  });
});

describe('with the sandbox stopped', { timeout: 180_000 }, () => {
  it('the door keeps letting people in: from a script, and in the view, which says the sync failed', async () => {
    const attending = event.tickets.filter((ticket) => ticket.status === 'attending' && ticket.orderNo !== cancelledOrder);
    await e2e.sandbox.close();
    const script = await checkin(e2e, [event.eventId, attending[0].ticketNo, '--db', database, '--door', 'gate']);
    expect(script.code, script.stderr).toBe(0);
    expect(script.stdout).toContain(`ticket ${attending[0].ticketNo}`);
    const session = door(['--sync', '2s']);
    try {
      await session.waitFor(/sync failed at \d\d:\d\d:\d\d\n.*the door works from its list · could not connect/);
      session.type(`${attending[1].ticketNo}\r`);
      await session.waitFor('I N');
      await session.waitFor(`ticket ${attending[1].ticketNo}`);
      session.type(`${attending[0].ticketNo}\r`);
      await session.waitFor('A L R E A D Y   I N');
      await closed(session);
    } finally {
      session.kill();
    }
  });
});
