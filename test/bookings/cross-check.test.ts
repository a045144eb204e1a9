import { describe, expect, it } from 'vitest';
import { SignatureError } from '../../src/client/errors.js';
import { BookingNotListedError, type BookingReturn, confirmReturn, lookBackWindow, recentWindow, type RequestedPayment } from '../../src/bookings/response.js';

const returned: BookingReturn = { orderNo: 'ORD-1', status: 'success', amount: '250.50', code: 'x' };
const requested: RequestedPayment = { orderNo: 'ORD-1', amount: 250.5, currency: 'INR' };

function refusal(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('not refused');
}

describe('confirmReturn', () => {
  it('confirms a record with the same outcome and the requested amount and currency', () => {
    expect(confirmReturn(returned, requested, [{ orderNo: 'ORD-1', status: 'Success', amount: 250.5, currency: 'INR' }])).toMatchObject({ amount: 250.5 });
  });

  it('picks the booking this run made when the service gave its id (an order number tried twice)', () => {
    const records = [
      { orderNo: 'ORD-1', bookingId: '7', status: 'success', amount: 250.5 },
      { orderNo: 'ORD-1', bookingId: '9', status: 'fail', amount: 250.5 },
    ];
    expect(refusal(() => confirmReturn(returned, { ...requested, bookingId: '9' }, records)).message).toContain('status');
    expect(confirmReturn(returned, { ...requested, bookingId: '7' }, records)).toMatchObject({ bookingId: '7' });
  });

  it('refuses a return for a booking the service does not list', () => {
    const error = refusal(() => confirmReturn(returned, requested, [{ orderNo: 'ORD-2', status: 'success', amount: 250.5 }]));
    expect(error).toBeInstanceOf(BookingNotListedError);
  });

  it.each([
    [{ orderNo: 'ORD-1', status: 'fail', amount: 250.5 }, 'status', 'fail'],
    [{ orderNo: 'ORD-1', status: 'success', amount: 1 }, 'amount', '250.50 INR was requested'],
    [{ orderNo: 'ORD-1', status: 'success', amount: 250.5, currency: 'USD' }, 'amount', 'USD'],
    [{ orderNo: 'ORD-1', status: 'success' }, 'amount', '?'],
  ])('refuses a return the record contradicts (%o) with E022 naming the field', (record, field, shown) => {
    const error = refusal(() => confirmReturn(returned, requested, [record]));
    expect(error).toBeInstanceOf(SignatureError);
    expect(error.message).toMatch(new RegExp(`^error E022: .*: ${field} \\(order ORD-1: `));
    expect(error.message).toContain(shown);
  });

  it('refuses a return whose own amount differs from the request, whatever the record says', () => {
    const error = refusal(() => confirmReturn({ ...returned, amount: '1.00' }, requested, [{ orderNo: 'ORD-1', status: 'success', amount: 250.5 }]));
    expect(error.message).toContain('the return says 1.00');
  });

  it('takes a foreign-currency return in the requested amount or in the INR the service converted it to', () => {
    const usd: RequestedPayment = { orderNo: 'ORD-1', amount: 10, currency: 'USD' };
    const record = { orderNo: 'ORD-1', status: 'success', amount: 10, currency: 'USD', amountInr: 830 };
    expect(confirmReturn({ ...returned, amount: '10.00' }, usd, [record])).toBe(record);
    expect(confirmReturn({ ...returned, amount: '830.00' }, usd, [record])).toBe(record);
    expect(refusal(() => confirmReturn({ ...returned, amount: '8.30' }, usd, [record]))).toBeInstanceOf(SignatureError);
  });
});

describe('windows', () => {
  it('recentWindow spans yesterday to tomorrow in UTC, across a month end', () => {
    expect(recentWindow(new Date('2026-03-01T00:30:00Z'))).toEqual({ fromDate: '2026-02-28', toDate: '2026-03-02' });
  });

  it('lookBackWindow is the longest one call takes (31 days), ending tomorrow', () => {
    expect(lookBackWindow(new Date('2026-03-01T00:30:00Z'))).toEqual({ fromDate: '2026-01-31', toDate: '2026-03-02' });
  });
});
