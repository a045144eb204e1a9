// A lock file beside another file (`FILE.lock`), created with O_EXCL and holding its owner: pid,
// host and start time. A lock whose process is gone (kill -9, power cut) is taken over: moved
// aside under a unique name, checked to still be that dead holder's, removed. So is a lock whose
// holder cannot be read once it is older than a short grace: a crash between creating the file
// and writing it leaves it empty, and nobody would ever remove it. Used by apply (one run per
// state file), the attendee export (one run per output file), bookings request (one run per
// order number), order place (one run per purchase), attendees sync (one run per destination)
// and insights' live read (one read per work file).
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { writeNewFile } from './atomic-file.js';
import { createPrivateDirectory } from './private-file.js';

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO 8601, when the holder took the lock. */
  startedAt: string;
}

export interface FileLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * How old a lock file with no readable holder must be to be taken over. Its creator writes the
 * holder straight after creating it, so within this it is still being written.
 */
const UNREADABLE_LOCK_GRACE_MS = 2_000;

export function lockPathFor(statePath: string): string {
  return `${statePath}.lock`;
}

export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'a run whose lock file cannot be read';
  return `pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}`;
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string' || typeof parsed.startedAt !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, startedAt: parsed.startedAt };
  } catch {
    return undefined;
  }
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

function isDead(holder: LockHolder): boolean {
  return holder.host === hostname() && !processIsAlive(holder.pid);
}

/** Whether the lock file at `path`, whose holder cannot be read, was last written before the grace. */
async function unreadableTooLong(path: string, now: number): Promise<boolean> {
  try {
    return now - (await stat(path)).mtimeMs >= UNREADABLE_LOCK_GRACE_MS;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

function sameHolder(a: LockHolder | undefined, b: LockHolder | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.pid === b.pid && a.startedAt === b.startedAt;
}

/**
 * The lock file appears with its holder already written: written under a name of its own, then
 * linked (which fails if the lock exists), so that a run refused by it always reads who holds it.
 */
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
 * Removes a dead holder's lock (`stale`: that holder, or undefined for one that could not be
 * read). It is first moved aside, so that two runs taking over at once cannot remove a lock the
 * other has just created: the one that moved a live run's lock puts it back.
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

/**
 * One try at the lock file `path` (a dead holder's, or an unreadable one past the grace, is taken
 * over): the lock, or who holds it. `now` is the clock the grace is judged by. Errors creating the
 * file (a missing or read-only directory) are thrown as they are.
 */
export async function tryLock(
  path: string,
  own: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() },
  now: () => number = Date.now,
): Promise<LockAttempt> {
  for (;;) {
    if (await tryCreate(path, own)) return { acquired: true, lock: ownedLock(path, own) };
    const holder = await readHolder(path);
    const stale = holder === undefined ? await unreadableTooLong(path, now()) : isDead(holder);
    if (!stale) return { acquired: false, holder };
    await takeOver(path, holder);
  }
}

function ownedLock(path: string, own: LockHolder): FileLock {
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

/** For a run that does not wait: the lock file `path` (its directory made owner-only), or `refuse(holder)` thrown while a live run holds it. */
export async function lockOrRefuse(path: string, refuse: (holder: string) => Error): Promise<FileLock> {
  createPrivateDirectory(dirname(path));
  const attempt = await tryLock(path);
  if (attempt.acquired) return attempt.lock;
  throw refuse(describeHolder(attempt.holder));
}
