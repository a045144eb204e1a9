// Attendee-list records and an in-memory server that pages them the two ways seen in the wild.
import { readFileSync } from 'node:fs';
import type { Clock } from '../../src/session/deps.js';
import type { FetchAttendeeBatch, RecordRange } from '../../src/client/paginate.js';
import type { AttendeeRecord } from '../../src/client/schemas/index.js';

export type PagingSemantics = 'one-based-inclusive' | 'zero-based-offset';

export function makeOrders(count: number, options: { lateLabelAt?: number; hostileAt?: number } = {}): AttendeeRecord[] {
  const orders: AttendeeRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const tickets = (index % 3) + 1;
    const attendee = Array.from({ length: tickets }, (_, position) => {
      const variant = (index + position) % 3;
      const details =
        variant === 0
          ? []
          : variant === 1
            ? { 'T-shirt size': ['S', 'M', 'L'][index % 3], Company: `Firm ${index}` }
            : [
                { label: 'Company', value: `Firm ${index}` },
                { label: 'Diet', value: 'vegan' },
              ];
      return {
        ticketName: position === 0 ? 'General' : 'VIP',
        ticketId: String(100 + position),
        name: `Attendee ${index}-${position}`,
        email: `a${index}-${position}@example.test`,
        checkin: 'no',
        ticketNo: `T${index}-${position}`,
        status: 'attending',
        details: details as AttendeeRecord['attendee'][number]['details'],
      };
    });
    if (index === options.lateLabelAt) {
      attendee[0].details = [{ label: 'Wheelchair access', value: 'yes' }];
    }
    if (index === options.hostileAt) {
      attendee[0].name = '=HYPERLINK("http://evil.test","click")';
      attendee[0].details = { '@label, with "quotes"': "+1+cmd|' /C calc'!A0", Notes: 'line one\nline two, "quoted"' };
    }
    orders.push({
      orderNo: `ORD${String(index + 1).padStart(6, '0')}`,
      orderCost: 10 * tickets,
      quantity: tickets,
      status: 'success',
      paidBy: 'guest',
      paidTo: null,
      refundAmount: null,
      city: index % 2 === 0 ? 'Zürich' : 'München',
      state: null,
      country: null,
      address: null,
      zipcode: null,
      phoneNo: index % 5 === 0 ? '+41 44 000 00 00' : '0441234567',
      purchaseDate: { date: `2026-01-${String((index % 28) + 1).padStart(2, '0')} 10:00:00`, timezone_type: 3, timezone: 'UTC' },
      name: `Buyer ${index}`,
      email: `buyer${index}@example.test`,
      attendee,
    });
  }
  return orders;
}

/** Serves `orders` as E11 does under the given counting, at most 50 a call. */
export function pagedServer(orders: readonly AttendeeRecord[], semantics: PagingSemantics) {
  const calls: RecordRange[] = [];
  const fetchBatch: FetchAttendeeBatch<AttendeeRecord> = async (range) => {
    calls.push(range);
    if (semantics === 'zero-based-offset') {
      const span = Math.min(50, Math.max(0, range.toRecord - range.fromRecord));
      return orders.slice(range.fromRecord, range.fromRecord + span);
    }
    const first = Math.max(1, range.fromRecord);
    const last = Math.min(range.toRecord, first + 49);
    return orders.slice(first - 1, Math.max(first - 1, last));
  };
  return { fetchBatch, calls };
}

/** A clock whose sleep returns at once and moves time on, recording each wait. */
export function fakeClock(): Clock & { slept: number[] } {
  let now = Date.parse('2026-03-01T10:00:00Z');
  const slept: number[] = [];
  return {
    slept,
    now: () => new Date(now),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      slept.push(ms);
      now += ms;
    },
  };
}

/** The record an export's checkpoint file says it resumes at (throws while there is none). */
export function nextRecordOf(checkpointPath: string): number {
  return (JSON.parse(readFileSync(checkpointPath, 'utf8')) as { nextRecord: number }).nextRecord;
}
