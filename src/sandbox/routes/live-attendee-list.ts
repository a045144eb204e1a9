// The attendee list (E11): the positions a batch covers and the orders at them, in either mode,
// and, for --quirks, the shapes public code shows of the live service (docs/sandbox.md,
// "Operating modes": 0-based offsets, newest first, the 2020 capture's fields).
import type { SandboxDatabase } from '../db/index.js';
import type { AttendeeListOrder } from '../context.js';
import type { EventRow } from '../db/events.js';
import { attendeeListRange, eventTicketNumbers, type AttendeeListEntry } from '../db/orders.js';
import { idCode } from '../id-codes.js';
import { textFields } from '../text-fields.js';
import { instantObject } from '../time.js';

/** Most attendee-list records one call returns (reference §8). */
const ATTENDEE_BATCH_LIMIT = 50;
const LIVE_ZONE = 'Asia/Calcutta';

/**
 * Which list positions a batch covers: as the contract says (1-based, inclusive, 0 read as 1, at
 * most 50), or with quirks as the live service appears to (a 0-based offset, toRecord − fromRecord records).
 */
export function batchPositions(fromRecord: number, toRecord: number, quirks: boolean): { first: number; last: number } {
  if (quirks) {
    const count = Math.min(Math.max(toRecord - fromRecord, 0), ATTENDEE_BATCH_LIMIT);
    return { first: fromRecord + 1, last: fromRecord + count };
  }
  const first = Math.max(fromRecord, 1);
  return { first, last: Math.min(toRecord, first + ATTENDEE_BATCH_LIMIT - 1) };
}

/** The orders at list positions first..last (newest first: position 1 is the latest confirmed order). */
export function listSpan(db: SandboxDatabase, event: EventRow, first: number, last: number, order: AttendeeListOrder): AttendeeListEntry[] {
  if (order === 'oldest-first') return attendeeListRange(db, event.id, first, last);
  const total = event.confirmed_orders;
  return attendeeListRange(db, event.id, total - last + 1, total - first + 1).reverse();
}

/** An attendee's answers keyed by label as the live service's clients read them; [] (PHP's empty array) when none. */
export function detailsByLabel(answers: readonly { label: string; value: string }[]): Record<string, string> | [] {
  if (answers.length === 0) return [];
  const details: Record<string, string> = {};
  for (const { label, value } of answers) details[label] = label in details ? `${details[label]}; ${value}` : value;
  return details;
}

/**
 * The live shape of a batch: the first a JSON array, the later ones an object keyed by each
 * record's absolute offset ("50", "51", …), as PHP encodes an array whose keys do not start at 0.
 */
export function liveBatchShape<T>(records: T[], offset: number): T[] | Record<string, T> {
  if (offset === 0) return records;
  return Object.fromEntries(records.map((record, index) => [String(offset + index), record]));
}

const dayInLiveZone = new Intl.DateTimeFormat('en-CA', { timeZone: LIVE_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeInLiveZone = new Intl.DateTimeFormat('en-GB', { timeZone: LIVE_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function liveOrderNo(event: EventRow, purchasedAt: Date, orderId: number): string {
  const day = dayInLiveZone.format(purchasedAt).replace(/-/g, '').slice(2);
  const time = timeInLiveZone.format(purchasedAt).replace(/:/g, '');
  return `RK610K-${idCode('event', event.id)}-${day}-${time}-${orderId}`;
}

function names(fullName: string | null): { 'First Name': string; 'Last Name': string } {
  const [first = '', ...rest] = (fullName ?? '').trim().split(/\s+/);
  return { 'First Name': first, 'Last Name': rest.join(' ') };
}

/**
 * The purchase date in one of the two shapes public code shows: the 2020 capture's date-time
 * object (date precision, microseconds, the service's zone), or, for an event with an even id,
 * the plain date of an importer's fixture ("2013-11-13"). One event's list keeps one shape.
 */
function livePurchaseDate(event: EventRow, purchasedAt: Date): string | Record<string, unknown> {
  const day = dayInLiveZone.format(purchasedAt);
  if (event.id % 2 === 0) return day;
  return { date: `${day} 00:00:00.000000`, timezone_type: 3, timezone: LIVE_ZONE };
}

/** 2.14 */
export function listRecord({ order, attendees }: AttendeeListEntry) {
  return {
    orderNo: order.order_no,
    orderCost: order.grand_total,
    quantity: order.quantity,
    status: 'success',
    paidBy: order.paid_by,
    paidTo: null,
    refundAmount: null,
    city: order.city,
    state: order.state,
    country: order.country,
    address: order.address,
    zipcode: order.zipcode,
    phoneNo: order.buyer_phone,
    purchaseDate: instantObject(order.purchased_at),
    name: order.buyer_name ?? '',
    email: order.buyer_email ?? '',
    attendee: attendees.map((attendee) => ({
      ticketName: attendee.ticket_name,
      ticketId: String(attendee.ticket_id),
      name: attendee.name ?? '',
      email: attendee.email ?? '',
      checkin: attendee.checkin,
      ticketNo: attendee.ticket_no,
      status: attendee.status,
      details: detailsByLabel(attendee.answers),
    })),
  };
}

/**
 * One order in the 2020 capture's shapes: attendees' `name` null (the names in `details`), `""`
 * for unknown fields, JSON numbers; the order number ends in the service-wide order id, so one
 * event's tails are not contiguous while its ticket numbers run on.
 */
function liveRecord(event: EventRow, entry: AttendeeListEntry, ticketNumbers: ReadonlyMap<number, number>) {
  const { order, attendees } = entry;
  const purchasedAt = new Date(order.purchased_at);
  const record = listRecord(entry);
  return {
    ...record,
    orderNo: liveOrderNo(event, purchasedAt, order.id),
    paidBy: order.grand_total === 0 ? 'Free' : 'online',
    paidTo: '',
    ...textFields(order, { city: 'city', state: 'state', country: 'country', address: 'address', zipcode: 'zipcode', phoneNo: 'buyer_phone' }),
    purchaseDate: livePurchaseDate(event, purchasedAt),
    attendee: record.attendee.map((shaped, index) => {
      const { id, name } = attendees[index];
      return {
        ...shaped,
        // An issued ticket's code (`TK` and letters, as `TKCFGGIJG`), apart from ticket types' codes.
        ticketId: `TK${idCode('ticket', id).slice(1).padStart(7, 'A')}`,
        name: null,
        ticketNo: String(ticketNumbers.get(id)),
        // Nothing to give ([] as PHP encodes an empty array) only when there is neither a name nor an answer.
        details: name ? { ...names(name), ...shaped.details } : shaped.details,
      };
    }),
  };
}

/** Records fromRecord … toRecord − 1 (0-based, at most 50) of the event's list, in the list's order. */
export function liveAttendeeBatch(db: SandboxDatabase, event: EventRow, fromRecord: number, toRecord: number, order: AttendeeListOrder) {
  const { first, last } = batchPositions(fromRecord, toRecord, true);
  const entries = listSpan(db, event, first, last, order);
  const ticketNumbers = eventTicketNumbers(
    db,
    event.id,
    entries.flatMap((entry) => entry.attendees.map((attendee) => attendee.id)),
  );
  const records = entries.map((entry) => liveRecord(event, entry, ticketNumbers));
  return liveBatchShape(records, fromRecord);
}
