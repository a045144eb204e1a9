// Acceptance of `attendees sync` as users run it (the built CLI, a real sandbox in each mode):
// while orders are placed, attendees cancelled and answers changed during the runs, the table
// equals a fresh export once a run completes with nothing changing, and the changes delivered
// (NDJSON on stdout and signed POSTs to a receiver that dedups on the key) turn the previous
// export into the current one — nothing lost, nothing extra.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import type { TestSandboxOptions } from '../helpers/sandbox.js';
import {
  applyFeed,
  exportSnapshot,
  listedTickets,
  placeOrders,
  sortedEntries,
  sqliteSnapshot,
  startReceiver,
  tool,
  type FeedChange,
  type Receiver,
} from './support.js';

const MODES: [string, TestSandboxOptions][] = [
  ['default', {}],
  ['quirks', { quirks: true }],
  ['quirks, newest first', { quirks: true, listOrder: 'newest-first' }],
];

const SECRET = 'whsec_test_secret_for_the_receiver';

describe.each(MODES)('attendees sync against the sandbox (%s)', (_mode, sandboxOptions) => {
  let e2e: E2e;
  let eventId: string;
  let receiver: Receiver;
  beforeAll(async () => {
    e2e = await startE2e(sandboxOptions);
    const seeded = await tool(e2e.sandbox, '/sandbox/seed', { orders: '140' });
    eventId = String((seeded.eventIds as string[])[0]);
    receiver = await startReceiver(() => SECRET);
  });
  afterAll(async () => {
    await receiver?.close();
    await e2e?.close();
  });

  /** A sync run; `onAnnounced` is called once, when it has said what it will spend (its first line, before its first read). */
  const sync = (database: string, extra: string[] = [], onAnnounced?: () => void) => {
    let announced = false;
    return e2e.run(['--json', 'attendees', 'sync', eventId, '--to', database, '--forward-to', receiver.url, ...extra], {
      env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin, BOXOFFICE_FORWARD_SECRET: SECRET },
      timeoutMs: 180_000,
      onOutput: ({ stderr }) => {
        if (announced || !stderr.includes('\n')) return;
        announced = true;
        onAnnounced?.();
      },
    });
  };

  async function mutate(round: number): Promise<void> {
    const tickets = listedTickets(e2e.sandbox, eventId).filter((ticket) => ticket.status === 'attending');
    const pick = (offset: number) => tickets[(round * 37 + offset * 11) % tickets.length];
    placeOrders(e2e.sandbox, eventId, 3, `r${round}a`);
    await tool(e2e.sandbox, '/sandbox/cancel-order', { orderNo: pick(1).orderNo });
    await tool(e2e.sandbox, '/sandbox/cancel-attendee', { ticketNo: pick(2).ticketNo });
    await tool(e2e.sandbox, '/sandbox/answer', { ticketNo: pick(3).ticketNo, label: 'T-shirt size', value: `XL-${round}` });
    await tool(e2e.sandbox, '/sandbox/answer', { ticketNo: pick(4).ticketNo, label: 'Company', value: `Renamed ${round}` });
    placeOrders(e2e.sandbox, eventId, 2, `r${round}b`);
  }

  it('keeps the table equal to the export and the feed equal to the differences, with changes during runs', { timeout: 600_000 }, async () => {
    const database = join(e2e.dir, `attendees-${_mode.replace(/\W+/g, '-')}.db`);
    const stdoutFeed: FeedChange[] = [];
    const first = await sync(database, ['--full-every', '0']);
    expect(first.stderr).toContain('a first full reconciliation: 1 read for every 50 orders and 1 to see the end');
    expect(first.code, first.stderr).toBe(0);
    stdoutFeed.push(
      ...first.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as FeedChange),
    );
    let previous = await exportSnapshot(e2e, eventId);
    expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(previous));
    expect(sortedEntries(applyFeed(new Map(), receiver.distinct()))).toEqual(sortedEntries(previous));
    let delivered = receiver.distinct().length;

    for (let round = 1; round <= 3; round += 1) {
      // Changes while a run reads (from the moment it has announced its reads), then a run with nothing changing.
      let mutated: Promise<void> | undefined;
      const during = await sync(database, ['--full-every', '0'], () => {
        mutated = mutate(round);
      });
      expect(during.code, during.stderr).toBe(0);
      expect(mutated, 'the run never announced its reads').toBeDefined();
      await mutated;
      const quiet = await sync(database, ['--full-every', '0']);
      expect(quiet.code, quiet.stderr).toBe(0);
      for (const run of [during, quiet]) {
        if (run.stdout.trim() !== '')
          stdoutFeed.push(
            ...run.stdout
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line) as FeedChange),
          );
      }
      const current = await exportSnapshot(e2e, eventId);
      expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(current));
      const fresh = receiver.distinct().slice(delivered);
      delivered = receiver.distinct().length;
      expect(fresh.length).toBeGreaterThan(0);
      expect(sortedEntries(applyFeed(previous, fresh))).toEqual(sortedEntries(current));
      previous = current;
    }
    // Every change once, on both feeds; none refused for its signature.
    expect(receiver.badSignatures).toBe(0);
    expect(receiver.received.length).toBe(receiver.distinct().length);
    expect(stdoutFeed.map((change) => change.id)).toEqual(receiver.distinct().map((change) => change.id));
    expect(new Set(stdoutFeed.map((change) => change.type))).toEqual(new Set(['attendee.added', 'attendee.updated', 'attendee.cancelled']));
  });
});
