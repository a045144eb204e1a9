// E12 booking request: a browser form post to {apiUrl}/em/booking, authenticated by its
// bookingKey (no bearer header). The client does not post it; it validates the request and
// returns the form's target and fields, for a page that the user's browser submits.
import { toFormFields } from './encode.js';
import { assertSafeToSendCredentials } from './http.js';
import { joinUrl } from './operation.js';
import { bookingRequest } from './schemas/index.js';
import type { BookingRequest } from './schemas/index.js';
import { parseRequest } from './validate.js';

export const BOOKING_PATH = '/em/booking';

export interface BookingForm {
  /** The address the form posts to. */
  action: string;
  /** The form's fields, as text (defaults applied: currency INR, pg pg2). */
  fields: Record<string, string>;
}

export interface BookingApi {
  requestForm(request: BookingRequest): BookingForm;
}

export function createBookingApi(apiUrl: string): BookingApi {
  return {
    requestForm(request) {
      const parsed = parseRequest(bookingRequest, request);
      const action = joinUrl(apiUrl, 'apiUrl', BOOKING_PATH);
      // The form carries the booking key; the reference requires SSL for booking endpoints.
      assertSafeToSendCredentials(new URL(action), 'a booking key');
      return { action, fields: toFormFields(parsed) };
    },
  };
}
