// One wait budget: while the service answers E023, every wait is the client's, one notice a wait,
// and --max-wait bounds the time the whole command waits; the error that ends it says how long
// that was. In-process with a clock whose sleeps are instant, and once as the built CLI with
// short real waits.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { startCli } from '../helpers/process.js';
import { fakeClock, makeOrders } from './fixtures.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

let dir: string;
let server: FixtureServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-wait-budget-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

function envFor(url: string): Record<string, string> {
  return {
    BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
    BOXOFFICE_API_URL: url,
    BOXOFFICE_PUBLISHER_URL: url,
    BOXOFFICE_AUTH_URL: url,
    BOXOFFICE_TOKEN: 'fixture-admin-token',
  };
}

/** The lines saying the command waits. */
const waitNotices = (stderr: string): string[] => stderr.split('\n').filter((line) => /waiting \S+ before/.test(line));

describe('one wait budget for a command', () => {
  it('waits once per refusal with one notice, and --max-wait 30s ends the command after 30s of waiting, saying so', async () => {
    // Past the first batch every call is refused, asking for 10 s each time.
    server = await startFixtureServer({ orders: makeOrders(120), semantics: 'zero-based-offset', refuse: (fromRecord) => (fromRecord >= 50 ? 10 : undefined) });
    const clock = fakeClock();
    const result = await runInProcess(['attendees', 'export', '42', '-o', join(dir, 'a.csv'), '--max-wait', '30s'], { clock, env: envFor(server.url) });
    expect(result.code).toBe(4);
    expect(clock.slept).toEqual([10_000, 10_000, 10_000]);
    const notices = waitNotices(result.stderr);
    expect(notices).toHaveLength(3);
    for (const notice of notices)
      expect(notice).toBe('rate limited (E023: too many requests); waiting 10s before retrying get the attendee list (--max-wait 30s)');
    expect(result.stderr).toMatch(/^error E023: too many requests; still refused after waiting 30s of --max-wait 30s; retry after /m);
    // The first batch, then the refused one asked for four times: no second loop asks again.
    expect(server.calls.map((call) => call.fromRecord)).toEqual([0, 50, 50, 50, 50]);
  });

  it('shares the budget between calls: what one call waited is not waited again by the next', async () => {
    let refusals = 0;
    // Each batch past the first is refused twice, then answered.
    const refused = new Map<number, number>();
    server = await startFixtureServer({
      orders: makeOrders(200),
      semantics: 'zero-based-offset',
      refuse: (fromRecord) => {
        if (fromRecord === 0) return undefined;
        const times = refused.get(fromRecord) ?? 0;
        if (times >= 2) return undefined;
        refused.set(fromRecord, times + 1);
        refusals += 1;
        return 10;
      },
    });
    const clock = fakeClock();
    const result = await runInProcess(['--json', 'attendees', 'export', '42', '-o', join(dir, 'b.csv'), '--max-wait', '50s', '--prefetch', '0'], {
      clock,
      env: envFor(server.url),
    });
    expect(result.code).toBe(4);
    // 50s of budget: batch 50 waits 20s, batch 100 waits 20s, batch 150 gets the last 10s and then no more.
    expect(clock.slept).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(refusals).toBe(6);
    expect(result.stderr).toMatch(/still refused after waiting 50s of --max-wait 50s/);
  });

  it('reports the time waited in the --json summary', async () => {
    let refusals = 0;
    server = await startFixtureServer({
      orders: makeOrders(80),
      semantics: 'zero-based-offset',
      refuse: (fromRecord) => (fromRecord === 50 && refusals++ < 2 ? 7 : undefined),
    });
    const clock = fakeClock();
    const result = await runInProcess(['--json', 'attendees', 'export', '42', '-o', join(dir, 'c.csv'), '--max-wait', '1m'], {
      clock,
      env: envFor(server.url),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'success', rateLimitWaitMs: 14_000 });
    expect(waitNotices(result.stderr)).toHaveLength(2);
  });

  it('the built CLI: --max-wait 4s against a service that keeps refusing (Retry-After 2s) ends after 4s of waiting, with two notices', async () => {
    // Retry-After 2 s outlasts the client's own backoff for the first three attempts (at most
    // 0.5, 1 and 2 s less a millisecond), so each wait is exactly the 2 s asked for.
    server = await startFixtureServer({ orders: makeOrders(120), semantics: 'zero-based-offset', refuse: (fromRecord) => (fromRecord >= 50 ? 2 : undefined) });
    const started = Date.now();
    const result = await startCli(['attendees', 'export', '42', '-o', join(dir, 'd.csv'), '--max-wait', '4s'], envFor(server.url)).done;
    const elapsed = Date.now() - started;
    expect(result.code).toBe(4);
    expect(waitNotices(result.stderr)).toEqual(
      Array(2).fill('rate limited (E023: too many requests); waiting 2s before retrying get the attendee list (--max-wait 4s)'),
    );
    expect(result.stderr).toMatch(/still refused after waiting 4s of --max-wait 4s/);
    expect(elapsed).toBeGreaterThanOrEqual(4_000);
    // 4 s of waiting plus start-up and a few loopback requests, however loaded the machine.
    expect(elapsed).toBeLessThan(30_000);
  }, 60_000);
});
