// What the verbs of `boxoffice bookings` share.
import { UsageError } from '../../../client/errors.js';

/**
 * The columns of the table and of piped lines: fixed, so that scripts can rely on positions.
 * Anything else the service sends is kept in --json and in csv (whose header names it). They
 * carry no personal data: `boxoffice mcp` returns these alone.
 */
export const KNOWN_COLUMNS = ['orderNo', 'createdOn', 'status', 'amount', 'currency'] as const;

/** --booking-key, else the profile's (where the session has already laid BOXOFFICE_BOOKING_KEY). */
export function resolveBookingKey(flag: string | undefined, fromProfile: string | undefined): string {
  const key = [flag, fromProfile].find((value) => value !== undefined && value.trim() !== '');
  if (key === undefined) {
    throw new UsageError(
      'a booking key is required: --booking-key, BOXOFFICE_BOOKING_KEY, or boxoffice config set bookingKey …',
      '--booking-key',
    );
  }
  return key.trim();
}
