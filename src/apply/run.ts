// One apply run: read the file (usage errors before anything is sent), read the state, connect,
// read the service, plan, warn, print the plan, then carry it out unless it is a dry run.
import type { Writable } from 'node:stream';
import { basename } from 'node:path';
import {
  BoxofficeError,
  CancelledError,
  ConnectionError,
  ServerBusyError,
  RateLimitError,
  UnchangeableError,
  UsageError,
  nameErrorClasses,
} from '../client/errors.js';
import { executePlan, type AppliedIds, type StepDone } from './execute.js';
import { loadSetupFile, type SetupFile } from './file.js';
import { describeHolder, type FileLock } from '../util/file-lock.js';
import { checkAgainstState, computePlan, countSteps, duplicateLines, readRemote, type ApplyClient, type Plan } from './plan.js';
import { LIVE_QUOTAS, type LiveQuotas } from '../client/live-quotas.js';
import type { Resource } from '../client/fields/table.js';
import { formatDone, planDocument, renderPlan, type PlanDocument } from './render.js';
import { acquireStateLock, DEFAULT_LOCK_TIMEOUT_MS, defaultStatePath, emptyState, readState, StateStore, type LockClock } from './state.js';

export interface ApplyRunOptions {
  file: string;
  statePath?: string;
  dryRun: boolean;
  json: boolean;
  recreateUncertain: boolean;
  lockTimeoutMs?: number;
  signal?: AbortSignal;
  clock: LockClock;
  env: Readonly<Record<string, string | undefined>>;
  /** Where the plan and the outcome are printed (as text, or with `json` as the document); nowhere when absent. */
  stdout?: Writable;
  stderr: Writable;
  /** `apiUrl`: the Event & Registration API's, recorded in the state so ids are not used elsewhere. */
  connect: () => Promise<{ client: ApplyClient; apiUrl: string }>;
  /** Called with the plan, once printed, before anything changes (when something would); throws to stop. */
  confirm?: (plan: Plan) => Promise<void>;
}

/** Records on the service match one key more than once; nothing was changed. */
export class DuplicateRecordsError extends BoxofficeError {}
/** The state file holds the ids of another service than the one the run is on; nothing was changed. */
export class StateOfAnotherServiceError extends UsageError {}
nameErrorClasses({ DuplicateRecordsError, StateOfAnotherServiceError });

/** The plan, and `document`: the plan for scripts (what `json` prints); after an apply, with the ids. */
export async function runApply(options: ApplyRunOptions) {
  const setup = await loadSetupFile(options.file, options.env);
  const statePath = options.statePath ?? defaultStatePath(options.file);
  // A dry run only reads; a real one holds the state file from before reading it to the end.
  let lock: FileLock | undefined;
  if (!options.dryRun) {
    lock = await acquireStateLock(statePath, {
      timeoutMs: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
      signal: options.signal,
      clock: options.clock,
      onWait: (holder) => options.stderr.write(`waiting for another apply of ${statePath} (${describeHolder(holder)})\n`),
    });
  }
  try {
    return await runLocked(options, setup, statePath);
  } finally {
    await lock?.release();
  }
}

async function runLocked(options: ApplyRunOptions, setup: SetupFile, statePath: string) {
  const { stdout, stderr } = options;
  const stored = await readState(statePath);
  if (stored) checkAgainstState(setup, stored);
  const crash = crashHookFrom(options.env);
  const { client: connected, apiUrl } = await options.connect();
  const client = crash ? crash.wrap(connected) : connected;
  if (stored?.apiUrl && stored.apiUrl.replace(/\/+$/, '') !== apiUrl.replace(/\/+$/, '')) {
    throw new StateOfAnotherServiceError(`${statePath} holds ids from ${stored.apiUrl}, not ${apiUrl}`, statePath);
  }
  const state = stored ?? emptyState(apiUrl);
  state.apiUrl = apiUrl;

  const remote = await readRemote(client, setup, state);
  const plan = computePlan(setup, state, remote);
  const warnings = quotaWarnings(plan, LIVE_QUOTAS);
  for (const warning of warnings) stderr.write(`warning: ${warning}\n`);
  for (const note of plan.notes) stderr.write(`note: ${note}\n`);

  const fileName = basename(options.file);
  const documentOptions = { file: options.file, state: statePath, dryRun: options.dryRun, warnings };
  const printDocument = (document: PlanDocument) => {
    if (options.json) stdout?.write(`${JSON.stringify(document, null, 2)}\n`);
  };
  if (!options.json) stdout?.write(renderPlan(plan, fileName));
  const duplicates = duplicateLines(plan);
  if (duplicates.length > 0) {
    printDocument(planDocument(plan, documentOptions));
    for (const line of duplicates) stderr.write(`duplicate: ${line}\n`);
    throw new DuplicateRecordsError(
      `${duplicates.length} key${duplicates.length === 1 ? '' : 's'} of ${fileName} match more than one record on the service; ` +
        'apply changes nothing while they stand',
    );
  }
  if (options.dryRun) {
    const document = planDocument(plan, documentOptions);
    printDocument(document);
    throwIfBlocked(plan, fileName);
    return { plan, document };
  }

  const planned = countSteps(plan);
  if (planned.create + planned.update > 0) await options.confirm?.(plan);

  const store = new StateStore(statePath, state, crash?.checkpoint);
  const total = plan.steps.length;
  let finished = 0;
  const onStepDone = (done: StepDone) => {
    finished += 1;
    if (done.step.action === 'create' || done.step.action === 'update' || done.step.adopted) stderr.write(`${formatDone(done)}\n`);
  };
  let ids: AppliedIds;
  try {
    ids = await executePlan({ client, setup, plan, remote, store, recreateUncertain: options.recreateUncertain, onStepDone });
  } catch (error) {
    // A stop that a later run can get past by itself: the network, the service busy, a quota, Ctrl-C.
    const canFinish = [ConnectionError, ServerBusyError, RateLimitError, CancelledError].some((kind) => error instanceof kind);
    const rerun = canFinish ? ' Run the same command again to finish.' : '';
    stderr.write(`apply stopped after ${finished} of ${total} steps; ${statePath} records what exists.${rerun}\n`);
    throw error;
  }
  crash?.checkpoint();
  const document = planDocument(plan, { ...documentOptions, ids });
  printDocument(document);
  if (!options.json) {
    stdout?.write(`Apply complete: ${planned.create} created, ${planned.update} updated, ${planned.unchanged} unchanged. Event id ${ids.event.id}.\n`);
  }
  throwIfBlocked(plan, fileName);
  return { plan, ids, document };
}

