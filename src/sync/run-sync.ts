// One sync run of one event: a full reconciliation when due, else an incremental read of the end
// of the list that new orders join. Each batch is committed with its changes and the state that
// says where the next run continues, so a run cut short leaves the destination consistent.
import { BoxofficeError } from '../client/errors.js';
import { attendeeBatches, type AttendeeBatch, type FetchAttendeeBatch } from '../client/paginate.js';
import type { AttendeeRecord } from '../client/schemas/index.js';
import { errorEndsAttendeeList } from '../export/export-attendees.js';
import { flattenRecord } from '../export/flatten.js';
import { HOURLY_READ_QUOTA } from '../client/live-quotas.js';
import { applyRecords, removeUnseen, type AppliedBatch } from './apply.js';
import type { SyncDatabase } from './destination.js';
import { BATCH_SIZE, beyondTheHour, comparedWithPlan, planFull, planIncremental, recordReads } from './plan.js';
import { initialState, readSyncState, writeState, type ChangeType, type ListOrder, type SyncState } from './store.js';

export interface SyncRequest {
  eventId: string;
  forceFull: boolean;
  /** A full reconciliation when the last one finished this long ago (Infinity: never on schedule). */
  fullEveryMs: number;
  /** Attendee-list reads this run may spend at most (Infinity: no limit). */
  maxReads: number;
}

export interface SyncEnvironment {
  db: SyncDatabase;
  fetchBatch: FetchAttendeeBatch<AttendeeRecord>;
  notice(line: string): void;
  /** Runs after each committed step: delivers what the outbox holds. */
  afterStep?(): Promise<void>;
  /** Told, before the first read, how a plan that exceeds what is left of the hour's quota spans the hours; may refuse to start. */
  beyondTheHour?(text: string): Promise<void>;
  signal: AbortSignal;
  now(): number;
}

export interface SyncSummary {
  eventId: string;
  kind: 'full' | 'incremental';
  reads: number;
  /** False when --max-reads stopped the run: the next run continues. */
  complete: boolean;
  changes: Record<ChangeType, number>;
  listOrder: ListOrder;
  ordersInList: number;
  /** The reads spent against the plan stated before reading: "as planned", or how and why they differ. */
  plan: string;
}

/** "1 added, 1 cancelled", or "no changes": what a run changed, in few words. */
export function changesText(summary: SyncSummary): string {
  const changed = Object.entries(summary.changes).filter(([, count]) => count > 0);
  return changed.length === 0 ? 'no changes' : changed.map(([type, count]) => `${count} ${type.slice('attendee.'.length)}`).join(', ');
}

/** Thrown by the read counter when the run's --max-reads are spent; ends the run, not an error. */
class ReadBudgetSpent extends BoxofficeError {}

interface RunContext {
  request: SyncRequest;
  env: SyncEnvironment;
  state: SyncState;
  summary: SyncSummary;
  fetch: FetchAttendeeBatch<AttendeeRecord>;
  /** Orders first stored by this run (an incremental read stops at the first order known before). */
  addedThisRun: Set<string>;
  /** The list had shifted under an incremental read: the run reconciled in full. */
  shifted: boolean;
}

function isoNow(env: SyncEnvironment): string {
  return new Date(env.now()).toISOString();
}

function purchaseDateOf(record: AttendeeRecord): string | null {
  return flattenRecord(record)[0]?.fixed[1] ?? null;
}

function batchesFrom(run: RunContext, startRecord: number): AsyncGenerator<AttendeeBatch<AttendeeRecord>> {
  return attendeeBatches(run.fetch, {
    eventId: run.request.eventId,
    batchSize: BATCH_SIZE,
    startRecord,
    prefetch: 0, // one request at a time: every read is counted against --max-reads
    isEndOfList: (error, range) => {
      if (!errorEndsAttendeeList(error)) return false;
      run.env.notice(`records ${range.fromRecord}–${range.toRecord} were answered with ${(error as Error).message}; read as the end of the list`);
      return true;
    },
    signal: run.env.signal,
  });
}

async function commitBatch<T>(run: RunContext, records: readonly AttendeeRecord[], update: (applied: AppliedBatch) => T): Promise<T> {
  const { env, state } = run;
  const { applied, updated } = await env.db.transaction(async () => {
    const now = isoNow(env);
    const result = await applyRecords(env.db, state.eventId, records, state.passNo, now);
    const updated = update(result);
    await writeState(env.db, state, now);
    return { applied: result, updated };
  });
  for (const change of applied.changes) run.summary.changes[change.type] += 1;
  await env.afterStep?.();
  return updated;
}

