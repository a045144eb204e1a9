// The sync's reads and writes of its own tables (schema.ts): attendee rows, the outbox and the
// per-event state. Every function runs inside the caller's transaction where it writes.
import { randomUUID } from 'node:crypto';
import { FIXED_COLUMNS } from '../export/flatten.js';
import { upsertRows, type SqlValue, type SyncDatabase } from './destination.js';
import { isCancelledStatus } from '../client/schemas/values.js';
import type { AttendeeState } from './rows.js';
import { columnOf, isoOf, JSON_COLUMNS, stateOfColumns } from './columns.js';

export type ChangeType = 'attendee.added' | 'attendee.updated' | 'attendee.cancelled' | 'attendee.removed';

/** One change of the feed, as delivered (docs/sync.md "The change feed"). */
export interface Change {
  /** The change's id: the same on every delivery of it, signed with it (what a receiver de-duplicates on). */
  id: string;
  type: ChangeType;
  eventId: string;
  attendeeKey: string;
  occurredAt: string;
  before: AttendeeState | null;
  after: AttendeeState | null;
}

export type StoredRow = Awaited<ReturnType<typeof selectRows>>[number];

export interface RowWrite {
  key: string;
  state: AttendeeState;
  columns: Readonly<Record<string, SqlValue>>;
}

const ROW_COLUMNS = `attendee_key, ${FIXED_COLUMNS.map(columnOf).join(', ')}, answers, as_sent, removed_at, seen_pass`;

async function selectRows(db: SyncDatabase, eventId: string, condition: string, params: readonly SqlValue[]) {
  const sql = `SELECT ${ROW_COLUMNS} FROM boxoffice_attendees WHERE event_id = ? AND ${condition}`;
  const rows = await db.all<Record<string, unknown>>(sql, [eventId, ...params]);
  return rows.map((row) => ({
    key: String(row.attendee_key),
    state: stateOfColumns(row),
    removed: row.removed_at !== null,
    seenPass: Number(row.seen_pass),
    purchasedAt: isoOf(row.purchase_date), // ISO 8601; null while not placed
  }));
}

/** Removed rows included. */
export async function rowsOfOrders(db: SyncDatabase, eventId: string, orderNos: readonly string[]): Promise<StoredRow[]> {
  if (orderNos.length === 0) return [];
  return selectRows(db, eventId, `order_no IN (${orderNos.map(() => '?').join(', ')}) ORDER BY order_no, attendee_key`, orderNos);
}

/** Writes the rows' values, new or not (bringing back removed ones); a row's first_seen stays the first. */
export async function writeAttendeeRows(db: SyncDatabase, eventId: string, rows: readonly RowWrite[], pass: number, now: string): Promise<void> {
  const values = rows.map(({ key, state, columns }) => ({
    event_id: eventId,
    attendee_key: key,
    first_seen: now,
    ...columns,
    cancelled: isCancelledStatus(state.attendeeStatus) ? 1 : 0,
    removed_at: null,
    last_changed: now,
    seen_pass: pass,
  }));
  await upsertRows(db, 'boxoffice_attendees', ['event_id', 'attendee_key'], values, ['first_seen'], JSON_COLUMNS);
}

const keyList = (keys: readonly string[]): string => `attendee_key IN (${keys.map(() => '?').join(', ')})`;

export async function markSeen(db: SyncDatabase, eventId: string, keys: readonly string[], pass: number): Promise<void> {
  if (keys.length === 0) return;
  await db.run(`UPDATE boxoffice_attendees SET seen_pass = ? WHERE event_id = ? AND ${keyList(keys)}`, [pass, eventId, ...keys]);
}

export async function markRemoved(db: SyncDatabase, eventId: string, keys: readonly string[], now: string): Promise<void> {
  if (keys.length === 0) return;
  await db.run(`UPDATE boxoffice_attendees SET removed_at = ?, last_changed = ? WHERE event_id = ? AND ${keyList(keys)}`, [now, now, eventId, ...keys]);
}

