// The return's secure code is the md5 of a key alone, the same for every booking of the account:
// it shows the return was made by someone holding the key, but covers neither the status nor the
// amount, which travel in the clear through the browser. So a return is accepted only when the
// service's own record of the booking (E13) agrees: listed, same status, and the amount and
// currency that were requested.
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import { bookingReturnError, paymentOutcome, type BookingReturn } from './response.js';
import type { DateWindow } from './windows.js';
import { formatMoney } from '../util/count.js';

export interface BookingRecordLike {
  orderNo: string;
  bookingId?: unknown;
  status?: string;
  amount?: number;
  currency?: string;
  /** The sandbox's record of a foreign-currency booking: the amount converted to INR. */
  amountInr?: unknown;
}

/** What was asked for: the return must be for this much, in this currency. */
export interface RequestedPayment {
  orderNo: string;
  amount: number;
  currency: string;
  /** The service's id of this booking, when it gave one: other bookings of the order are not this one. */
  bookingId?: string;
}

/** The service does not list the booking a return claims to be about. */
export class BookingNotListedError extends BoxofficeError {}
nameErrorClasses({ BookingNotListedError });

const CENT = 0.005;

function sameAmount(a: number, b: number): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) < CENT;
}

/**
 * The amounts a genuine return may carry: the requested one, and for a foreign currency the INR
 * amount the service converted it to (E12), as its record states it.
 */
function acceptableAmounts(requested: RequestedPayment, record: BookingRecordLike): number[] {
  const amounts = [requested.amount];
  const converted = Number(record.amountInr);
  if (requested.currency !== 'INR' && record.amountInr !== undefined && Number.isFinite(converted)) amounts.push(converted);
  return amounts;
}

function describeRecord(record: BookingRecordLike): string {
  return `${record.status ?? '?'}, ${record.amount ?? '?'} ${record.currency ?? ''}`.trim();
}

/**
 * The record that confirms the return, or an error: BookingNotListedError when the service lists
 * no booking of the order, E022 naming what disagrees otherwise.
 */
export function confirmReturn(returned: BookingReturn, requested: RequestedPayment, records: readonly BookingRecordLike[]): BookingRecordLike {
  const ofOrder = records.filter(
    (record) =>
      String(record.orderNo) === requested.orderNo &&
      (requested.bookingId === undefined || record.bookingId === undefined || String(record.bookingId) === requested.bookingId),
  );
  if (ofOrder.length === 0) {
    throw new BookingNotListedError(
      `the service lists no booking of order ${requested.orderNo}, so its return (${returned.status}, ${returned.amount}) is not accepted`,
    );
  }
  const returnedAmount = Number(returned.amount);
  const problems: string[] = [];
  for (const record of ofOrder) {
    if (record.status === undefined || paymentOutcome(record.status) !== paymentOutcome(returned.status)) {
      problems.push(`status: the return says ${returned.status}; the service's record says ${describeRecord(record)}`);
      continue;
    }
    if (record.amount === undefined || !sameAmount(record.amount, requested.amount) || (record.currency ?? requested.currency) !== requested.currency) {
      problems.push(`amount: ${formatMoney(requested.amount, requested.currency)} was requested; the service's record says ${describeRecord(record)}`);
      continue;
    }
    if (!acceptableAmounts(requested, record).some((amount) => sameAmount(amount, returnedAmount))) {
      problems.push(`amount: ${formatMoney(requested.amount, requested.currency)} was requested; the return says ${returned.amount}`);
      continue;
    }
    return record;
  }
  const [first] = problems;
  const field = first.slice(0, first.indexOf(':'));
  throw bookingReturnError(field, `order ${requested.orderNo}: ${first.slice(field.length + 2)}`);
}

/** The days around `now` (UTC) in which a booking just made is listed, whatever the time zone. */
export function recentWindow(now: Date): DateWindow {
  return windowAround(now, -1);
}

/** The longest window E13 takes in one call, ending tomorrow: where an earlier booking of an order number is looked for. */
export function lookBackWindow(now: Date): DateWindow {
  return windowAround(now, -29);
}

function windowAround(now: Date, fromOffsetDays: number): DateWindow {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { fromDate: day(fromOffsetDays), toDate: day(1) };
}
