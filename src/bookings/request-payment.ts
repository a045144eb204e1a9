// The payment flow of an E12 booking request, with this program as the return address, as the
// service's server-side integrations do it: the booking is posted from here (the booking key and
// the amount never reach the browser), the buyer's browser is handed only the service's payment
// page, and the return that comes back to a loopback listener is decoded, verified (response.ts)
// and accepted only when the service's own booking list agrees with it (cross-check.ts).
// Before anything is posted, the booking list is read for the order number: one payment per order.
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import type { BookingListRequest, BookingRequest } from '../client/schemas/index.js';
import type { SubmittedBooking } from '../client/booking.js';
import { formatDuration } from '../util/duration.js';
import { awaitReturn } from './await-return.js';
import { type BookingRecordLike, confirmReturn, lookBackWindow, recentWindow } from './cross-check.js';
import { type BookingReturn, bookingReturnError, paymentOutcome, readBookingReturn } from './response.js';
import { startReturnListener } from './return-listener.js';
import type { DateWindow } from './windows.js';

/** The part of the client the flow uses. */
export interface PaymentApi {
  /** E12 posted from here (client.booking.submit). */
  submit(request: BookingRequest): Promise<SubmittedBooking>;
  /** E13 (client.events.bookingList). */
  bookingList(request: BookingListRequest): Promise<{ bookings: readonly BookingRecordLike[] }>;
}

export interface PaymentInput {
  /** The validated request; its callbackUrl is replaced by the listener's. */
  request: BookingRequest & { amount: number; currency: string };
  /** The live service's returns are signed with the access token's md5, the sandbox's with the key's. */
  accessToken?: string;
  timeoutMs: number;
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Ctrl-C: stops the wait. */
  signal: AbortSignal;
}

/** The named points between the flow's requests, in order (see PaymentHooks.boundary). */
export const PAYMENT_BOUNDARIES = ['before-check', 'before-booking', 'after-booking', 'after-return', 'after-confirm'] as const;
type PaymentBoundary = (typeof PAYMENT_BOUNDARIES)[number];

export interface PaymentHooks {
  /**
   * The service already lists bookings of this order number: throw to refuse (the default
   * answer), return to request another payment anyway.
   */
  onExistingBookings(records: readonly BookingRecordLike[], window: DateWindow): Promise<void>;
  /** The service's payment page is at `url`: show it to the buyer (open a browser, print it). */
  showPaymentPage(url: string, timeoutText: string): Promise<void>;
  /** Told as the flow passes each boundary (tests inject faults there). */
  boundary?(name: PaymentBoundary): void;
}

export interface PaymentResult {
  /** The verified return: order number, status and amount as the service sent them. */
  payment: BookingReturn;
  /** The service's record that agrees with it. */
  record: BookingRecordLike;
}

/** The service took the booking but gave no payment page to send the buyer to. */
class NoPaymentPageError extends BoxofficeError {}
nameErrorClasses({ NoPaymentPageError });

/** Reads the booking list for the order number (the last 31 days) and lets the hook refuse a repeat. */
export async function refuseKnownOrderNumber(
  api: Pick<PaymentApi, 'bookingList'>,
  request: Pick<BookingRequest, 'orderNo' | 'bookingKey'>,
  now: Date,
  hooks: Pick<PaymentHooks, 'onExistingBookings' | 'boundary'>,
): Promise<void> {
  hooks.boundary?.('before-check');
  const window = lookBackWindow(now);
  const earlier = (await api.bookingList({ ...window, bookingKey: request.bookingKey })).bookings.filter(
    (record) => String(record.orderNo) === request.orderNo,
  );
  if (earlier.length > 0) await hooks.onExistingBookings(earlier, window);
}

export async function requestPayment(api: PaymentApi, input: PaymentInput, hooks: PaymentHooks): Promise<PaymentResult> {
  const { request } = input;
  await refuseKnownOrderNumber(api, request, input.now(), hooks);

  const secrets = { bookingKey: request.bookingKey, accessToken: input.accessToken };
  const listener = await startReturnListener<BookingReturn>({
    acceptReturn: (params) => {
      const response = params.get('response');
      if (response === null) throw bookingReturnError('response', 'the booking return has no response field');
      const result = readBookingReturn(response, secrets, request.orderNo);
      const status = params.get('status');
      if (status !== null && paymentOutcome(status) !== paymentOutcome(result.status)) {
        throw bookingReturnError('status', `the return's status field says ${status}, its signed response ${result.status}`);
      }
      const outcome = paymentOutcome(result.status);
      const heading = outcome === 'paid' ? 'Payment received' : outcome === 'failed' ? 'Payment failed' : 'Payment not completed';
      return {
        result,
        heading,
        detail: `Order ${result.orderNo}: ${result.status}, amount ${result.amount}. boxoffice now checks it against the service's booking list.`,
      };
    },
  });
  let payment: BookingReturn;
  let submitted: SubmittedBooking;
  try {
    hooks.boundary?.('before-booking');
    submitted = await api.submit({ ...request, callbackUrl: listener.callbackUrl });
    hooks.boundary?.('after-booking');
    if (submitted.paymentUrl === undefined) {
      throw new NoPaymentPageError(`the service took the booking of order ${request.orderNo} but gave no payment page address to send the buyer to`);
    }
    const timeoutText = formatDuration(input.timeoutMs);
    await hooks.showPaymentPage(submitted.paymentUrl, timeoutText);
    payment = await awaitReturn(listener.received, {
      timeoutMs: input.timeoutMs,
      timeoutText,
      sleep: input.sleep,
      signal: input.signal,
    });
  } finally {
    await listener.close();
  }
  hooks.boundary?.('after-return');
  const records = (await api.bookingList({ ...recentWindow(input.now()), bookingKey: request.bookingKey })).bookings;
  const record = confirmReturn(
    payment,
    { orderNo: request.orderNo, amount: request.amount, currency: request.currency, bookingId: submitted.bookingId },
    records,
  );
  hooks.boundary?.('after-confirm');
  return { payment, record };
}
