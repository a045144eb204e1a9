// The state file: which remote record each key of a setup file became, and what was last sent
// for it. The service never returns a discount's fields or a ticket's serviceFee, so the last
// applied values are the only record of them; they also tell drift (changed remotely since
// the last apply) from a change in the file. Written atomically after every step.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import * as z from 'zod';
import { UsageError } from '../client/errors.js';
import { formatPath } from './file.js';

export const STATE_VERSION = 1;

/** The fields last sent for a record, by their API names (ids excluded). */
export type AppliedFields = Record<string, unknown>;

export interface RecordState {
  id: string;
  applied: AppliedFields;
}

export interface DiscountState {
  /** Absent while the outcome of its create is unknown (`uncertain`). */
  id?: string;
  /** The key of the ticket the discount was created for. */
  ticket: string;
  applied: AppliedFields;
  /** The create was sent and its answer lost: it may exist, and discounts cannot be read back. */
  uncertain?: boolean;
}

export interface ApplyState {
  version: typeof STATE_VERSION;
  /** The Event & Registration API address the ids belong to. */
  apiUrl?: string;
  event?: RecordState;
  tickets: Record<string, RecordState>;
  discounts: Record<string, DiscountState>;
}

const appliedSchema = z.record(z.string(), z.unknown());
const recordSchema = z.object({ id: z.string().min(1), applied: appliedSchema });
const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  apiUrl: z.string().optional(),
  event: recordSchema.optional(),
  tickets: z.record(z.string(), recordSchema).default({}),
  discounts: z
    .record(
      z.string(),
      z.object({ id: z.string().min(1).optional(), ticket: z.string(), applied: appliedSchema, uncertain: z.boolean().optional() }),
    )
    .default({}),
});

export function emptyState(apiUrl?: string): ApplyState {
  return { version: STATE_VERSION, apiUrl, tickets: {}, discounts: {} };
}

/** `conf/event.yaml` → `conf/event.boxoffice-state.json`. */
export function defaultStatePath(setupPath: string): string {
  const name = basename(setupPath, extname(setupPath));
  return join(dirname(setupPath), `${name}.boxoffice-state.json`);
}

/** Reads a state file; a missing file is an empty state (nothing applied yet). */
export async function readState(path: string): Promise<ApplyState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`${path}: cannot read the state file: ${(error as Error).message}`, '--state');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${path}: the state file is not valid JSON`, '--state');
  }
  const result = stateSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UsageError(`${path}: not a boxoffice state file: ${formatPath(issue.path)}: ${issue.message}`, '--state');
  }
  return result.data as ApplyState;
}

/** Writes beside the target, flushes, then renames: a reader sees the old state or the new, never half. */
export async function writeStateAtomically(path: string, state: ApplyState): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    // A fixed key order keeps the file readable and its diffs small.
    const ordered = { version: state.version, apiUrl: state.apiUrl, event: state.event, tickets: state.tickets, discounts: state.discounts };
    await handle.writeFile(`${JSON.stringify(ordered, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The state of one run: changed in memory step by step, saved after each. */
export class StateStore {
  constructor(
    readonly path: string,
    readonly state: ApplyState,
  ) {}

  async save(): Promise<void> {
    await writeStateAtomically(this.path, this.state);
  }
}
