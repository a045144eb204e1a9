import { describe, expect, it } from 'vitest';
import { SignatureError } from '../../src/client/errors.js';
import { crossCheckReturn, recentWindow } from '../../src/bookings/cross-check.js';
import type { BookingReturn } from '../../src/bookings/response.js';

const returned: BookingReturn = { orderNo: 'ORD-1', status: 'success', amount: '250.50', code: 'x' };

describe('crossCheckReturn', () => {
  it('confirms a record with the same status and amount (numbers compared as numbers)', () => {
    expect(crossCheckReturn(returned, [{ orderNo: 'ORD-1', status: 'Success', amount: 250.5 }])).toBe('confirmed');
  });

  it('confirms when one of several records of the order agrees (an order number tried twice)', () => {
    const records = [
      { orderNo: 'ORD-1', status: 'fail', amount: 250.5 },
      { orderNo: 'ORD-1', status: 'success', amount: 250.5 },
    ];
    expect(crossCheckReturn(returned, records)).toBe('confirmed');
  });

  it('says not-listed when the service has no record of the order', () => {
    expect(crossCheckReturn(returned, [{ orderNo: 'ORD-2', status: 'success', amount: 250.5 }])).toBe('not-listed');
  });

  it.each([
    [{ orderNo: 'ORD-1', status: 'fail', amount: 250.5 }, 'fail'],
    [{ orderNo: 'ORD-1', status: 'success', amount: 25.05 }, '25.05'],
  ])('refuses a return the record contradicts (%o) with E022 naming what the record says', (record, shown) => {
    let caught: unknown;
    try {
      crossCheckReturn(returned, [record]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SignatureError);
    expect((caught as SignatureError).message).toMatch(/^error E022: .*: status \(the return says success, 250\.50; .* says /);
    expect((caught as SignatureError).message).toContain(shown);
  });
});

describe('recentWindow', () => {
  it('spans yesterday to tomorrow in UTC, across a month end', () => {
    expect(recentWindow(new Date('2026-03-01T00:30:00Z'))).toEqual({ fromDate: '2026-02-28', toDate: '2026-03-02' });
  });
});