/** Which end grew, seen in one batch: new orders before known ones, or after them. */
function observedOrder(flags: readonly boolean[]): ListOrder | undefined {
  if (flags.length < 2) return undefined;
  if (!flags[0] && flags.some(Boolean)) return 'newest-first';
  if (flags[0] && flags.some((known) => !known)) return 'oldest-first';
  return undefined;
}

/** Counts the batch's orders new to the list and notes which end grew; `known`: which orders were known before this run. */
function noteOrders(run: RunContext, applied: AppliedBatch): { known: boolean[]; seen: ListOrder | undefined } {
  const known = applied.orders.map((order) => order.known && !run.addedThisRun.has(order.orderNo));
  const seen = observedOrder(known);
  if (seen !== undefined) run.state.listOrder = seen;
  for (const order of applied.orders) {
    if (order.known || run.addedThisRun.has(order.orderNo)) continue;
    run.addedThisRun.add(order.orderNo);
    run.state.ordersInList += 1;
  }
  return { known, seen };
}

async function fullPass(run: RunContext): Promise<void> {
  const { env, state } = run;
  if (state.passNextRecord === null) {
    Object.assign(state, { passNo: state.passNo + 1, passNextRecord: 0, passOrders: 0, passFirstDate: null, passLastDate: null, passStartedAt: isoNow(env) });
    await env.db.transaction(() => writeState(env.db, state, isoNow(env)));
  }
  let firstRange: { lastOrderNo: string; full: boolean } | undefined;
  for await (const batch of batchesFrom(run, state.passNextRecord ?? 0)) {
    // Counted from 1, the range from 0 is read as from 1 and the next one starts with its last
    // order; counted from 0, it starts after it. Later ranges follow on either way.
    if (firstRange?.full) state.listCounting = String(batch.records[0].orderNo) === firstRange.lastOrderNo ? 'from-1' : 'from-0';
    firstRange =
      batch.fromRecord === 0 ? { lastOrderNo: String(batch.records[batch.records.length - 1].orderNo), full: batch.records.length >= BATCH_SIZE } : undefined;
    await commitBatch(run, batch.records, (applied) => {
      state.passOrders += applied.orders.filter((order) => order.newToPass).length;
      state.passFirstDate ??= purchaseDateOf(batch.records[0]);
      state.passLastDate = purchaseDateOf(batch.records[batch.records.length - 1]) ?? state.passLastDate;
      state.passNextRecord = batch.toRecord;
    });
  }
  const removed = await env.db.transaction(async () => {
    const now = isoNow(env);
    const changes = await removeUnseen(env.db, state.eventId, state.passNo, now);
    if (state.listOrder === 'unknown' && state.passFirstDate !== null && state.passLastDate !== null && state.passFirstDate !== state.passLastDate) {
      state.listOrder = state.passFirstDate < state.passLastDate ? 'oldest-first' : 'newest-first';
    }
    state.ordersInList = state.passOrders;
    state.lastFullAt = state.passStartedAt ?? now;
    state.passNextRecord = null;
    await writeState(env.db, state, now);
    return changes;
  });
  run.summary.changes['attendee.removed'] += removed.length;
  await env.afterStep?.();
}

/** Reads from the head until a batch reaches orders known before this run. */
async function headRead(run: RunContext, firstBatchOnly: boolean): Promise<ListOrder | undefined> {
  for await (const batch of batchesFrom(run, 0)) {
    const { known, seen } = await commitBatch(run, batch.records, (applied) => noteOrders(run, applied));
    const reachedKnown = known.some(Boolean);
    if (firstBatchOnly) return seen ?? (reachedKnown ? undefined : 'newest-first');
    if (reachedKnown) return 'newest-first';
  }
  return undefined;
}

/** Reads from the last order known to the end; false when the list has shifted under it. */
async function tailRead(run: RunContext): Promise<boolean> {
  const known = run.state.ordersInList;
  let first = true;
  for await (const batch of batchesFrom(run, Math.max(0, known - 1))) {
    const noted = await commitBatch(run, batch.records, (applied) => noteOrders(run, applied));
    if (first && known > 0 && noted.known[0] === false) return false;
    first = false;
  }
  return true;
}

