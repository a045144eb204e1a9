// The booking return (E12 → callbackUrl): `response` = base64 of `orderNo|status|amount|code`,
// where `code` is the md5 hex of the booking key (the sandbox) or of the access token (what the
// live service's clients check). The CLI accepts either.
// That code is the same for every booking of the account: it shows the return was made by
// someone holding the key, but covers neither the status nor the amount, which travel in the
// clear through the browser. So a return is accepted only when the service's own record of the
// booking (E13) agrees: listed, same status, and the amount and currency that were requested.
import { md5Hex } from '../util/digest.js';
import { BoxofficeError, ERROR_CODE_MEANINGS, SignatureError, nameErrorClasses } from '../client/errors.js';
import { formatMoney } from '../util/count.js';
import { sameSecret } from '../util/same-secret.js';
import type { DateWindow } from './windows.js';

export interface BookingReturn {
  orderNo: string;
  status: string;
  /** The amount as the service wrote it (kept as text: it is echoed, not computed with). */
  amount: string;
  /** md5 hex, lower case. */
  code: string;
}

/** E022 naming the part of the return that is wrong; `detail` (never a secret) follows the code's meaning, which alone does not say what disagreed. */
export function bookingReturnError(field: string, detail?: string): SignatureError {
  const description = detail === undefined ? undefined : `${ERROR_CODE_MEANINGS.E022}: ${field} (${detail})`;
  return new SignatureError({ code: 'E022', httpStatus: 0, field, description });
}

/** The return cannot be read at all; like a wrong code, it is not to be trusted. */
function unreadable(reason: string): SignatureError {
  return bookingReturnError('response', `the booking return ${reason}`);
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes the `response` value. Accepts standard and URL-safe base64, and the spaces a query string decoder leaves where `+` was sent unencoded. */
export function decodeBookingReturn(response: string): BookingReturn {
  const compact = response.trim().replace(/ /g, '+');
  if (compact === '' || !BASE64.test(compact)) throw unreadable('is not base64');
  const text = Buffer.from(compact, 'base64').toString('utf8');
  const parts = text.split('|');
  if (parts.length < 4) throw unreadable('does not have the form orderNo|status|amount|code');
  // The order number is the caller's own text and could itself hold a '|'; the last three parts
  // are the service's.
  const [status, amount, code] = parts.slice(-3).map((part) => part.trim());
  const orderNo = parts.slice(0, -3).join('|').trim();
  if (orderNo === '' || status === '') throw unreadable('has no order number or status');
  return { orderNo, status, amount, code: code.toLowerCase() };
}

type VerifySecrets = { bookingKey: string; accessToken?: string };

/** Throws SignatureError (E022) unless `code` is the md5 of the booking key or of the access token (what the live service's clients check). */
export function verifyBookingReturn(decoded: BookingReturn, secrets: VerifySecrets): void {
  const candidates = [secrets.bookingKey, secrets.accessToken].filter((secret): secret is string => typeof secret === 'string' && secret !== '');
  // Compare against every candidate (no early exit), so the time taken says nothing.
  let matched = false;
  for (const secret of candidates) matched = sameSecret(md5Hex(secret), decoded.code.toLowerCase()) || matched;
  if (!matched) throw bookingReturnError('code');
}

/** Decodes and verifies; also refuses a return for another order than the one requested. */
export function readBookingReturn(response: string, secrets: VerifySecrets, expectedOrderNo?: string): BookingReturn {
  const decoded = decodeBookingReturn(response);
  verifyBookingReturn(decoded, secrets);
  if (expectedOrderNo !== undefined && decoded.orderNo !== expectedOrderNo) {
    throw bookingReturnError('orderNo', `the return is for order ${decoded.orderNo}, not ${expectedOrderNo}`);
  }
  return decoded;
}

const PAID = new Set(['success', 'successful', 'paid', 'captured', 'completed', 'complete', 'confirm', 'confirmed']);
const FAILED = new Set(['fail', 'failed', 'failure', 'error', 'declined', 'cancel', 'cancelled', 'canceled', 'aborted']);

/** What the status word means for the caller; anything unrecognised counts as not paid. */
export function paymentOutcome(status: string): 'paid' | 'failed' | 'pending' {
  const word = status.trim().toLowerCase();
  if (PAID.has(word)) return 'paid';
  if (FAILED.has(word)) return 'failed';
  return 'pending';
}

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

function sameAmount(a: number, b: number): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) < 0.005;
}

export function describeRecord(record: BookingRecordLike): string {
  return `${record.status ?? '?'}, ${record.amount ?? '?'} ${record.currency ?? ''}`.trim();
}

/** The record that confirms the return; BookingNotListedError when no booking of the order is listed, else E022 naming what disagrees. */
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
  const asked = `${formatMoney(requested.amount, requested.currency)} was requested`;
  const problems: [field: string, detail: string][] = [];
  for (const record of ofOrder) {
    const recorded = `the service's record says ${describeRecord(record)}`;
    // A foreign-currency return may carry the INR amount the service converted it to (E12), as its record states it.
    const converted = requested.currency !== 'INR' && record.amountInr !== undefined ? Number(record.amountInr) : Number.NaN;
    if (record.status === undefined || paymentOutcome(record.status) !== paymentOutcome(returned.status)) {
      problems.push(['status', `the return says ${returned.status}; ${recorded}`]);
    } else if (record.amount === undefined || !sameAmount(record.amount, requested.amount) || (record.currency ?? requested.currency) !== requested.currency) {
      problems.push(['amount', `${asked}; ${recorded}`]);
    } else if (!sameAmount(requested.amount, returnedAmount) && !sameAmount(converted, returnedAmount)) {
      problems.push(['amount', `${asked}; the return says ${returned.amount}`]);
    } else {
      return record;
    }
  }
  const [field, detail] = problems[0];
  throw bookingReturnError(field, `order ${requested.orderNo}: ${detail}`);
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
