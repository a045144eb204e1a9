// The state file: which remote record each key of a setup file became, and what was last sent
// for it. The service never returns a discount's fields or a ticket's serviceFee, so the last
// applied values are the only record of them; they also tell drift (changed remotely since
// the last apply) from a change in the file. Written atomically after every step, and before
// every create: a record marked `uncertain` (no id yet) is one whose create was about to be sent
// or was sent without its answer being recorded, so the next run looks it up before creating.
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import * as z from 'zod';
import { UsageError } from '../client/errors.js';
import { formatPath } from './file.js';
import { writeFileAtomically } from '../util/atomic-file.js';

const STATE_VERSION = 1;

/** The fields last sent for a record, by their API names (ids excluded). */
export type AppliedFields = Record<string, unknown>;

/** A record names its id unless its create's outcome is still unknown. */
function idUnlessUncertain(record: { id?: string; uncertain?: boolean; idUnknown?: boolean }, context: z.RefinementCtx): void {
  if (record.id === undefined && !record.uncertain && !record.idUnknown) {
    context.addIssue({ code: 'custom', path: ['id'], message: "expected the record's id" });
  }
}

const recordShape = {
  /** Absent while the outcome of its create is unknown (`uncertain`). */
  id: z.string().min(1).optional(),
  applied: z.record(z.string(), z.unknown()),
  /** The create is about to be sent, or was sent and its answer not recorded: it may exist. */
  uncertain: z.boolean().optional(),
};
const recordSchema = z.object(recordShape).superRefine(idUnlessUncertain);
const discountSchema = z
  .object({
    ...recordShape,
    /** The key of the ticket the discount was created for. */
    ticket: z.string(),
    /**
     * The discount exists (its code was found taken by an earlier create of this run's file) but
     * the service never told its id, so it cannot be updated.
     */
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

/** Reads a state file; a missing file is an empty state (nothing applied yet). */
export async function readState(path: string): Promise<ApplyState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`${path}: cannot read the state file: ${(error as Error).message}`, path);
  }
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
    /** Called before every write (the tests' crash hook, src/apply/crash-points.ts). */
    private readonly beforeSave?: () => void,
  ) {}

  async save(): Promise<void> {
    this.beforeSave?.();
    // A fixed key order keeps the file readable and its diffs small.
    const { version, apiUrl, event, tickets, discounts } = this.state;
    await writeFileAtomically(this.path, `${JSON.stringify({ version, apiUrl, event, tickets, discounts }, null, 2)}\n`);
  }
}
