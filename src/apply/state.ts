// The state file: which remote record each key of a setup file became, and what was last sent for
// it (the service never returns a discount's fields or a ticket's serviceFee; they also tell drift
// from a change in the file). Written atomically after every step and before every create: a record
// marked `uncertain` (no id yet) may have been created, so the next run looks it up first. One apply
// per state file at a time (its lock, `STATE.lock`, is waited for up to --lock-timeout).
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import * as z from 'zod';
import { BoxofficeError, CancelledError, UsageError, nameErrorClasses } from '../client/errors.js';
import { formatPath } from './file.js';
import { writeFileAtomically } from '../util/atomic-file.js';
import { formatDuration } from '../util/duration.js';
import { describeHolder, lockPathFor, tryLock, type FileLock, type LockAttempt, type LockHolder } from '../util/file-lock.js';

const STATE_VERSION = 1;

/** By API name, ids excluded. */
export type AppliedFields = Record<string, unknown>;

/** A record names its id unless its create's outcome is still unknown. */
function idUnlessUncertain(record: { id?: string; uncertain?: boolean; idUnknown?: boolean }, context: z.RefinementCtx): void {
  if (record.id === undefined && !record.uncertain && !record.idUnknown) {
    context.addIssue({ code: 'custom', path: ['id'], message: "expected the record's id" });
  }
}

const recordShape = {
  id: z.string().min(1).optional(),
  applied: z.record(z.string(), z.unknown()),
  uncertain: z.boolean().optional(),
};
const recordSchema = z.object(recordShape).superRefine(idUnlessUncertain);
const discountSchema = z
  .object({
    ...recordShape,
    /** The key of the ticket it was created for. */
    ticket: z.string(),
    /** The discount exists (its code was found taken) but the service never told its id: it cannot be updated. */
    idUnknown: z.boolean().optional(),
  })
  .superRefine(idUnlessUncertain);
const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  /** The Event & Registration API address the ids belong to. */
  apiUrl: z.string().optional(),
  event: recordSchema.optional(),
  tickets: z.record(z.string(), recordSchema).default({}),
  discounts: z.record(z.string(), discountSchema).default({}),
});

export type ApplyState = z.output<typeof stateSchema>;

export function emptyState(apiUrl?: string): ApplyState {
  return { version: STATE_VERSION, apiUrl, tickets: {}, discounts: {} };
}

/** `conf/event.yaml` → `conf/event.boxoffice-state.json`. */
export function defaultStatePath(setupPath: string): string {
  const name = basename(setupPath, extname(setupPath));
  return join(dirname(setupPath), `${name}.boxoffice-state.json`);
}

/** Undefined for a missing file (nothing applied yet). */
export async function readState(path: string): Promise<ApplyState | undefined> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new UsageError(`${path}: cannot read the state file: ${error.message}`, path);
  });
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${path}: the state file is not valid JSON`, path);
  }
  const result = stateSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UsageError(`${path}: not a boxoffice state file: ${formatPath(issue.path)}: ${issue.message}`, path);
  }
  return result.data;
}

/** The state of one run: changed in memory step by step, saved after each. */
export class StateStore {
  constructor(
    readonly path: string,
    readonly state: ApplyState,
    /** The tests' crash hook (run.ts). */
    private readonly beforeSave?: () => void,
  ) {}

  async save(): Promise<void> {
    this.beforeSave?.();
    // A fixed key order keeps the file readable and its diffs small.
    const { version, apiUrl, event, tickets, discounts } = this.state;
    await writeFileAtomically(this.path, `${JSON.stringify({ version, apiUrl, event, tickets, discounts }, null, 2)}\n`);
  }
}

export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;

/** Another run holds the state file's lock after --lock-timeout. */
export class StateLockedError extends BoxofficeError {}
nameErrorClasses({ StateLockedError });

/** Milliseconds since the epoch, and a wait that the signal ends early (rejecting). */
export interface LockClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export async function acquireStateLock(
  statePath: string,
  options: { timeoutMs: number; signal?: AbortSignal; onWait?: (holder: LockHolder | undefined) => void; clock: LockClock },
): Promise<FileLock> {
  const path = lockPathFor(statePath);
  const { clock, signal } = options;
  const now = (): number => clock.now();
  const own: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date(now()).toISOString() };
  const deadline = now() + options.timeoutMs;
  const interrupted = () => new CancelledError("interrupted while waiting for the state file's lock");
  for (let told = false; ; told = true) {
    if (signal?.aborted) throw interrupted();
    const attempt: LockAttempt = await tryLock(path, own, now).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new UsageError(`${dirname(path)}: no such directory for the state file and its lock`, '--state');
      throw error;
    });
    if (attempt.acquired) return attempt.lock;
    if (now() >= deadline) {
      throw new StateLockedError(
        `${statePath} is in use by another apply (${describeHolder(attempt.holder)}); waited ${formatDuration(options.timeoutMs)} (--lock-timeout). ` +
          `Let that run finish, or wait longer with --lock-timeout 5m; if that process is gone, delete ${path}`,
      );
    }
    if (!told) options.onWait?.(attempt.holder);
    await clock.sleep(Math.min(100, Math.max(1, deadline - now())), signal).catch((error: unknown) => {
      throw signal?.aborted ? interrupted() : error;
    });
  }
}
