// E12 booking request: a browser form post to {apiUrl}/em/booking, authenticated by its bookingKey
// (no bearer). `requestForm` gives the form for the user's browser to submit; `submit` posts it
// as a browser would (urlencoded), through the client's transport as every other call.
import type * as z from 'zod/mini';
import { toFormFields } from './encode.js';
import { ResponseShapeError } from './errors.js';
import { assertSafeToSendCredentials, type CallOptions, type HttpTransport } from './http.js';
import { joinUrl } from './operation.js';
import { bookingRequest, submittedBooking, type BookingRequest } from './schemas/index.js';
import { parseRequest } from './validate.js';

export interface BookingForm {
  action: string;
  /** The form's fields, as text (defaults applied: currency INR, pg pg2). */
  fields: Record<string, string>;
}

/** paymentUrl: the payment page to hand the buyer's browser, when the service answered with one (JSON). */
export type SubmittedBooking = z.output<typeof submittedBooking>;

export interface BookingApi {
  requestForm(request: BookingRequest): BookingForm;
  /** Posts the form server-side; the service delivers the result to the request's callbackUrl. */
  submit(request: BookingRequest, options?: CallOptions): Promise<SubmittedBooking>;
}

export function createBookingApi(apiUrl: string, transport: HttpTransport): BookingApi {
  const requestForm = (request: BookingRequest): BookingForm => {
    const parsed = parseRequest(bookingRequest, request);
    const action = joinUrl(apiUrl, 'apiUrl', '/em/booking');
    // The form carries the booking key; the reference requires SSL for booking endpoints.
    assertSafeToSendCredentials(new URL(action), 'a booking key');
    return { action, fields: toFormFields(parsed) };
  };
  return {
    requestForm,
    async submit(request, options) {
      const form = requestForm(request);
      const { orderNo } = request;
      const recheck = { operationId: 'E12', request: { orderNo }, hint: `Look for order ${orderNo} in the booking list before requesting it again.` };
      const exchange = { operation: 'booking request', method: 'POST' as const, url: form.action, body: new URLSearchParams(form.fields) };
      const answer = await transport.send({ ...exchange, secrets: [request.bookingKey], idempotent: false, recheck }, options).catch((error: unknown) => {
        // The service answers an accepted booking with its payment page (HTML, not JSON); error
        // answers are raised by the transport before it looks at the shape.
        if (error instanceof ResponseShapeError) return undefined;
        throw error;
      });
      const parsed = submittedBooking.safeParse(answer);
      if (!parsed.success) return {};
      const paymentUrl = parsed.data.paymentUrl === undefined ? undefined : new URL(parsed.data.paymentUrl, form.action).toString();
      return { paymentUrl, bookingId: parsed.data.bookingId };
    },
  };
}