export function unseenRows(db: SyncDatabase, eventId: string, pass: number, limit: number): Promise<StoredRow[]> {
  return selectRows(db, eventId, `removed_at IS NULL AND seen_pass < ? ORDER BY attendee_key LIMIT ${limit}`, [pass]);
}

export function presentRows(db: SyncDatabase, eventId: string, afterKey: string, limit: number): Promise<StoredRow[]> {
  return selectRows(db, eventId, `removed_at IS NULL AND attendee_key > ? ORDER BY attendee_key LIMIT ${limit}`, [afterKey]);
}

export function newChange(eventId: string, type: ChangeType, key: string, before: AttendeeState | null, after: AttendeeState | null, now: string): Change {
  return { id: `chg_${randomUUID()}`, type, eventId, attendeeKey: key, occurredAt: now, before, after };
}

export async function addToOutbox(db: SyncDatabase, changes: readonly Change[]): Promise<void> {
  const rows = changes.map((change) => ({
    idempotency_key: change.id,
    event_id: change.eventId,
    type: change.type,
    attendee_key: change.attendeeKey,
    occurred_at: change.occurredAt,
    body: JSON.stringify(change),
  }));
  await upsertRows(db, 'boxoffice_sync_outbox', [], rows);
}

const LIST_ORDERS = ['oldest-first', 'newest-first', 'unknown'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/**
 * How the service counts the records of a range: from 0 (fromRecord is an offset: the live
 * service) or from 1 (the reference's contract, whose batches repeat one order at each boundary).
 */
const LIST_COUNTINGS = ['from-0', 'from-1', 'unknown'] as const;
export type ListCounting = (typeof LIST_COUNTINGS)[number];

export interface SyncState {
  eventId: string;
  listOrder: ListOrder;
  listCounting: ListCounting;
  ordersInList: number;
  /** The number of the last full pass started (rows carry the pass that last saw them). */
  passNo: number;
  /** Where the full pass in progress continues; null when none is in progress. */
  passNextRecord: number | null;
  passOrders: number;
  passFirstDate: string | null;
  passLastDate: string | null;
  passStartedAt: string | null;
  lastFullAt: string | null;
}

export function initialState(eventId: string): SyncState {
  return {
    eventId,
    listOrder: 'unknown',
    listCounting: 'unknown',
    ordersInList: 0,
    passNo: 0,
    passNextRecord: null,
    passOrders: 0,
    passFirstDate: null,
    passLastDate: null,
    passStartedAt: null,
    lastFullAt: null,
  };
}

export async function readSyncState(db: SyncDatabase, eventId: string): Promise<SyncState | undefined> {
  const [row] = await db.all<Record<string, SqlValue>>(`SELECT * FROM boxoffice_sync_state WHERE event_id = ?`, [eventId]);
  if (!row) return undefined;
  const stored = Object.fromEntries(Object.keys(initialState(eventId)).map((field) => [field, row[columnOf(field)]])) as unknown as SyncState;
  return {
    ...stored,
    eventId,
    listOrder: LIST_ORDERS.includes(stored.listOrder) ? stored.listOrder : 'unknown',
    listCounting: LIST_COUNTINGS.includes(stored.listCounting) ? stored.listCounting : 'unknown',
    ordersInList: Number(stored.ordersInList),
    passNo: Number(stored.passNo),
    passNextRecord: stored.passNextRecord === null ? null : Number(stored.passNextRecord),
    passOrders: Number(stored.passOrders),
  };
}

export async function writeState(db: SyncDatabase, state: SyncState, now: string): Promise<void> {
  const values = Object.fromEntries(Object.entries(state).map(([field, value]) => [columnOf(field), value]));
  await upsertRows(db, 'boxoffice_sync_state', ['event_id'], [{ ...values, updated_at: now }]);
}
