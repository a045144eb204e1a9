// The booking return (E12 → callbackUrl): `response` = base64 of `orderNo|status|amount|code`,
// where `code` is the md5 hex of the booking key (the sandbox) or of the access token (what the
// live service's clients check). The CLI accepts either.
import { md5Hex } from '../util/digest.js';
import { ERROR_CODE_MEANINGS, SignatureError } from '../client/errors.js';
import { sameSecret } from '../util/same-secret.js';

export interface BookingReturn {
  orderNo: string;
  status: string;
  /** The amount as the service wrote it (kept as text: it is echoed, not computed with). */
  amount: string;
  /** md5 hex, lower case. */
  code: string;
}

/**
 * E022 naming the part of the return that is wrong; `detail` (never a secret) follows the code's
 * meaning, which alone does not say what disagreed.
 */
export function bookingReturnError(field: string, detail?: string): SignatureError {
  const description = detail === undefined ? undefined : `${ERROR_CODE_MEANINGS.E022}: ${field} (${detail})`;
  return new SignatureError({ code: 'E022', httpStatus: 0, field, description });
}

/** The return cannot be read at all; like a wrong code, it is not to be trusted. */
function unreadable(reason: string): SignatureError {
  return bookingReturnError('response', `the booking return ${reason}`);
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Decodes the `response` value. Accepts standard and URL-safe base64, and the spaces a query
 * string decoder leaves where `+` was sent unencoded.
 */
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

export interface VerifySecrets {
  bookingKey: string;
  /** The profile's access token, when there is one: the live service's clients check its md5. */
  accessToken?: string;
}

/** Throws SignatureError (E022) unless `code` is the md5 of the booking key or of the token. */
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
