// A plan that spends more than is left of the hour's read quota (30, less what runs into the
// destination spent in the last hour): in a script `attendees sync` says how long it will take
// and across how many quota hours, and goes on; on a terminal it asks first, and a "no" reads
// nothing. The built CLI, a real sandbox counting the reads it answers, a real pseudo-terminal.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { runInTerminal, type TerminalSession } from '../helpers/terminal.js';
import { readCounter, tool } from './support.js';

const counter = readCounter();
let e2e: E2e;
let eventId: string;
beforeAll(async () => {
  e2e = await startE2e({ extensions: [...defaultExtensions(), counter.extension] });
  eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '1010' })).eventIds as string[])[0]);
}, 120_000);
afterAll(async () => e2e?.close());
const sessions: TerminalSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill(); // a failed expectation leaves none waiting at its prompt
});

const adminEnv = () => ({ BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin });

/** A first sync into a new destination: the reads it spent, which a --full of the same list spends again. */
async function firstSync(database: string): Promise<number> {
  const before = counter.count();
  const run = await e2e.run(['attendees', 'sync', eventId, '--to', database], { env: adminEnv(), timeoutMs: 120_000 });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toContain('left of the service');
  return counter.count() - before;
}

/** What the run says of a --full that spends `reads` after `spent` in the hour (30 an hour, 1 more hour). */
const beyond = (reads: number, spent: number): string =>
  `${reads} reads planned, more than the ${30 - spent} left of the service's 30 reads this hour (${spent} spent by syncs into this ` +
  'destination in the last hour): at 30 reads an hour it takes about 1h, across 2 quota hours';

describe('attendees sync, a plan beyond what is left of the hour', () => {
  it('in a script: says how long it takes across how many quota hours, then syncs as planned', { timeout: 300_000 }, async () => {
    const database = join(e2e.dir, 'script.db');
    const spent = await firstSync(database);
    expect(spent).toBe(22); // 1,010 orders: 21 batches and the empty one that ends the list
    const before = counter.count();
    const run = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--full'], { env: adminEnv(), timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split('\n');
    expect(lines[0]).toMatch(/^sync \d+ → .*: a full reconciliation of 1,010 orders: 22 reads/);
    expect(lines[1]).toBe(`${beyond(22, 22)}; a run stopped by the service's rate limit keeps what it read, and the next run continues from there`);
    expect(run.stderr).toMatch(/; 22 reads \(full; .*\); as planned\n$/);
    expect(counter.count() - before).toBe(22);
  });

  it("within the hour: a plan that fits says nothing more, until --check's reads fill the hour", { timeout: 300_000 }, async () => {
    const database = join(e2e.dir, 'fits.db');
    await firstSync(database);
    const incremental = () => e2e.run(['attendees', 'sync', eventId, '--to', database], { env: adminEnv(), timeoutMs: 120_000 });
    const fits = await incremental();
    expect(fits.code, fits.stderr).toBe(0);
    expect(fits.stderr).toMatch(/: 2 reads, 1 more for every 50 new orders, of the service's 30 reads an hour\n/);
    expect(fits.stderr).not.toContain('left of the service');
    const check = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--check'], { env: adminEnv(), timeoutMs: 120_000 });
    expect(check.stderr).toContain(', 22 reads): no differences');
    const full = await incremental();
    expect(full.stderr).toContain(
      "2 reads planned, more than the 0 left of the service's 30 reads this hour (46 spent by syncs into this destination in the last hour): " +
        'at 30 reads an hour it takes about 1h, across 1 quota hour;',
    );
  });

  it('under --watch: said once, before the first run, not on every run', { timeout: 300_000 }, async () => {
    const database = join(e2e.dir, 'watch.db');
    await firstSync(database);
    await e2e.run(['attendees', 'sync', eventId, '--to', database, '--check'], { env: adminEnv(), timeoutMs: 120_000 });
    const watched = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--watch', '1s'], {
      env: adminEnv(),
      timeoutMs: 120_000,
      onOutput: (output, kill) => {
        if ((output.stderr.match(/; next in 1s\n/g) ?? []).length >= 3) kill('SIGINT');
      },
    });
    expect(watched.stderr.match(/; next in 1s\n/g)?.length, watched.stderr).toBeGreaterThanOrEqual(3);
    expect(watched.stderr.match(/reads planned, more than the 0 left/g), watched.stderr).toHaveLength(1);
  });

  it('on a terminal: asks before the first read; "no" reads nothing, "yes" syncs as planned', { timeout: 300_000 }, async () => {
    const database = join(e2e.dir, 'terminal.db');
    const spent = await firstSync(database);
    const env = { ...e2e.env, ...adminEnv() };

    const before = counter.count();
    const inTerminal = (): TerminalSession => {
      const session = runInTerminal(['attendees', 'sync', eventId, '--to', database, '--full'], { env, cwd: e2e.dir, timeoutMs: 120_000 });
      sessions.push(session);
      return session;
    };
    // The terminal wraps lines at word boundaries to its width: read the screen as words.
    const words = (session: TerminalSession): string => session.text().replace(/\s+/g, ' ');
    const declined = inTerminal();
    await declined.waitFor('Start it? (y/N)');
    expect(words(declined)).toContain(`${beyond(spent, spent)} ? Start it? (y/N)`);
    declined.type('n\r');
    expect(await declined.exit).toBe(1);
    expect(words(declined)).toContain(`sync of event ${eventId} not started: nothing read, ${database} unchanged`);
    expect(counter.count() - before).toBe(0);

    const accepted = inTerminal();
    await accepted.waitFor('Start it? (y/N)');
    accepted.type('y\r');
    expect(await accepted.exit).toBe(0);
    expect(words(accepted)).toMatch(/; 22 reads \(full; .*\); as planned/);
    expect(counter.count() - before).toBe(spent);
  });
});
