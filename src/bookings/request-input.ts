// `bookings request` flags → a validated E12 booking request. Every E12 parameter is a flag named
// as its kebab-case; errors name the flag, and nothing is sent or opened before this passes.
import { UsageError } from '../client/errors.js';
import { bookingRequest } from '../client/schemas/index.js';
import type { z } from 'zod';

/** E12 parameters in the reference's order (api-reference §4.2). */
export const BOOKING_PARAMETERS = [
  'amount',
  'orderNo',
  'name',
  'emailId',
  'phoneNo',
  'country',
  'state',
  'city',
  'address',
  'zipcode',
  'bookingKey',
  'callbackUrl',
  'currency',
  'pg',
] as const;
export type BookingParameter = (typeof BOOKING_PARAMETERS)[number];

export type BookingFlagValues = Partial<Record<BookingParameter, string>>;
export type ValidBookingRequest = z.output<typeof bookingRequest>;

export function flagName(parameter: string): string {
  return `--${parameter.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

const REQUIRED: readonly BookingParameter[] = ['amount', 'orderNo', 'bookingKey'];

/** Stands in for the listener's address while the other fields are checked before it starts. */
const PENDING_CALLBACK = 'http://127.0.0.1/pending';

/**
 * Validates the flags. Without a callback URL the request is checked with a stand-in one (the
 * CLI's own listener supplies it later), so a bad value is reported before anything starts.
 */
export function validateBookingFlags(values: BookingFlagValues): ValidBookingRequest {
  for (const parameter of REQUIRED) {
    const value = values[parameter];
    if (value === undefined || value.trim() === '') {
      const hint = parameter === 'bookingKey' ? ' (or set BOXOFFICE_BOOKING_KEY, or the profile\'s bookingKey)' : '';
      throw new UsageError(`${flagName(parameter)} is required${hint}`, flagName(parameter));
    }
  }
  const input: Record<string, string> = {};
  for (const parameter of BOOKING_PARAMETERS) {
    const value = values[parameter];
    if (value !== undefined) input[parameter] = value;
  }
  input.currency = input.currency?.toUpperCase() ?? 'INR';
  input.pg = input.pg?.toLowerCase() ?? 'pg2';
  if (input.callbackUrl === undefined) input.callbackUrl = PENDING_CALLBACK;
  else checkCallbackUrl(input.callbackUrl);

  const parsed = bookingRequest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parameter = String(issue.path[0] ?? 'request');
    throw new UsageError(`${flagName(parameter)}: ${issue.message}`, flagName(parameter));
  }
  return parsed.data;
}

function checkCallbackUrl(text: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('--callback-url: expected an absolute URL', '--callback-url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError('--callback-url: expected an http or https URL', '--callback-url');
  }
}

/** Puts the listener's real address in place of the stand-in. */
export function withCallbackUrl(request: ValidBookingRequest, callbackUrl: string): ValidBookingRequest {
  return { ...request, callbackUrl };
}
