// The door's one reader of the synced attendees (boxoffice_attendees, src/sync/schema.ts), joined
// with their check-ins: only the columns the door shows, only attendees still in the list.
import type { SqlValue, SyncDatabase } from '../sync/destination.js';

export interface DoorAttendee {
  key: string;
  orderNo: string;
  ticketNo: string;
  ticketName: string;
  /** The attendee's name, or the buyer's where the order names no attendee. */
  name: string;
  email: string;
  cancelled: boolean;
  /** When and at which door the attendee was let in; undefined while not in. */
  checkedInAt?: string;
  door?: string;
}

interface AttendeeRow {
  attendee_key: string;
  order_no: string;
  ticket_no: string;
  ticket_name: string;
  attendee_name: string;
  attendee_email: string;
  buyer_name: string;
  buyer_email: string;
  cancelled: number;
  checked_in_at: string | null;
  door: string | null;
}

const SELECT = `SELECT a.attendee_key, a.order_no, a.ticket_no, a.ticket_name, a.attendee_name, a.attendee_email, a.buyer_name, a.buyer_email,
  a.cancelled, c.checked_in_at, c.door
FROM boxoffice_attendees a LEFT JOIN boxoffice_checkins c ON c.event_id = a.event_id AND c.attendee_key = a.attendee_key
WHERE a.event_id = ? AND a.removed_at IS NULL`;

function attendeeOf(row: AttendeeRow): DoorAttendee {
  return {
    key: row.attendee_key,
    orderNo: row.order_no,
    ticketNo: row.ticket_no,
    ticketName: row.ticket_name,
    name: row.attendee_name.trim() || row.buyer_name,
    email: row.attendee_email.trim() || row.buyer_email,
    cancelled: Number(row.cancelled) === 1,
    ...(row.checked_in_at === null ? {} : { checkedInAt: row.checked_in_at, door: row.door ?? '' }),
  };
}

async function attendeesWhere(db: SyncDatabase, eventId: string, condition: string, params: readonly SqlValue[]): Promise<DoorAttendee[]> {
  return (await db.all<AttendeeRow>(`${SELECT} AND ${condition}`, [eventId, ...params])).map(attendeeOf);
}

/** The attendees a scanned code names: the one with that ticket number, else those of that order. */
export async function attendeesOfCode(db: SyncDatabase, eventId: string, code: string): Promise<DoorAttendee[]> {
  const byTicket = await attendeesWhere(db, eventId, 'a.ticket_no = ? ORDER BY a.attendee_key', [code]);
  if (byTicket.length > 0) return byTicket;
  return attendeesWhere(db, eventId, 'a.order_no = ? ORDER BY a.attendee_key', [code]);
}

export function attendeesByKey(db: SyncDatabase, eventId: string, keys: readonly string[]): Promise<DoorAttendee[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return attendeesWhere(db, eventId, `a.attendee_key IN (${keys.map(() => '?').join(', ')}) ORDER BY a.attendee_key`, keys);
}

/** Attendees whose name, email, ticket or order number contains `text` (any case), at most `limit`. */
export function searchAttendees(db: SyncDatabase, eventId: string, text: string, limit: number): Promise<DoorAttendee[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const fields = ['a.attendee_name', 'a.attendee_email', 'a.buyer_name', 'a.buyer_email', 'a.ticket_no', 'a.order_no'];
  const condition = fields.map((field) => `lower(${field}) LIKE ? ESCAPE '\\'`).join(' OR ');
  return attendeesWhere(
    db,
    eventId,
    `(${condition}) ORDER BY a.attendee_name, a.attendee_key LIMIT ${Math.floor(limit)}`,
    fields.map(() => pattern),
  );
}

export interface TicketCount {
  ticketName: string;
  arrived: number;
  expected: number;
}

/** Per ticket: attendees expected (in the list, not cancelled) and how many of them are in. */
export async function arrivalCounts(db: SyncDatabase, eventId: string): Promise<TicketCount[]> {
  const rows = await db.all<{ ticket_name: string; arrived: number; expected: number }>(
    `SELECT a.ticket_name, COUNT(c.attendee_key) AS arrived, COUNT(*) AS expected
FROM boxoffice_attendees a LEFT JOIN boxoffice_checkins c ON c.event_id = a.event_id AND c.attendee_key = a.attendee_key
WHERE a.event_id = ? AND a.removed_at IS NULL AND a.cancelled = 0 GROUP BY a.ticket_name ORDER BY a.ticket_name`,
    [eventId],
  );
  return rows.map((row) => ({ ticketName: row.ticket_name, arrived: Number(row.arrived), expected: Number(row.expected) }));
}

/** When the sync last wrote the event's list (its state's updated_at), as ISO text. */
export async function listUpdatedAt(db: SyncDatabase, eventId: string): Promise<string | undefined> {
  const [row] = await db.all<{ updated_at: string }>(`SELECT updated_at FROM boxoffice_sync_state WHERE event_id = ?`, [eventId]);
  return row?.updated_at;
}
