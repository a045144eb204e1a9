// `insights --watch` in-process, refresh by refresh (the clock's sleep is released by the test):
// under either paging of the attendee list (the sandbox's 1-based default and the live-like
// 0-based `--quirks`), a refresh finds exactly the orders placed since the last one, once.
import type { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../../src/session/deps.js';
import { startHarness, type Harness } from '../../support/harness.js';

interface WatchLine {
  totals: { orders: number; attendees: number };
  change: { newOrders: number; newAttendees: number; reads: number } | null;
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// With every order bought the same day the dates cannot tell a newest-first list: the first
// refresh that finds nothing past the end reads the head too (a third read), then only the head.
describe.each([
  [false, false],
  [true, false],
  [true, true],
])('insights --watch (quirks: %s, every order on one day: %s)', (quirks, oneDay) => {
  it('finds each order placed between refreshes once', async () => {
    h = await startHarness({ quirks });
    const harness = h;
    const seeded = await fetch(`${harness.sandbox.url}/sandbox/seed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${harness.sandbox.secret}` },
      body: new URLSearchParams({ orders: '120' }),
    });
    const eventId = ((await seeded.json()) as { eventIds: string[] }).eventIds[0];
    if (oneDay) harness.sandbox.db.prepare(`UPDATE orders SET purchased_at = '2026-03-01T10:00:00.000Z'`).run();
    const env = { BOXOFFICE_TOKEN: harness.sandbox.tokens.admin, BOXOFFICE_PUBLISHER_KEY: harness.sandbox.tokens.publisher };

    const pendingSleeps: (() => void)[] = [];
    const sleepWaiters: (() => void)[] = [];
    const clock: Clock = {
      now: () => new Date(),
      sleep: (_ms, signal) =>
        new Promise((resolve, reject) => {
          pendingSleeps.push(resolve);
          for (const wake of sleepWaiters.splice(0)) wake();
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    };
    const lines: WatchLine[] = [];
    const waiters: (() => void)[] = [];
    const stop = new AbortController();
    const run = harness.run(['insights', eventId, '--watch', '5s'], {
      env,
      clock,
      signal: stop.signal,
      onStart: ({ stdout }: { stdout: PassThrough }) => {
        let buffered = '';
        stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8');
          for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
            lines.push(JSON.parse(buffered.slice(0, end)) as WatchLine);
            buffered = buffered.slice(end + 1);
            for (const wake of waiters.splice(0)) wake();
          }
        });
      },
    });
    const lineCount = async (count: number) => {
      while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return lines[count - 1];
    };
    const refresh = async (count: number) => {
      while (pendingSleeps.length === 0) await new Promise<void>((resolve) => sleepWaiters.push(resolve));
      pendingSleeps.shift()?.();
      return lineCount(count);
    };

    const first = await lineCount(1);
    expect(first.totals.orders).toBe(120);
    expect((await refresh(2)).change).toMatchObject({ newOrders: 0, newAttendees: 0, reads: 2 });

    const report = JSON.parse((await harness.run(['--json', 'report', eventId], { env })).stdout) as { tickets: { ticketId: string }[] };
    for (const quantity of [1, 3]) {
      const placed = await harness.run(['order', 'place', eventId, '--ticket', `${report.tickets[0].ticketId}:${quantity}`, '--fake', '--yes'], { env });
      expect(placed.code).toBe(0);
    }
    const third = await refresh(3);
    expect(third.change).toMatchObject({ newOrders: 2, newAttendees: 4, reads: oneDay ? 3 : 2 });
    expect(third.totals).toMatchObject({ orders: 122, attendees: first.totals.attendees + 4 });
    const fourth = await refresh(4);
    expect(fourth.change).toMatchObject({ newOrders: 0, newAttendees: 0, reads: 2 });
    expect(fourth.totals.orders).toBe(122);

    stop.abort();
    expect((await run).code).toBe(130);
  }, 60_000);
});
