// The payment flow of an E12 booking request with this program as the return address, as the
// service's server-side integrations do it: the booking is posted from here (the key and amount
// never reach the browser), the browser gets only the service's payment page, and the return that
// comes back to a one-shot loopback listener (127.0.0.1, an unguessable path, form post or GET) is
// accepted only once verified and agreed by the service's own booking list (response.ts).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import type { BookingListRequest, BookingRequest } from '../client/schemas/index.js';
import type { SubmittedBooking } from '../client/booking.js';
import { formatDuration } from '../util/duration.js';
import { lockOrRefuse, type FileLock } from '../util/file-lock.js';
import type { BookingRecordLike, BookingReturn } from './response.js';
import { bookingReturnError, confirmReturn, lookBackWindow, paymentOutcome, readBookingReturn, recentWindow } from './response.js';
import { closeServer, listen, loopbackPage } from '../util/loopback.js';
import type { DateWindow } from './windows.js';

export interface PaymentApi {
  submit(request: BookingRequest): Promise<SubmittedBooking>;
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

export const PAYMENT_BOUNDARIES = ['before-check', 'before-booking', 'after-booking', 'after-return', 'after-confirm'] as const;

export interface PaymentHooks {
  /** The service already lists bookings of this order number: throw to refuse (the default answer), return to request another payment anyway. */
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
 * One `bookings request` per order number across processes, held from before the booking list is
 * read to the run's end, so that the one-payment check and the booking it posts are never split by
 * another run's; a second run is refused at once, naming the first (`checkCommand` lists it).
 */
export function holdOrderNumber(configDir: string, key: { apiUrl: string; orderNo: string }, checkCommand: string): Promise<FileLock> {
  const name = createHash('sha256')
    .update(JSON.stringify([key.apiUrl, key.orderNo]))
    .digest('hex')
    .slice(0, 24);
  const path = join(configDir, 'bookings', `${name}.lock`);
  return lockOrRefuse(
    path,
    (holder) =>
      new PaymentInProgressError(
        `order ${key.orderNo}: another bookings request for this order number is running (${holder}); no second payment requested. ` +
          `Let it finish, then check it with: ${checkCommand}; if that process is gone, delete ${path}`,
      ),
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
  // Ctrl-C ends the timer's sleep, which rejects with its reason.
  const timeout = options.sleep(options.timeoutMs, AbortSignal.any([options.signal, stopTimer.signal])).then(() => {
    throw new BookingTimeoutError(`no booking return within ${options.timeoutText}; the payment may still complete`);
  });
  try {
    return await Promise.race([received, timeout]);
  } finally {
    stopTimer.abort();
    // The timer settles later; nobody waits for it.
    timeout.catch(() => undefined);
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

const MAX_BODY_BYTES = 64 * 1024;

/** `acceptReturn` words one return for the browser, or throws to end the wait (the browser sees why); `received` settles with the first return. */
export async function startReturnListener<T>(options: {
  acceptReturn(params: URLSearchParams): { result: T; heading: string; detail: string };
}): Promise<{ callbackUrl: string; received: Promise<T>; close(): Promise<void> }> {
  const host = '127.0.0.1';
  const nonce = randomBytes(18).toString('base64url');
  const returnPath = `/return/${nonce}`;
  let settle: { resolve(value: T): void; reject(error: unknown): void } | undefined;
  const received = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  // The caller races this against a timeout; an unobserved rejection must not crash the process.
  received.catch(() => undefined);
  let finished = false;
  let callbackUrl = '';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, returnPage('Something went wrong', String(error)));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const expectedHost = new URL(callbackUrl).host;
    if (request.headers.host !== expectedHost) return send(response, 421, 'wrong host\n', 'text/plain');
    const url = new URL(request.url ?? '/', `http://${expectedHost}`);
    if (url.pathname !== returnPath || (request.method !== 'GET' && request.method !== 'POST')) {
      return send(response, 404, 'not found\n', 'text/plain');
    }
    if (finished) return send(response, 410, returnPage('Already received', 'boxoffice has already taken this booking return.'));
    const params = new URLSearchParams(url.search);
    if (request.method === 'POST') {
      for (const [name, value] of await readFormBody(request)) params.append(name, value);
    }
    finished = true;
    try {
      const accepted = options.acceptReturn(params);
      send(response, 200, returnPage(accepted.heading, accepted.detail));
      settle?.resolve(accepted.result);
    } catch (error) {
      send(response, 400, returnPage('Booking return refused', error instanceof Error ? error.message : String(error)));
      settle?.reject(error);
    }
  }

  const port = await listen(server, 0, host);
  callbackUrl = `http://${host}:${port}${returnPath}`;
  return { callbackUrl, received, close: () => closeServer(server) };
}

function returnPage(heading: string, detail: string): string {
  return loopbackPage(heading, detail, 'You can close this window and return to the terminal.');
}

function send(response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}

/** The fields of a urlencoded or multipart body (parsed by the platform's own form parser). */
async function readFormBody(request: IncomingMessage): Promise<Iterable<[string, string]>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('booking return body too large');
    chunks.push(buffer);
  }
  const body = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return new URLSearchParams(body.toString('utf8'));
  const form = await new Response(body, { headers: { 'content-type': type } }).formData();
  return [...form].filter((field): field is [string, string] => typeof field[1] === 'string');
}
