// One apply per state file at a time (and, through tryLock, one attendee export per output file).
// The lock is a file beside the state (`STATE.lock`) created
// with O_EXCL and holding its owner: pid, host and start time. A second run waits for it up to
// --lock-timeout, then names the holder. A lock whose process is gone (kill -9, power cut) is
// taken over: moved aside under a unique name, checked to still be that dead holder's, removed.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname } from 'node:path';
import { BoxofficeError, CancelledError, UsageError } from '../client/errors.js';
import { formatDuration } from '../util/duration.js';

export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;
const POLL_MS = 100;

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO 8601, when the holder took the lock. */
  startedAt: string;
}

/** Another run holds the state file's lock after --lock-timeout. */
export class StateLockedError extends BoxofficeError {
  override name = 'StateLockedError';
  constructor(
    message: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(message);
  }
}

export interface StateLock {
  readonly path: string;
  release(): Promise<void>;
}

export interface AcquireOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told once when the lock is found taken, before waiting. */
  onWait?: (holder: LockHolder | undefined) => void;
}

export function lockPathFor(statePath: string): string {
  return `${statePath}.lock`;
}

function describeHolder(holder: LockHolder | undefined): string {
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

function isDead(holder: LockHolder | undefined): boolean {
  return holder !== undefined && holder.host === hostname() && !processIsAlive(holder.pid);
}

async function tryCreate(path: string, holder: LockHolder): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(`${JSON.stringify(holder)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Removes a dead holder's lock. It is first moved aside, so that two runs taking over at once
 * cannot remove a lock the other has just created: the one that moved a live run's lock puts it back.
 */
async function takeOver(path: string, dead: LockHolder): Promise<void> {
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && (moved.pid !== dead.pid || moved.startedAt !== dead.startedAt)) {
    await rename(aside, path);
    return;
  }
  await rm(aside, { force: true });
}

export type LockAttempt = { acquired: true; lock: StateLock } | { acquired: false; holder: LockHolder | undefined };

/**
 * One try at the lock file `path` (a dead holder's is taken over): the lock, or who holds it.
 * Errors creating the file (a missing or read-only directory) are thrown as they are.
 */
export async function tryLock(path: string, own: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }): Promise<LockAttempt> {
  for (;;) {
    if (await tryCreate(path, own)) return { acquired: true, lock: ownedLock(path, own) };
    const holder = await readHolder(path);
    if (!isDead(holder)) return { acquired: false, holder };
    await takeOver(path, holder as LockHolder);
  }
}

function ownedLock(path: string, own: LockHolder): StateLock {
  let released = false;
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      // Only our own lock: one taken over after a pause would belong to another run.
      const holder = await readHolder(path);
      if (holder?.pid === own.pid && holder.startedAt === own.startedAt) await rm(path, { force: true });
    },
  };
}

export async function acquireStateLock(statePath: string, options: AcquireOptions): Promise<StateLock> {
  const path = lockPathFor(statePath);
  const own: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const deadline = Date.now() + options.timeoutMs;
  let told = false;
  for (;;) {
    if (options.signal?.aborted) throw new CancelledError('interrupted while waiting for the state file\'s lock');
    let attempt: LockAttempt;
    try {
      attempt = await tryLock(path, own);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`${dirname(path)}: no such directory for the state file and its lock`, '--state');
      throw error;
    }
    if (attempt.acquired) return attempt.lock;
    const { holder } = attempt;
    if (Date.now() >= deadline) {
      throw new StateLockedError(
        `${statePath} is in use by another apply (${describeHolder(holder)}); waited ${formatDuration(options.timeoutMs)} (--lock-timeout). ` +
          `Let that run finish, or wait longer with --lock-timeout 5m; if that process is gone, delete ${path}`,
        holder,
      );
    }
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    try {
      await sleep(Math.min(POLL_MS, Math.max(1, deadline - Date.now())), undefined, { signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw new CancelledError('interrupted while waiting for the state file\'s lock');
      throw error;
    }
  }
}

export { describeHolder };