async function incremental(run: RunContext): Promise<void> {
  const order = run.state.listOrder;
  // An unknown order: the first batch from the head may show that the head grows.
  if (order === 'newest-first' || (order === 'unknown' && (await headRead(run, true)) === 'newest-first')) {
    await headRead(run, false);
    return;
  }
  if (await tailRead(run)) return;
  run.env.notice(`the attendee list has shifted (an order before the last known one is new to the destination): reconciling in full`);
  run.summary.kind = 'full';
  run.shifted = true;
  await fullPass(run);
}

function fullDue(request: SyncRequest, state: SyncState, now: number): boolean {
  if (request.forceFull || state.passNextRecord !== null || state.lastFullAt === null) return true;
  return now - Date.parse(state.lastFullAt) >= request.fullEveryMs;
}

/** Whether a run that continues a full pass will do a whole one after it (see runSync). */
function thenWholePass(request: SyncRequest, state: SyncState, now: number): boolean {
  if (state.passNextRecord === null) return false;
  return request.forceFull || now - Date.parse(state.passStartedAt ?? new Date(now).toISOString()) >= request.fullEveryMs;
}

export async function runSync(request: SyncRequest, env: SyncEnvironment): Promise<SyncSummary> {
  const state = (await readSyncState(env.db, request.eventId)) ?? initialState(request.eventId);
  const before = { ...state };
  const kind = fullDue(request, state, env.now()) ? 'full' : 'incremental';
  const thenWhole = kind === 'full' && thenWholePass(request, state, env.now());
  const plan = kind === 'full' ? planFull(state, thenWhole) : planIncremental(state);
  const summary: SyncSummary = {
    eventId: request.eventId,
    kind,
    reads: 0,
    complete: true,
    changes: { 'attendee.added': 0, 'attendee.updated': 0, 'attendee.cancelled': 0, 'attendee.removed': 0 },
    listOrder: state.listOrder,
    ordersInList: state.ordersInList,
    plan: '',
  };
  const fetch: FetchAttendeeBatch<AttendeeRecord> = (range, signal, answered) => {
    if (summary.reads >= request.maxReads) return Promise.reject(new ReadBudgetSpent(`--max-reads ${request.maxReads} spent`));
    summary.reads += 1;
    return env.fetchBatch(range, signal, answered);
  };
  const run: RunContext = { request, env, state, summary, fetch, addedThisRun: new Set(), shifted: false };
  const budget = Number.isFinite(request.maxReads) ? `; --max-reads ${request.maxReads}` : '';
  env.notice(`sync ${request.eventId} → ${env.db.label}: ${plan.text}, ` + `of the service's ${HOURLY_READ_QUOTA} reads an hour${budget}`);
  const beyond = plan.reads === undefined ? undefined : await beyondTheHour(env.db, Math.min(plan.reads, request.maxReads), env.now());
  if (beyond !== undefined) await env.beyondTheHour?.(beyond);
  await env.afterStep?.(); // changes committed by an earlier run that stopped before delivering them
  try {
    if (kind === 'full') {
      await fullPass(run);
      // A continued pass did not see changes to the records it had read before it was cut
      // short: when a full reconciliation is still due, this run does a whole one as well.
      if (thenWhole) await fullPass(run);
      // Like an export, a pass holds the list as it paged it: orders that joined the head of a
      // newest-first list meanwhile are read by the next (incremental) run.
    } else {
      await incremental(run);
    }
  } catch (error) {
    if (!(error instanceof ReadBudgetSpent)) throw error;
    summary.complete = false;
    env.notice(
      `stopped after ${summary.reads} read${summary.reads === 1 ? '' : 's'} (--max-reads ${request.maxReads}); ` +
        (state.passNextRecord !== null ? `the next run continues the full reconciliation at record ${state.passNextRecord}` : 'the next run reads on'),
    );
  } finally {
    // A ledger that cannot be written must not hide how the run itself ended.
    await recordReads(env.db, env.now(), summary.reads).catch(() => undefined);
  }
  summary.listOrder = state.listOrder;
  summary.ordersInList = state.ordersInList;
  summary.plan = comparedWithPlan({ plan, reads: summary.reads, before, after: state, shifted: run.shifted, cutShort: !summary.complete, thenWhole });
  return summary;
}
