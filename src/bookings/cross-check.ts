// The return's secure code is the md5 of a key alone: it shows the return was made by someone
// holding the key, but does not cover the status or the amount, which travel in the clear through
// the browser. When the CLI also holds an access token, it compares the return with the
// service's own record of the order (E13, over the authenticated API) before reporting it.
import { bookingReturnError, type BookingReturn } from './response.js';
import type { DateWindow } from './windows.js';

export interface BookingRecordLike {
  orderNo: string;
  status?: string;
  amount?: number;
}

export type CrossCheck = 'confirmed' | 'not-listed';

/**
 * 'confirmed' when a record of the order has the returned status and amount, 'not-listed' when
 * the service lists no record of it (yet); a record that disagrees is E022.
 */
export function crossCheckReturn(returned: BookingReturn, records: readonly BookingRecordLike[]): CrossCheck {
  const ofOrder = records.filter((record) => record.orderNo === returned.orderNo);
  if (ofOrder.length === 0) return 'not-listed';
  const amount = Number(returned.amount);
  const agrees = (record: BookingRecordLike) =>
    (record.status === undefined || record.status.trim().toLowerCase() === returned.status.trim().toLowerCase()) &&
    (record.amount === undefined || (Number.isFinite(amount) && Math.abs(record.amount - amount) < 0.005));
  if (ofOrder.some(agrees)) return 'confirmed';
  const seen = ofOrder.map((record) => `${record.status ?? '?'}, ${record.amount ?? '?'}`).join('; ');
  throw bookingReturnError(
    'status',
    `the return says ${returned.status}, ${returned.amount}; the service's record of order ${returned.orderNo} says ${seen}`,
  );
}

/** The days around `now` (UTC) in which a booking just made is listed, whatever the time zone. */
export function recentWindow(now: Date): DateWindow {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { fromDate: day(-1), toDate: day(1) };
}
