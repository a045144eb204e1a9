// One batch of the attendee list applied to the destination, in the caller's transaction: each
// record's rows compared with the stored ones, written, and every difference added to the outbox.
import type { AttendeeRecord } from '../client/schemas/index.js';
import type { SyncDatabase } from './destination.js';
import { isCancelledStatus } from '../client/schemas/values.js';
import { typedColumns } from './columns.js';
import { rowsOfRecord, sameState, type AttendeeState } from './rows.js';
import * as store from './store.js';
import type { Change, ChangeType, RowWrite, StoredRow } from './store.js';

export interface AppliedBatch {
  changes: Change[];
  /** Order numbers of the batch, in list order, each with whether the table knew it before. */
  orders: { orderNo: string; known: boolean; newToPass: boolean }[];
}

function changeTypeOf(before: StoredRow | undefined, after: AttendeeState): ChangeType {
  if (!before || before.removed) return 'attendee.added';
  return isCancelledStatus(after.attendeeStatus) && !isCancelledStatus(before.state.attendeeStatus) ? 'attendee.cancelled' : 'attendee.updated';
}

export async function applyRecords(db: SyncDatabase, eventId: string, records: readonly AttendeeRecord[], pass: number, now: string): Promise<AppliedBatch> {
  const orderNos = [...new Set(records.map((record) => String(record.orderNo)))];
  const stored = await store.rowsOfOrders(db, eventId, orderNos);
  const storedByOrder = new Map<string, StoredRow[]>();
  for (const row of stored) {
    const list = storedByOrder.get(row.state.orderNo);
    if (list) list.push(row);
    else storedByOrder.set(row.state.orderNo, [row]);
  }
  const result: AppliedBatch = { changes: [], orders: [] };
  const writes: RowWrite[] = [];
  const seen: string[] = [];
  const removed: string[] = [];
  const done = new Set<string>();
  const record = (type: ChangeType, key: string, before: AttendeeState | null, after: AttendeeState | null): void => {
    result.changes.push(store.newChange(eventId, type, key, before, after, now));
  };
  for (const entry of records) {
    const orderNo = String(entry.orderNo);
    if (done.has(orderNo)) continue; // a record repeated inside one batch
    done.add(orderNo);
    const before = storedByOrder.get(orderNo) ?? [];
    result.orders.push({ orderNo, known: before.length > 0, newToPass: !before.some((row) => row.seenPass === pass && !row.removed) });
    const beforeByKey = new Map(before.map((row) => [row.key, row]));
    const keys = new Set<string>();
    for (const { key, state, zone } of rowsOfRecord(entry)) {
      keys.add(key);
      const old = beforeByKey.get(key);
      const columns = typedColumns(state, zone);
      if (!old || old.removed || !sameState(old.state, state)) {
        writes.push({ key, state, columns });
        record(changeTypeOf(old, state), key, !old || old.removed ? null : old.state, state);
      } else if (old.purchasedAt !== columns.purchase_date) {
        writes.push({ key, state, columns }); // placed in time now (a row migrated without its zone): no change to the feed
      } else if (old.seenPass !== pass) {
        seen.push(key);
      }
    }
    for (const old of before) {
      if (keys.has(old.key) || old.removed) continue;
      removed.push(old.key);
      record('attendee.removed', old.key, old.state, null);
    }
  }
  await store.writeAttendeeRows(db, eventId, writes, pass, now);
  await store.markSeen(db, eventId, seen, pass);
  await store.markRemoved(db, eventId, removed, now);
  await store.addToOutbox(db, result.changes);
  return result;
}

/** At the end of the full pass `pass`: the rows it did not see are marked removed, 500 at a time. */
export async function removeUnseen(db: SyncDatabase, eventId: string, pass: number, now: string): Promise<Change[]> {
  const changes: Change[] = [];
  for (;;) {
    const rows = await store.unseenRows(db, eventId, pass, 500);
    if (rows.length === 0) return changes;
    const removed = rows.map((row) => store.newChange(eventId, 'attendee.removed', row.key, row.state, null, now));
    const keys = rows.map((row) => row.key);
    await store.markRemoved(db, eventId, keys, now);
    await store.addToOutbox(db, removed);
    changes.push(...removed);
  }
}
