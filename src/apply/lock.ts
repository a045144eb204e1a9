// One apply per state file at a time. The lock is a file beside the state (`STATE.lock`, see
// src/util/file-lock.ts). A second run waits for it up to --lock-timeout, then names the holder.
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { BoxofficeError, CancelledError, UsageError, nameErrorClasses } from '../client/errors.js';
import { formatDuration } from '../util/duration.js';
import { describeHolder, lockPathFor, tryLock, type FileLock, type LockAttempt, type LockHolder } from '../util/file-lock.js';

export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;
const POLL_MS = 100;

/** Another run holds the state file's lock after --lock-timeout. */
export class StateLockedError extends BoxofficeError {
  constructor(
    message: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(message);
  }
}
nameErrorClasses({ StateLockedError });

/** Milliseconds since the epoch, and a wait that the signal ends early (rejecting). */
export interface LockClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface AcquireOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told once when the lock is found taken, before waiting. */
  onWait?: (holder: LockHolder | undefined) => void;
  /** The clock the timeout, the polls and an unreadable lock's grace are judged by. */
  clock: LockClock;
}

export async function acquireStateLock(statePath: string, options: AcquireOptions): Promise<FileLock> {
  const path = lockPathFor(statePath);
  const { clock } = options;
  const now = (): number => clock.now();
  const own: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date(now()).toISOString() };
  const deadline = now() + options.timeoutMs;
  let told = false;
  for (;;) {
    if (options.signal?.aborted) throw new CancelledError("interrupted while waiting for the state file's lock");
    let attempt: LockAttempt;
    try {
      attempt = await tryLock(path, own, now);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new UsageError(`${dirname(path)}: no such directory for the state file and its lock`, '--state');
      throw error;
    }
    if (attempt.acquired) return attempt.lock;
    const { holder } = attempt;
    if (now() >= deadline) {
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
      await clock.sleep(Math.min(POLL_MS, Math.max(1, deadline - now())), options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw new CancelledError("interrupted while waiting for the state file's lock");
      throw error;
    }
  }
}
