// The door's one reader of the synced attendees (boxoffice_attendees, src/sync/schema.ts), joined
// with their check-ins: only the columns the door shows, only attendees still in the list.
import type { SqlValue, SyncDatabase } from '../sync/destination.js';
import { hasTable } from './database.js';

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

export interface AttendeeRow {
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

/**
 * The attendees a scanned code names: the one with that ticket number, else those of that order.
 * Sorted here, not by the query: ORDER BY the key would make SQLite walk the event's rows in key
 * order instead of using the ticket or order index.
 */
export async function attendeesOfCode(db: SyncDatabase, eventId: string, code: string): Promise<DoorAttendee[]> {
  const byTicket = await attendeesWhere(db, eventId, 'a.ticket_no = ?', [code]);
  const found = byTicket.length > 0 ? byTicket : await attendeesWhere(db, eventId, 'a.order_no = ?', [code]);
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function attendeesByKey(db: SyncDatabase, eventId: string, keys: readonly string[]): Promise<DoorAttendee[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return attendeesWhere(db, eventId, `a.attendee_key IN (${keys.map(() => '?').join(', ')}) ORDER BY a.attendee_key`, keys);
}

/**
 * The door's search: each attendee as one lowercase line of what a person may type, filtered in
 * memory. A LIKE would read and lowercase every row at every key typed; this is read once per
 * version of the list.
 */
export class AttendeeSearch {
  private constructor(private readonly entries: readonly { key: string; text: string }[]) {}

  static async load(db: SyncDatabase, eventId: string): Promise<AttendeeSearch> {
    const rows = await db.all<Omit<AttendeeRow, 'ticket_name' | 'cancelled' | 'checked_in_at' | 'door'>>(
      `SELECT attendee_key, attendee_name, attendee_email, buyer_name, buyer_email, ticket_no, order_no FROM boxoffice_attendees
WHERE event_id = ? AND removed_at IS NULL ORDER BY attendee_name, attendee_key`,
      [eventId],
    );
    const lineOf = (row: (typeof rows)[number]): string =>
      [row.attendee_name, row.attendee_email, row.buyer_name, row.buyer_email, row.ticket_no, row.order_no].join('\n').toLowerCase();
    return new AttendeeSearch(rows.map((row) => ({ key: row.attendee_key, text: lineOf(row) })));
  }

  /** The keys of the attendees whose line contains `text` (any case), at most `limit`, by name. */
  keysMatching(text: string, limit: number): string[] {
    const needle = text.toLowerCase();
    const keys: string[] = [];
    for (const entry of this.entries) {
      if (!entry.text.includes(needle)) continue;
      keys.push(entry.key);
      if (keys.length >= limit) break;
    }
    return keys;
  }

  /** The matching attendees as they are now (check-ins included), in the search's order. */
  async find(db: SyncDatabase, eventId: string, text: string, limit: number): Promise<DoorAttendee[]> {
    const keys = this.keysMatching(text, limit);
    const found = new Map((await attendeesByKey(db, eventId, keys)).map((attendee) => [attendee.key, attendee]));
    return keys.flatMap((key) => found.get(key) ?? []);
  }
}

/** Per ticket: the attendees expected (in the list, not cancelled). Changes only when the sync writes. */
export async function expectedCounts(db: SyncDatabase, eventId: string): Promise<Map<string, number>> {
  const rows = await db.all<{ ticket_name: string; expected: number }>(
    `SELECT ticket_name, COUNT(*) AS expected FROM boxoffice_attendees WHERE event_id = ? AND removed_at IS NULL AND NOT cancelled GROUP BY ticket_name`,
    [eventId],
  );
  return new Map(rows.map((row) => [row.ticket_name, Number(row.expected)]));
}

/** Per ticket (or door): how many of the expected attendees are in (read from the check-ins, not the whole list). */
export async function arrivedCounts(db: SyncDatabase, eventId: string, per: 'a.ticket_name' | 'c.door' = 'a.ticket_name'): Promise<Map<string, number>> {
  const rows = await db.all<{ name: string; arrived: number }>(
    // CROSS JOIN: SQLite then walks the check-ins and looks each attendee up, rather than walking the
    // whole list (its choice without statistics); PostgreSQL plans it as any join.
    `SELECT ${per} AS name, COUNT(*) AS arrived
FROM boxoffice_checkins c CROSS JOIN boxoffice_attendees a
WHERE c.event_id = ? AND a.event_id = c.event_id AND a.attendee_key = c.attendee_key AND a.removed_at IS NULL AND NOT a.cancelled
GROUP BY ${per}`,
    [eventId],
  );
  return new Map(rows.map((row) => [row.name, Number(row.arrived)]));
}

export type TicketCount = ReturnType<typeof ticketCounts>[number];

export function ticketCounts(expected: ReadonlyMap<string, number>, arrived: ReadonlyMap<string, number>) {
  return [...expected]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ticketName, count]) => ({ ticketName, arrived: arrived.get(ticketName) ?? 0, expected: count }));
}

export type ArrivalCounts = Awaited<ReturnType<typeof arrivalCounts>>;

/** What `insights --db` counts: arrived of expected, in all, per ticket and per door (none while no door has created the check-in table). */
export async function arrivalCounts(db: SyncDatabase, eventId: string) {
  const opened = await hasTable(db, 'boxoffice_checkins');
  const tickets = ticketCounts(await expectedCounts(db, eventId), opened ? await arrivedCounts(db, eventId) : new Map());
  const perDoor = opened ? [...(await arrivedCounts(db, eventId, 'c.door'))].sort(([a], [b]) => (a < b ? -1 : 1)) : [];
  const doors = perDoor.map(([door, arrived]) => ({ door, arrived }));
  const sum = (key: 'arrived' | 'expected'): number => tickets.reduce((total, ticket) => total + ticket[key], 0);
  return { arrived: sum('arrived'), expected: sum('expected'), tickets, doors };
}

export async function listUpdatedAt(db: SyncDatabase, eventId: string): Promise<string | undefined> {
  const [row] = await db.all<{ updated_at: string }>(`SELECT updated_at FROM boxoffice_sync_state WHERE event_id = ?`, [eventId]);
  return row?.updated_at;
}