/** The file changes records no run can change (marked ! in the plan; the notes say what to do). */
function throwIfBlocked(plan: Plan, fileName: string): void {
  const blocked = plan.steps.filter((planned) => planned.action === 'blocked');
  if (blocked.length === 0) return;
  throw new UnchangeableError(
    `${fileName} changes ${blocked.map((planned) => `${planned.resource} ${planned.key} (${planned.changes.map((change) => change.field).join(', ')})`).join(', ')}, ` +
      'which the API offers no way to change (marked ! in the plan; everything else is applied). ' +
      'Running again will not help: change it on the service and give the discount a new key in the file, or give it a new key and a new code',
  );
}

/**
 * One line per live daily creation quota the plan would pass on its own: past it the service answers E023 and the run stops part-way (the
 * next day's run finishes). Said before starting, since no retry can help within the day.
 */
export function quotaWarnings(plan: Plan, quotas: LiveQuotas): string[] {
  const counts: Record<Resource, number> = { event: 0, ticket: 0, discount: 0 };
  for (const step of plan.steps) if (step.action === 'create') counts[step.resource] += 1;
  return (Object.keys(quotas.creationsPerDay) as Resource[])
    .filter((kind) => counts[kind] > quotas.creationsPerDay[kind])
    .map(
      (kind) =>
        `this plan creates ${counts[kind]} ${kind}s, and the live service allows about ${quotas.creationsPerDay[kind]} ${kind} creations a day: ` +
        'expect E023 part-way; the state file keeps what was done, and a run the next day finishes the rest',
    );
}

// A fault-injection hook for tests only: BOXOFFICE_TEST_APPLY_CRASH=N:sent|answered makes the
// apply process kill itself (SIGKILL, no clean-up) at request boundary N, counting every request
// apply makes through its client from 1:
//   N:sent      request N was sent and served; the process dies before apply reads its answer.
//   N:answered  apply read answer N; the process dies just before the next state write (or the
//               next request, or the end of the run, whichever comes first).
// test/apply/crash-points-process.test.ts enumerates every boundary of a clean run with it.
/** `checkpoint`: called before every state write and at the end of the run. */
function crashHookFrom(env: Readonly<Record<string, string | undefined>>): { wrap(client: ApplyClient): ApplyClient; checkpoint(): void } | undefined {
  const match = /^(\d+):(sent|answered)$/.exec(env.BOXOFFICE_TEST_APPLY_CRASH ?? '');
  if (!match) return undefined;
  const die = (): never => {
    process.kill(process.pid, 'SIGKILL');
    throw new Error('unreachable: killed');
  };
  let requests = 0;
  let armed = false;
  const checkpoint = (): void => {
    if (armed) die();
  };
  const wrapMethod =
    <Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      checkpoint();
      requests += 1;
      try {
        return await method(...args);
      } finally {
        if (requests === Number(match[1])) {
          if (match[2] === 'sent') die();
          armed = true;
        }
      }
    };
  return {
    checkpoint,
    wrap(client) {
      const events = Object.fromEntries(
        Object.entries(client.events).map(([name, method]) => [name, wrapMethod((method as (...args: unknown[]) => Promise<unknown>).bind(client.events))]),
      ) as unknown as ApplyClient['events'];
      return { events, ...(client.listDiscounts ? { listDiscounts: wrapMethod(client.listDiscounts) } : {}) };
    },
  };
}
