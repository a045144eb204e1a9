// What a door does: a scanned code (ticket or order number) lets its attendees in, each exactly
// once across every door sharing the database; the last check-in of a door can be undone. The
// service is never told: its API has no call that sets an attendee's check-in.
import type { SyncDatabase } from '../sync/destination.js';
import { type AttendeeRow, attendeesByKey, attendeesOfCode, type DoorAttendee } from './attendees.js';

/** The answer at the door, from the best for the attendee to the worst. */
export type ScanOutcome = 'in' | 'already-in' | 'not-found' | 'cancelled';

export interface ScanResult {
  outcome: ScanOutcome;
  code: string;
  admitted: DoorAttendee[];
  alreadyIn: DoorAttendee[];
  cancelled: DoorAttendee[];
}

function outcomeOf(result: Omit<ScanResult, 'outcome'>): ScanOutcome {
  if (result.admitted.length > 0) return 'in';
  if (result.alreadyIn.length > 0) return 'already-in';
  if (result.cancelled.length > 0) return 'cancelled';
  return 'not-found';
}

/**
 * Lets `keys` in at `door` in one statement (those still in the list and not cancelled): the
 * primary key makes a second insert of the same attendee (another door, the same instant) do
 * nothing, so what it inserted is what this door let in.
 */
async function admit(db: SyncDatabase, eventId: string, keys: readonly string[], door: string, at: string): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const inserted = await db.all<{ attendee_key: string }>(
    `INSERT INTO boxoffice_checkins (event_id, attendee_key, checked_in_at, door)
SELECT event_id, attendee_key, ?, ? FROM boxoffice_attendees
WHERE event_id = ? AND attendee_key IN (${keys.map(() => '?').join(', ')}) AND NOT cancelled AND removed_at IS NULL
ON CONFLICT (event_id, attendee_key) DO NOTHING RETURNING attendee_key`,
    [at, door, eventId, ...keys],
  );
  return new Set(inserted.map((row) => row.attendee_key));
}

/** Lets in the attendees `code` names (a ticket number: one; an order number: its attendees). */
export async function scan(db: SyncDatabase, eventId: string, code: string, door: string, now: Date): Promise<ScanResult> {
  const found = await attendeesOfCode(db, eventId, code.trim());
  return admitAttendees(db, eventId, code.trim(), found, door, now);
}

/** Lets in one attendee chosen by key (a search result picked at the door). */
export async function admitByKey(db: SyncDatabase, eventId: string, key: string, door: string, now: Date): Promise<ScanResult> {
  const found = await attendeesByKey(db, eventId, [key]);
  return admitAttendees(db, eventId, found[0]?.ticketNo || key, found, door, now);
}

async function admitAttendees(db: SyncDatabase, eventId: string, code: string, found: DoorAttendee[], door: string, now: Date): Promise<ScanResult> {
  const at = now.toISOString();
  const waiting = found.filter((attendee) => !attendee.cancelled && attendee.checkedInAt === undefined).map((attendee) => attendee.key);
  const inserted = await admit(db, eventId, waiting, door, at);
  // Those another door let in meanwhile: read again for when and where.
  const raced = waiting.filter((key) => !inserted.has(key));
  const reread = await attendeesByKey(db, eventId, raced);
  const latest = new Map(reread.map((attendee) => [attendee.key, attendee]));
  const current = found.map((attendee) => (inserted.has(attendee.key) ? { ...attendee, checkedInAt: at, door } : (latest.get(attendee.key) ?? attendee)));
  const result = {
    code,
    admitted: current.filter((attendee) => inserted.has(attendee.key)),
    alreadyIn: current.filter((attendee) => !inserted.has(attendee.key) && attendee.checkedInAt !== undefined),
    cancelled: current.filter((attendee) => attendee.cancelled && attendee.checkedInAt === undefined),
  };
  return { outcome: outcomeOf(result), ...result };
}

export interface Undone {
  attendees: DoorAttendee[];
  checkedInAt: string;
  door: string;
}

/**
 * Undoes the last check-in at `door`: every attendee that door let in at that instant (one scan
 * of an order lets its attendees in together). Undefined when the door has let nobody in.
 */
export async function undoLast(db: SyncDatabase, eventId: string, door: string): Promise<Undone | undefined> {
  return db.transaction(async () => {
    const [last] = await db.all<{ checked_in_at: string }>(
      `SELECT checked_in_at FROM boxoffice_checkins WHERE event_id = ? AND door = ? ORDER BY checked_in_at DESC LIMIT 1`,
      [eventId, door],
    );
    if (last === undefined) return undefined;
    const removed = await db.all<{ attendee_key: string }>(
      `DELETE FROM boxoffice_checkins WHERE event_id = ? AND door = ? AND checked_in_at = ? RETURNING attendee_key`,
      [eventId, door, last.checked_in_at],
    );
    const keys = removed.map((row) => row.attendee_key);
    return { attendees: await attendeesByKey(db, eventId, keys), checkedInAt: last.checked_in_at, door };
  });
}

export type Arrival = Omit<DoorAttendee, 'key' | 'cancelled'> & Required<Pick<DoorAttendee, 'checkedInAt' | 'door'>>;

export async function arrivals(db: SyncDatabase, eventId: string): Promise<Arrival[]> {
  const rows = await db.all<{ [K in keyof AttendeeRow]: AttendeeRow[K] | null } & Pick<AttendeeRow, 'attendee_key'> & { checked_in_at: string; door: string }>(
    `SELECT c.attendee_key, a.order_no, a.ticket_no, a.ticket_name, a.attendee_name, a.attendee_email, a.buyer_name, a.buyer_email, c.checked_in_at, c.door
FROM boxoffice_checkins c LEFT JOIN boxoffice_attendees a ON a.event_id = c.event_id AND a.attendee_key = c.attendee_key
WHERE c.event_id = ? ORDER BY c.checked_in_at, c.attendee_key`,
    [eventId],
  );
  return rows.map((row) => ({
    orderNo: row.order_no ?? row.attendee_key.split(/[/#]/)[0],
    ticketNo: row.ticket_no ?? '',
    ticketName: row.ticket_name ?? '',
    name: row.attendee_name?.trim() || (row.buyer_name ?? ''),
    email: row.attendee_email?.trim() || (row.buyer_email ?? ''),
    checkedInAt: row.checked_in_at,
    door: row.door,
  }));
}
