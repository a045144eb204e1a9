// The reads a sync will spend, stated before it reads from what the destination knows, and the
// summary's comparison of the reads spent with it; the hour's read ledger of the destination.
import { countOf } from '../util/count.js';
import { formatDuration } from '../util/duration.js';
import { HOURLY_READ_QUOTA } from '../client/live-quotas.js';
import type { SyncDatabase } from './destination.js';
import { readMeta, writeMeta } from './schema.js';
import type { ListCounting, SyncState } from './store.js';

/** Records one attendee-list call returns at most (reference §8). */
export const BATCH_SIZE = 50;

/** What an incremental run costs at most when few orders are new (the measure of a watch interval). */
export const READS_PER_INCREMENTAL_RUN = 2;

/**
 * The reads of a full pass from record `from` over a list of `orders`, the read that finds the
 * end (an empty batch) included. Counted from 1, the first range's 0 is read as 1, so the second
 * range repeats the 50th order: one more read where the orders fill the last range exactly.
 */
function fullPassReads(orders: number, from: number, counting: ListCounting): number {
  if (counting !== 'from-1') return Math.ceil(Math.max(orders - from, 0) / BATCH_SIZE) + 1;
  const withRecords = from === 0 ? Math.min(orders, 1) + Math.floor(orders / BATCH_SIZE) : orders >= from ? Math.floor((orders - from) / BATCH_SIZE) + 1 : 0;
  return withRecords + 1;
}

interface ReadPlan {
  /** Undefined when the reads depend on what is not known before reading. */
  reads: number | undefined;
  text: string;
}

export function planFull(state: SyncState, thenWhole: boolean): ReadPlan {
  const from = state.passNextRecord ?? 0;
  const continuing = `continuing the full reconciliation at record ${from}${thenWhole ? ', then a whole one' : ''}`;
  if (state.lastFullAt === null) {
    const what = from > 0 ? continuing : 'a first full reconciliation';
    return { reads: undefined, text: `${what}: 1 read for every ${BATCH_SIZE} orders and 1 to see the end (the list's size is not known before it is read)` };
  }
  const reads = fullPassReads(state.ordersInList, from, state.listCounting) + (thenWhole ? fullPassReads(state.ordersInList, 0, state.listCounting) : 0);
  const what = from > 0 ? continuing : 'a full reconciliation';
  return { reads, text: `${what} of ${countOf(state.ordersInList, 'order')}: ${countOf(reads, 'read')} (what an export costs)` };
}

export function planIncremental(state: SyncState): ReadPlan {
  switch (state.listOrder) {
    case 'newest-first':
      return { reads: 1, text: `new orders from the head of the list (newest first): 1 read, 1 more for every ${BATCH_SIZE} new orders` };
    case 'oldest-first':
      return { reads: 2, text: `new orders from the end of the list (oldest first): 2 reads, 1 more for every ${BATCH_SIZE} new orders` };
    default:
      return { reads: undefined, text: 'new orders, finding which end of the list grows: 2 to 3 reads, more if many orders are new' };
  }
}

interface PlanOutcome {
  plan: ReadPlan;
  reads: number;
  before: SyncState;
  after: SyncState;
  /** The run found the list shifted under it and reconciled in full. */
  shifted: boolean;
  /** --max-reads stopped the run. */
  cutShort: boolean;
  /** A continued full pass was followed by a whole one. */
  thenWhole: boolean;
}

export function comparedWithPlan({ plan, reads, before, after, shifted, cutShort, thenWhole }: PlanOutcome): string {
  if (cutShort) return `${plan.reads === undefined ? 'the plan' : `${countOf(plan.reads, 'read')} planned`}, cut short by --max-reads`;
  if (plan.reads === undefined) {
    if (before.lastFullAt !== null) return `the list's order was not yet known (${countOf(reads, 'read')} to find it)`;
    const orders = countOf(after.ordersInList, 'order');
    const from = before.passNextRecord ?? 0;
    const passes = (counting: ListCounting): number =>
      fullPassReads(after.ordersInList, from, counting) + (thenWhole ? fullPassReads(after.ordersInList, 0, counting) : 0);
    const stated = passes('from-0');
    if (reads === stated) return `as planned for ${orders}`;
    if (after.listCounting === 'from-1' && reads === passes('from-1')) {
      return `1 more than planned for ${orders}: the service counts a range from 1, so one read repeated an order`;
    }
    return `${countOf(stated, 'read')} planned for ${orders}: the list changed while it was read`;
  }
  if (reads === plan.reads) return 'as planned';
  const planned = `${countOf(plan.reads, 'read')} planned`;
  if (shifted) return `${planned}: the list had shifted, so the run reconciled it in full`;
  const grown = after.ordersInList - before.ordersInList;
  if (grown !== 0) return `${planned}: the list has ${countOf(after.ordersInList, 'order')}, ${grown > 0 ? `${grown} new` : `${-grown} fewer`}`;
  return `${planned}: the list changed while it was read`;
}

const HOUR_MS = 3_600_000;
/** The meta row holding [when, reads] of each run into this destination in the last hour. */
const READS_LEDGER = 'reads_last_hour';

async function readsLedger(db: SyncDatabase, now: number): Promise<[number, number][]> {
  const kept = await readMeta(db, READS_LEDGER);
  return ((kept === undefined ? [] : JSON.parse(kept)) as [number, number][]).filter(([at]) => at > now - HOUR_MS);
}

export async function recordReads(db: SyncDatabase, now: number, reads: number): Promise<void> {
  if (reads > 0) await writeMeta(db, READS_LEDGER, JSON.stringify([...(await readsLedger(db, now)), [now, reads]]));
}

/**
 * A plan of `reads` against what is left of the hour's quota, less what runs into `db` spent in
 * the last hour (other tools' reads are not seen): undefined when it fits, else how long it takes.
 */
export async function beyondTheHour(db: SyncDatabase, reads: number, now: number): Promise<string | undefined> {
  const spent = (await readsLedger(db, now)).reduce((sum, [, spentByRun]) => sum + spentByRun, 0);
  const left = Math.max(HOURLY_READ_QUOTA - spent, 0);
  if (reads <= left) return undefined;
  const laterHours = Math.ceil((reads - left) / HOURLY_READ_QUOTA);
  return (
    `${countOf(reads, 'read')} planned, more than the ${left} left of the service's ${HOURLY_READ_QUOTA} reads this hour ` +
    `(${spent} spent by syncs into this destination in the last hour): at ${HOURLY_READ_QUOTA} reads an hour ` +
    `it takes about ${formatDuration(laterHours * HOUR_MS)}, across ${countOf(laterHours + (left > 0 ? 1 : 0), 'quota hour')}`
  );
}
