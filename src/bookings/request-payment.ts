// The payment flow of an E12 booking request, with this program as the return address: a
// loopback listener serves a page that posts the booking form to the service's /em/booking, the
// buyer pays in a browser, and the service's return is decoded, verified (response.ts) and, when
// the caller can read E13, compared with the service's own record (cross-check.ts).
import type { BookingListRequest, BookingRequest } from '../client/schemas/index.js';
import { formatDuration } from '../util/duration.js';
import { awaitReturn } from './await-return.js';
import { type BookingRecordLike, crossCheckReturn, recentWindow } from './cross-check.js';
import { renderAutoPostPage } from './pages.js';
import { type BookingReturn, bookingReturnError, paymentOutcome, readBookingReturn } from './response.js';
import { startReturnListener } from './return-listener.js';

/** The part of the client the flow uses. */
export interface PaymentApi {
  /** E12's form for a callback address (client.booking.requestForm). */
  requestForm(request: BookingRequest): { action: string; fields: Record<string, string> };
  /** E13 (client.events.bookingList); called only when an access token is given. */
  bookingList(request: BookingListRequest): Promise<{ bookings: readonly BookingRecordLike[] }>;
}

export interface PaymentInput {
  /** The validated request; its callbackUrl is replaced by the listener's. */
  request: BookingRequest;
  /** The live service's returns are signed with the access token's md5; without one, no E13 check. */
  accessToken?: string;
  timeoutMs: number;
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Ctrl-C: stops the wait. */
  signal: AbortSignal;
}

export interface PaymentHooks {
  /**
   * The page that posts the form is being served at `url`: show it to the buyer (open a
   * browser, print the address). Returns when the wait for the return should begin.
   */
  showPaymentPage(url: string, timeoutText: string): Promise<void>;
}

/** How the return compares with the service's booking list (E13). */
export type ServiceCheck =
  | { verdict: 'confirmed' }
  | { verdict: 'not-listed' }
  | { verdict: 'unavailable'; reason: string }
  | { verdict: 'not-checked' };

export interface PaymentResult {
  /** The verified return: order number, status and amount as the service sent them. */
  payment: BookingReturn;
  check: ServiceCheck;
}

export async function requestPayment(api: PaymentApi, input: PaymentInput, hooks: PaymentHooks): Promise<PaymentResult> {
  const secrets = { bookingKey: input.request.bookingKey, accessToken: input.accessToken };
  const renderForm = (callbackUrl: string) => api.requestForm({ ...input.request, callbackUrl });
  const listener = await startReturnListener<BookingReturn>({
    renderFormPage: (callbackUrl) => renderAutoPostPage(renderForm(callbackUrl)),
    acceptReturn: (params) => {
      const response = params.get('response');
      if (response === null) throw bookingReturnError('response', 'the booking return has no response field');
      const result = readBookingReturn(response, secrets, input.request.orderNo);
      const outcome = paymentOutcome(result.status);
      const heading = outcome === 'paid' ? 'Payment received' : outcome === 'failed' ? 'Payment failed' : 'Payment not completed';
      return { result, heading, detail: `Order ${result.orderNo}: ${result.status}, amount ${result.amount}.` };
    },
  });
  let payment: BookingReturn;
  try {
    // Build the form once up front, so an invalid request fails here and not in the browser.
    renderForm(listener.callbackUrl);
    const timeoutText = formatDuration(input.timeoutMs);
    await hooks.showPaymentPage(listener.formPageUrl, timeoutText);
    payment = await awaitReturn(listener.received, {
      timeoutMs: input.timeoutMs,
      timeoutText,
      sleep: input.sleep,
      signal: input.signal,
    });
  } finally {
    await listener.close();
  }
  const check = input.accessToken ? await checkWithService(api, payment, input) : ({ verdict: 'not-checked' } as const);
  return { payment, check };
}

async function checkWithService(api: PaymentApi, payment: BookingReturn, input: PaymentInput): Promise<ServiceCheck> {
  let records: readonly BookingRecordLike[];
  try {
    records = (await api.bookingList({ ...recentWindow(input.now()), bookingKey: input.request.bookingKey })).bookings;
  } catch (error) {
    if (input.signal.aborted) throw error;
    return { verdict: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
  return { verdict: crossCheckReturn(payment, records) };
}
