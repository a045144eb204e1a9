// One batch of the attendee list applied to the destination: each record's rows compared with
// the stored ones, written, and every difference added to the outbox — all in the caller's
// transaction, so the rows and the changes describing them are committed together.
import type { AttendeeRecord } from '../client/schemas/index.js';
import type { SyncDatabase } from './destination.js';
import { isCancelledStatus } from '../client/attendee-status.js';
import { rowsOfRecord, sameState, type AttendeeState } from './rows.js';
import { addToOutbox, markRemoved, markSeen, rowsOfOrders, unseenRows, writeRow, type Change, type ChangeType, type StoredRow } from './store.js';

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
  const stored = await rowsOfOrders(db, eventId, orderNos);
  const storedByOrder = new Map<string, StoredRow[]>();
  for (const row of stored) {
    const list = storedByOrder.get(row.state.orderNo);
    if (list) list.push(row);
    else storedByOrder.set(row.state.orderNo, [row]);
  }
  const result: AppliedBatch = { changes: [], orders: [] };
  const done = new Set<string>();
  const record = async (type: ChangeType, key: string, before: AttendeeState | null, after: AttendeeState | null): Promise<void> => {
    result.changes.push(await addToOutbox(db, eventId, type, key, before, after, now));
  };
  for (const entry of records) {
    const orderNo = String(entry.orderNo);
    if (done.has(orderNo)) continue; // a record repeated inside one batch
    done.add(orderNo);
    const before = storedByOrder.get(orderNo) ?? [];
    result.orders.push({
      orderNo,
      known: before.length > 0,
      newToPass: !before.some((row) => row.seenPass === pass && !row.removed),
    });
    const beforeByKey = new Map(before.map((row) => [row.key, row]));
    const keys = new Set<string>();
    for (const { key, state } of rowsOfRecord(entry)) {
      keys.add(key);
      const old = beforeByKey.get(key);
      if (!old || old.removed || !sameState(old.state, state)) {
        await writeRow(db, eventId, key, state, pass, now);
        await record(changeTypeOf(old, state), key, !old || old.removed ? null : old.state, state);
      } else if (old.seenPass !== pass) {
        await markSeen(db, eventId, key, pass);
      }
    }
    for (const old of before) {
      if (keys.has(old.key) || old.removed) continue;
      await markRemoved(db, eventId, old.key, now);
      await record('attendee.removed', old.key, old.state, null);
    }
  }
  return result;
}

/** At the end of the full pass `pass`: the rows it did not see are marked removed, 500 at a time. */
export async function removeUnseen(db: SyncDatabase, eventId: string, pass: number, now: string): Promise<Change[]> {
  const changes: Change[] = [];
  for (;;) {
    const rows = await unseenRows(db, eventId, pass, 500);
    if (rows.length === 0) return changes;
    for (const row of rows) {
      await markRemoved(db, eventId, row.key, now);
      changes.push(await addToOutbox(db, eventId, 'attendee.removed', row.key, row.state, null, now));
    }
  }
}
