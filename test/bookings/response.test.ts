import { describe, expect, it } from 'vitest';
import { SignatureError } from '../../src/client/errors.js';
import { decodeBookingReturn, paymentOutcome, readBookingReturn, verifyBookingReturn } from '../../src/bookings/response.js';
import { md5Hex } from '../../src/util/digest.js';

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const BOOKING_KEY = 'bk_test_123';
const TOKEN = 'tok_abc';

describe('decodeBookingReturn', () => {
  it('reads orderNo|status|amount|code', () => {
    const code = md5Hex(BOOKING_KEY);
    expect(decodeBookingReturn(encode(`ORD-1|success|250.50|${code}`))).toEqual({
      orderNo: 'ORD-1',
      status: 'success',
      amount: '250.50',
      code,
    });
  });

  it('keeps a "|" inside the order number, lower-cases the code, and mends "+" read as space', () => {
    const code = md5Hex(BOOKING_KEY).toUpperCase();
    const decoded = decodeBookingReturn(encode(`A|B|fail|10|${code}`));
    expect(decoded).toMatchObject({ orderNo: 'A|B', status: 'fail', code: code.toLowerCase() });
    // '>>>' encodes as 'Pj4+': a query decoder that turns '+' into ' ' must not break it.
    const withPlus = encode(`>>>|success|1|${code}`);
    expect(withPlus).toContain('+');
    expect(decodeBookingReturn(withPlus.replace(/\+/g, ' ')).orderNo).toBe('>>>');
  });

  it('accepts URL-safe base64', () => {
    const standard = encode(`ORD>?>|success|1|${md5Hex(BOOKING_KEY)}`);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeBookingReturn(urlSafe).orderNo).toBe('ORD>?>');
  });

  it.each([
    ['empty', ''],
    ['not base64', '%%%not-base64%%%'],
    ['too few parts', encode('ORD-1|success|1')],
    ['no order number', encode(`|success|1|${md5Hex(BOOKING_KEY)}`)],
  ])('refuses a return that is %s with E022', (_, response) => {
    expect(() => decodeBookingReturn(response)).toThrow(SignatureError);
    expect(() => decodeBookingReturn(response)).toThrow(/E022/);
  });
});

describe('verifyBookingReturn', () => {
  const returned = (code: string) => decodeBookingReturn(encode(`ORD-1|success|1|${code}`));

  it('accepts the md5 of the booking key, or of the access token', () => {
    expect(() => verifyBookingReturn(returned(md5Hex(BOOKING_KEY)), { bookingKey: BOOKING_KEY })).not.toThrow();
    expect(() => verifyBookingReturn(returned(md5Hex(TOKEN)), { bookingKey: BOOKING_KEY, accessToken: TOKEN })).not.toThrow();
  });

  it('refuses anything else with SignatureError E022 that does not reveal the secret', () => {
    const cases = [
      returned(md5Hex('other key')),
      returned(md5Hex(TOKEN)), // the token's md5 without a token configured
      returned(md5Hex(BOOKING_KEY).slice(0, 31)),
      returned(''),
    ];
    for (const decoded of cases) {
      let caught: unknown;
      try {
        verifyBookingReturn(decoded, { bookingKey: BOOKING_KEY });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SignatureError);
      const error = caught as SignatureError;
      expect(error.code).toBe('E022');
      expect(error.message).toBe('error E022: response private key does not match: code');
      expect(error.message).not.toContain(BOOKING_KEY);
    }
  });

  it('readBookingReturn also refuses a genuine return for another order', () => {
    const response = encode(`ORD-2|success|1|${md5Hex(BOOKING_KEY)}`);
    expect(readBookingReturn(response, { bookingKey: BOOKING_KEY }, 'ORD-2').orderNo).toBe('ORD-2');
    expect(() => readBookingReturn(response, { bookingKey: BOOKING_KEY }, 'ORD-1')).toThrow(/E022.*orderNo/);
  });

  it('refuses a forged return whose maker did not hold the key', () => {
    // The code covers the key only (not status or amount): a forger without the key cannot make
    // a valid one. A changed status under a genuine code is caught against E13 (cross-check.ts).
    const forged = encode(`ORD-1|success|999|${md5Hex('guess')}`);
    expect(() => readBookingReturn(forged, { bookingKey: BOOKING_KEY }, 'ORD-1')).toThrow(SignatureError);
  });
});

describe('paymentOutcome', () => {
  it.each([
    ['success', 'paid'],
    ['Success', 'paid'],
    ['confirm', 'paid'],
    ['fail', 'failed'],
    ['FAILED', 'failed'],
    ['cancelled', 'failed'],
    ['pending', 'pending'],
    ['something-new', 'pending'],
  ] as const)('%s → %s', (status, outcome) => {
    expect(paymentOutcome(status)).toBe(outcome);
  });
});
