// The state file's lock: exclusive, waits then names its holder, takes over a dead holder's lock
// (even with two runs taking over at once), and releases only its own.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireStateLock, lockPathFor, processIsAlive, StateLockedError } from '../../src/apply/lock.js';
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

describe('the state lock', () => {
  it('is exclusive: a second taker waits, then fails naming the holder; free again once released', async () => {
    const first = await acquireStateLock(statePath, { timeoutMs: 0 });
    const holder = JSON.parse(await readFile(lockPathFor(statePath), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    let waitedFor: unknown;
    const started = Date.now();
    const second = acquireStateLock(statePath, { timeoutMs: 300, onWait: (h) => (waitedFor = h) });
    await expect(second).rejects.toThrow(StateLockedError);
    await expect(second).rejects.toThrow(`(pid ${process.pid} on ${hostname()}, started ${holder.startedAt}); waited 300ms (--lock-timeout)`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(waitedFor).toEqual(holder);
    await first.release();
    const third = await acquireStateLock(statePath, { timeoutMs: 0 });
    await third.release();
    await expect(readFile(lockPathFor(statePath))).rejects.toThrow(/ENOENT/);
  });

  it('a waiting taker gets the lock as soon as it is released', async () => {
    const first = await acquireStateLock(statePath, { timeoutMs: 0 });
    const second = acquireStateLock(statePath, { timeoutMs: 10_000 });
    setTimeout(() => void first.release(), 200);
    const lock = await second;
    await lock.release();
  });

  it('takes over the lock of a process that is gone; two takers at once end with one holder', async () => {
    expect(processIsAlive(DEAD_PID)).toBe(false);
    await writeFile(lockPathFor(statePath), JSON.stringify({ pid: DEAD_PID, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    const results = await Promise.allSettled([
      acquireStateLock(statePath, { timeoutMs: 300 }),
      acquireStateLock(statePath, { timeoutMs: 300 }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const won = results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireStateLock>>>;
    await won.value.release();
  });

  it('does not take over a lock of another host, nor one it cannot read', async () => {
    await writeFile(lockPathFor(statePath), JSON.stringify({ pid: DEAD_PID, host: 'elsewhere.example', startedAt: '2026-01-01T00:00:00.000Z' }));
    await expect(acquireStateLock(statePath, { timeoutMs: 0 })).rejects.toThrow(`pid ${DEAD_PID} on elsewhere.example`);
    await writeFile(lockPathFor(statePath), '');
    await expect(acquireStateLock(statePath, { timeoutMs: 0 })).rejects.toThrow('in use by another apply (a run whose lock file cannot be read)');
  });

  it('releases only its own lock', async () => {
    const lock = await acquireStateLock(statePath, { timeoutMs: 0 });
    const other = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2000-01-01T00:00:00.000Z' });
    await writeFile(lockPathFor(statePath), other);
    await lock.release();
    expect(await readFile(lockPathFor(statePath), 'utf8')).toBe(other);
  });

  it('a state file in a directory that does not exist is a usage error naming --state', async () => {
    const missing = join(dir, 'no-such-dir', 'state.json');
    await expect(acquireStateLock(missing, { timeoutMs: 0 })).rejects.toThrow(UsageError);
  });

  it('stops waiting on Ctrl-C', async () => {
    const first = await acquireStateLock(statePath, { timeoutMs: 0 });
    const controller = new AbortController();
    const waiting = acquireStateLock(statePath, { timeoutMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('interrupted')), 100);
    await expect(waiting).rejects.toThrow("interrupted while waiting for the state file's lock");
    await first.release();
  });

  it('takes over a lock file with no readable holder (a crash between creating and writing it) once the grace has passed', async () => {
    await writeFile(lockPathFor(statePath), '');
    const written = (await stat(lockPathFor(statePath))).mtimeMs;
    const young = acquireStateLock(statePath, { timeoutMs: 0, now: () => written + 500 });
    await expect(young).rejects.toThrow('a run whose lock file cannot be read');
    expect(await readFile(lockPathFor(statePath), 'utf8')).toBe('');
    const lock = await acquireStateLock(statePath, { timeoutMs: 0, now: () => written + 2_500 });
    expect(JSON.parse(await readFile(lockPathFor(statePath), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('a waiting taker gets an empty lock once the grace passes on its clock', async () => {
    await writeFile(lockPathFor(statePath), '');
    const written = (await stat(lockPathFor(statePath))).mtimeMs;
    let clock = written;
    const taking = acquireStateLock(statePath, { timeoutMs: 60_000, now: () => (clock += 100) });
    const lock = await taking;
    expect(clock).toBeGreaterThanOrEqual(written + 2_000);
    await lock.release();
  });
});
