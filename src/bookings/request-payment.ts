// The payment flow of an E12 booking request, with this program as the return address, as the
// service's server-side integrations do it: the booking is posted from here (the booking key and
// the amount never reach the browser), the buyer's browser is handed only the service's payment
// page, and the return that comes back to a loopback listener is decoded, verified and accepted
// only when the service's own booking list agrees with it (response.ts).
// Before anything is posted, the booking list is read for the order number: one payment per order.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import type { BookingListRequest, BookingRequest } from '../client/schemas/index.js';
import type { SubmittedBooking } from '../client/booking.js';
import { formatDuration } from '../util/duration.js';
import { describeHolder, tryLock, type FileLock } from '../util/file-lock.js';
import { createPrivateDirectory } from '../util/private-file.js';
import type { BookingRecordLike, BookingReturn } from './response.js';
import { bookingReturnError, confirmReturn, lookBackWindow, paymentOutcome, readBookingReturn, recentWindow } from './response.js';
import { startReturnListener } from './return-listener.js';
import type { DateWindow } from './windows.js';

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

export interface PaymentHooks {
  /**
   * The service already lists bookings of this order number: throw to refuse (the default
   * answer), return to request another payment anyway.
   */
  onExistingBookings(records: readonly BookingRecordLike[], window: DateWindow): Promise<void>;
  /** The service's payment page is at `url`: show it to the buyer (open a browser, print it). */
  showPaymentPage(url: string, timeoutText: string): Promise<void>;
  /** Told as the flow passes each boundary (tests inject faults there). */
  boundary?(name: (typeof PAYMENT_BOUNDARIES)[number]): void;
}

/** The service took the booking but gave no payment page to send the buyer to. */
class NoPaymentPageError extends BoxofficeError {}
/** No booking return arrived in time. The payment may still complete at the service. */
export class BookingTimeoutError extends BoxofficeError {}
/** Another run is requesting a payment for the same order number right now. */
class PaymentInProgressError extends BoxofficeError {}
nameErrorClasses({ NoPaymentPageError, BookingTimeoutError, PaymentInProgressError });

/**
 * One `bookings request` per order number at a time, across processes: a lock file under the
 * config directory (`bookings/<hash>.lock`) held from before the booking list is read until the
 * run ends, so the "one payment per order number" check and the booking it posts are never split
 * by another run's. A second run is refused at once, naming the first; `checkCommand` shows the
 * booking list for it.
 */
export async function holdOrderNumber(configDir: string, key: { apiUrl: string; orderNo: string }, checkCommand: string): Promise<FileLock> {
  const name = createHash('sha256')
    .update(JSON.stringify([key.apiUrl, key.orderNo]))
    .digest('hex')
    .slice(0, 24);
  const path = join(configDir, 'bookings', `${name}.lock`);
  createPrivateDirectory(join(configDir, 'bookings'));
  const attempt = await tryLock(path);
  if (attempt.acquired) return attempt.lock;
  throw new PaymentInProgressError(
    `order ${key.orderNo}: another bookings request for this order number is running (${describeHolder(attempt.holder)}); no second payment requested. ` +
      `Let it finish, then check it with: ${checkCommand}; if that process is gone, delete ${path}`,
  );
}

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

/** The booking return, a timeout, or Ctrl-C, whichever comes first. */
export async function awaitReturn<T>(
  received: Promise<T>,
  options: Pick<PaymentInput, 'timeoutMs' | 'sleep' | 'signal'> & { timeoutText: string },
): Promise<T> {
  options.signal.throwIfAborted();
  const stopTimer = new AbortController();
  const onAbort = () => stopTimer.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timeout = options.sleep(options.timeoutMs, stopTimer.signal).then(() => {
    throw new BookingTimeoutError(`no booking return within ${options.timeoutText}; the payment may still complete`);
  });
  const interrupted = new Promise<never>((_, reject) => {
    options.signal.addEventListener('abort', () => reject(options.signal.reason), { once: true });
  });
  try {
    return await Promise.race([received, timeout, interrupted]);
  } finally {
    stopTimer.abort();
    options.signal.removeEventListener('abort', onAbort);
    // The losers settle later; nobody waits for them.
    timeout.catch(() => undefined);
    interrupted.catch(() => undefined);
  }
}

export async function requestPayment(
  api: PaymentApi,
  input: PaymentInput,
  hooks: PaymentHooks,
): Promise<{ payment: BookingReturn; record: BookingRecordLike }> {
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
    payment = await awaitReturn(listener.received, { ...input, timeoutText });
  } finally {
    await listener.close();
  }
  hooks.boundary?.('after-return');
  const { bookings } = await api.bookingList({ ...recentWindow(input.now()), bookingKey: request.bookingKey });
  const record = confirmReturn(payment, { ...request, bookingId: submitted.bookingId }, bookings);
  hooks.boundary?.('after-confirm');
  return { payment, record };
}
