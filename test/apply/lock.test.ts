// The state file's lock: exclusive, waits then names its holder, takes over a dead holder's lock
// (even with two runs taking over at once), and releases only its own.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireStateLock, type LockClock, StateLockedError } from '../../src/apply/state.js';
import { lockPathFor, processIsAlive } from '../../src/util/file-lock.js';
import { UsageError } from '../../src/client/errors.js';

let dir: string;
let statePath: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-lock-'));
  statePath = join(dir, 'event.boxoffice-state.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A pid no process has: the highest possible pid on Linux is below 2^22. */
const DEAD_PID = 2 ** 22 + 12345;

/**
 * A clock whose sleeps return at once (after the event loop's other work) and move time on;
 * `onSleep` runs (and is waited for) before each, with the time slept so far.
 */
function fakeClock(start = Date.now(), onSleep: (sleptMs: number) => void | Promise<void> = () => {}): LockClock & { sleptMs(): number } {
  let now = start;
  let slept = 0;
  return {
    now: () => now,
    sleep: async (ms, signal) => {
      await onSleep(slept);
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      now += ms;
      slept += ms;
    },
    sleptMs: () => slept,
  };
}

describe('the state lock', () => {
  it('is exclusive: a second taker waits, then fails naming the holder; free again once released', async () => {
    const first = await acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() });
    const holder = JSON.parse(await readFile(lockPathFor(statePath), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    let waitedFor: unknown;
    const clock = fakeClock();
    const second = acquireStateLock(statePath, { timeoutMs: 300, onWait: (h) => (waitedFor = h), clock });
    await expect(second).rejects.toThrow(StateLockedError);
    await expect(second).rejects.toThrow(`(pid ${process.pid} on ${hostname()}, started ${holder.startedAt}); waited 300ms (--lock-timeout)`);
    expect(clock.sleptMs()).toBe(300);
    expect(waitedFor).toEqual(holder);
    await first.release();
    const third = await acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() });
    await third.release();
    await expect(readFile(lockPathFor(statePath))).rejects.toThrow(/ENOENT/);
  });

  it('a waiting taker gets the lock as soon as it is released', async () => {
    const first = await acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() });
    const clock = fakeClock(Date.now(), async (sleptMs) => {
      if (sleptMs === 200) await first.release();
    });
    const lock = await acquireStateLock(statePath, { timeoutMs: 10_000, clock });
    // Released after 200 ms of polling; taken at the next poll.
    expect(clock.sleptMs()).toBe(300);
    await lock.release();
  });

  it('takes over the lock of a process that is gone; two takers at once end with one holder', async () => {
    expect(processIsAlive(DEAD_PID)).toBe(false);
    await writeFile(lockPathFor(statePath), JSON.stringify({ pid: DEAD_PID, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    const results = await Promise.allSettled([
      acquireStateLock(statePath, { timeoutMs: 300, clock: fakeClock() }),
      acquireStateLock(statePath, { timeoutMs: 300, clock: fakeClock() }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const won = results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireStateLock>>>;
    await won.value.release();
  });

  it('does not take over a lock of another host, nor one it cannot read', async () => {
    await writeFile(lockPathFor(statePath), JSON.stringify({ pid: DEAD_PID, host: 'elsewhere.example', startedAt: '2026-01-01T00:00:00.000Z' }));
    await expect(acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() })).rejects.toThrow(`pid ${DEAD_PID} on elsewhere.example`);
    await writeFile(lockPathFor(statePath), '');
    await expect(acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() })).rejects.toThrow(
      'in use by another apply (a run whose lock file cannot be read)',
    );
  });

  it('releases only its own lock', async () => {
    const lock = await acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() });
    const other = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2000-01-01T00:00:00.000Z' });
    await writeFile(lockPathFor(statePath), other);
    await lock.release();
    expect(await readFile(lockPathFor(statePath), 'utf8')).toBe(other);
  });

  it('a state file in a directory that does not exist is a usage error naming --state', async () => {
    const missing = join(dir, 'no-such-dir', 'state.json');
    await expect(acquireStateLock(missing, { timeoutMs: 0, clock: fakeClock() })).rejects.toThrow(UsageError);
  });

  it('stops waiting on Ctrl-C', async () => {
    const first = await acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock() });
    const controller = new AbortController();
    const clock = fakeClock(Date.now(), (sleptMs) => {
      if (sleptMs === 100) controller.abort(new Error('interrupted'));
    });
    const waiting = acquireStateLock(statePath, { timeoutMs: 10_000, signal: controller.signal, clock });
    await expect(waiting).rejects.toThrow("interrupted while waiting for the state file's lock");
    await first.release();
  });

  it('takes over a lock file with no readable holder (a crash between creating and writing it) once the grace has passed', async () => {
    await writeFile(lockPathFor(statePath), '');
    const written = (await stat(lockPathFor(statePath))).mtimeMs;
    const young = acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock(written + 500) });
    await expect(young).rejects.toThrow('a run whose lock file cannot be read');
    expect(await readFile(lockPathFor(statePath), 'utf8')).toBe('');
    const lock = await acquireStateLock(statePath, { timeoutMs: 0, clock: fakeClock(written + 2_500) });
    expect(JSON.parse(await readFile(lockPathFor(statePath), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('a waiting taker gets an empty lock once the grace passes on its clock', async () => {
    await writeFile(lockPathFor(statePath), '');
    const written = (await stat(lockPathFor(statePath))).mtimeMs;
    const clock = fakeClock(written);
    const lock = await acquireStateLock(statePath, { timeoutMs: 60_000, clock });
    expect(clock.now()).toBeGreaterThanOrEqual(written + 2_000);
    await lock.release();
  });
});
