// A lock file beside another file (`FILE.lock`) holding its owner: pid, host and start time. A
// lock whose process is gone (kill -9, power cut) is taken over, and so is one whose holder cannot
// be read once older than a short grace (nobody else would ever remove it).
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { writeNewFile } from './atomic-file.js';
import { abortableSleep } from './sleep.js';
import { createPrivateDirectory } from './private-file.js';

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO 8601. */
  startedAt: string;
}

/** Within this, a lock file with no readable holder may still be being written. */
const UNREADABLE_LOCK_GRACE_MS = 2_000;

export function lockPathFor(statePath: string): string {
  return `${statePath}.lock`;
}

export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'a run whose lock file cannot be read';
  return `pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}`;
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  const parsed = (await readFile(path, 'utf8')
    .then(JSON.parse)
    .catch(() => undefined)) as Partial<LockHolder> | null | undefined;
  const { pid, host, startedAt } = parsed ?? {};
  return typeof pid === 'number' && typeof host === 'string' && typeof startedAt === 'string' ? { pid, host, startedAt } : undefined;
}

/** On this host, whether the process still runs (EPERM: it runs under another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sameHolder(a: LockHolder | undefined, b: LockHolder | undefined): boolean {
  return a?.pid === b?.pid && a?.startedAt === b?.startedAt;
}

/** Written under a name of its own, then linked (which fails if the lock exists): a run refused by it always reads who holds it. */
async function tryCreate(path: string, holder: LockHolder): Promise<boolean> {
  const written = `${path}.${randomBytes(6).toString('hex')}.new`;
  await writeNewFile(written, `${JSON.stringify(holder)}\n`);
  try {
    await link(written, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(written, { force: true });
  }
}

/**
 * Removes the lock of `stale` (undefined: unreadable), first moved aside, so that two runs taking over at once cannot remove
 * a lock the other has just created: the one that moved a live run's lock puts it back.
 */
async function takeOver(path: string, stale: LockHolder | undefined): Promise<void> {
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && !sameHolder(moved, stale)) {
    await rename(aside, path);
    return;
  }
  await rm(aside, { force: true });
}

export type LockAttempt = { acquired: true; lock: FileLock } | { acquired: false; holder: LockHolder | undefined };

/** One try at the lock: the lock, or who holds it. `now`: the clock the grace is judged by. */
export async function tryLock(
  path: string,
  own: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() },
  now: () => number = Date.now,
): Promise<LockAttempt> {
  for (;;) {
    if (await tryCreate(path, own)) return { acquired: true, lock: ownedLock(path, own) };
    const holder = await readHolder(path);
    const stale =
      holder === undefined
        ? await stat(path).then(
            ({ mtimeMs }) => now() - mtimeMs >= UNREADABLE_LOCK_GRACE_MS,
            (error: NodeJS.ErrnoException) => {
              if (error.code === 'ENOENT') return false;
              throw error;
            },
          )
        : holder.host === hostname() && !processIsAlive(holder.pid);
    if (!stale) return { acquired: false, holder };
    await takeOver(path, holder);
  }
}

export type FileLock = ReturnType<typeof ownedLock>;

function ownedLock(path: string, own: LockHolder) {
  let released = false;
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      // Only our own lock: one taken over after a pause would belong to another run.
      const holder = await readHolder(path);
      if (holder !== undefined && sameHolder(holder, own)) await rm(path, { force: true });
    },
  };
}

/** Runs `work` holding the lock file `path`, waiting for it up to `timeoutMs`; past that throws what `busy` makes of the holder. */
export async function withFileLock<T>(path: string, timeoutMs: number, busy: (holder: LockHolder | undefined) => Error, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const attempt = await tryLock(path);
    if (attempt.acquired) {
      try {
        return await work();
      } finally {
        await attempt.lock.release();
      }
    }
    if (Date.now() >= deadline) throw busy(attempt.holder);
    await abortableSleep(20);
  }
}

/** For a run that does not wait: the lock file `path` (its directory made owner-only), or `refuse(holder)` thrown while a live run holds it. */
export async function lockOrRefuse(path: string, refuse: (holder: string) => Error): Promise<FileLock> {
  createPrivateDirectory(dirname(path));
  const attempt = await tryLock(path);
  if (attempt.acquired) return attempt.lock;
  throw refuse(describeHolder(attempt.holder));
}
