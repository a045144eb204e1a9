import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/client/errors.js';
import { validateDateRange } from '../../src/bookings/list-input.js';
import { flagName, validateBookingFlags, withCallbackUrl } from '../../src/bookings/request-input.js';

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('validateDateRange', () => {
  it('accepts a real range, same day included', () => {
    expect(validateDateRange('2026-01-01', '2026-01-01')).toEqual({ fromDate: '2026-01-01', toDate: '2026-01-01' });
    expect(validateDateRange(' 2024-02-29 ', '2024-03-01')).toEqual({ fromDate: '2024-02-29', toDate: '2024-03-01' });
  });

  it.each([
    [undefined, '2026-01-01', '--from-date', 'is required'],
    ['2026-01-01', undefined, '--to-date', 'is required'],
    ['2026/01/01', '2026-01-02', '--from-date', 'yyyy-mm-dd'],
    ['2026-01-01', '2026-02-30', '--to-date', 'yyyy-mm-dd'],
    ['2025-02-29', '2025-03-01', '--from-date', 'yyyy-mm-dd'],
    ['2026-03-02', '2026-03-01', '--to-date', 'before --from-date'],
  ])('refuses from=%s to=%s naming %s', (from, to, flag, text) => {
    const error = usageError(() => validateDateRange(from, to));
    expect(error.field).toBe(flag);
    expect(error.message).toContain(flag);
    expect(error.message).toContain(text);
  });
});

describe('validateBookingFlags', () => {
  const minimal = { amount: '250.5', orderNo: 'ORD-1', bookingKey: 'bk' };

  it('maps API names to kebab-case flags', () => {
    expect(flagName('orderNo')).toBe('--order-no');
    expect(flagName('emailId')).toBe('--email-id');
    expect(flagName('callbackUrl')).toBe('--callback-url');
    expect(flagName('pg')).toBe('--pg');
  });

  it('applies the defaults INR and pg2, and a stand-in callback until the listener gives one', () => {
    const request = validateBookingFlags(minimal);
    expect(request).toMatchObject({ amount: 250.5, orderNo: 'ORD-1', bookingKey: 'bk', currency: 'INR', pg: 'pg2' });
    expect(withCallbackUrl(request, 'http://127.0.0.1:5/return/x').callbackUrl).toBe('http://127.0.0.1:5/return/x');
  });

  it('accepts every currency and gateway of the reference, in any case', () => {
    for (const currency of ['INR', 'USD', 'GBP', 'EUR', 'PHP', 'ZAR', 'usd']) {
      expect(validateBookingFlags({ ...minimal, currency }).currency).toBe(currency.toUpperCase());
    }
    expect(validateBookingFlags({ ...minimal, pg: 'PG1' }).pg).toBe('pg1');
  });

  it('accepts text exactly at the §8 limits', () => {
    const request = validateBookingFlags({
      ...minimal,
      name: 'n'.repeat(200),
      emailId: 'e'.repeat(200),
      phoneNo: '9'.repeat(30),
      country: 'c'.repeat(1000),
      address: 'a'.repeat(1000),
      callbackUrl: 'https://shop.example/return',
    });
    expect(request.name).toHaveLength(200);
    expect(request.callbackUrl).toBe('https://shop.example/return');
  });

  it.each([
    [{ amount: undefined }, '--amount', 'is required'],
    [{ orderNo: ' ' }, '--order-no', 'is required'],
    [{ bookingKey: undefined }, '--booking-key', 'BOXOFFICE_BOOKING_KEY'],
    [{ amount: 'ten' }, '--amount', 'expected a number'],
    [{ amount: '0' }, '--amount', 'more than 0'],
    [{ name: 'n'.repeat(201) }, '--name', 'at most 200'],
    [{ emailId: 'e'.repeat(201) }, '--email-id', 'at most 200'],
    [{ phoneNo: '9'.repeat(31) }, '--phone-no', 'at most 30'],
    [{ country: 'c'.repeat(1001) }, '--country', 'at most 1000'],
    [{ address: 'a'.repeat(1001) }, '--address', 'at most 1000'],
    [{ currency: 'JPY' }, '--currency', 'INR, USD, GBP, EUR, PHP, ZAR'],
    [{ pg: 'pg3' }, '--pg', 'pg1, pg2'],
    [{ callbackUrl: 'not a url' }, '--callback-url', 'absolute URL'],
    [{ callbackUrl: 'ftp://x.example/' }, '--callback-url', 'http or https'],
  ])('refuses %o naming %s', (override, flag, text) => {
    const error = usageError(() => validateBookingFlags({ ...minimal, ...override }));
    expect(error.field).toBe(flag);
    expect(error.message).toContain(flag);
    expect(error.message).toContain(text);
  });
});
