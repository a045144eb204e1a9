// Waiting for the buyer: the booking return, a timeout, or Ctrl-C, whichever comes first. The
// clock is injected, so the timeout is tested without waiting.
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';

/** No booking return arrived in time. The payment may still complete at the service. */
export class BookingTimeoutError extends BoxofficeError {}

/** The service returned a payment that did not succeed (failed, cancelled or still pending). */
export class PaymentNotCompletedError extends BoxofficeError {}
nameErrorClasses({ BookingTimeoutError, PaymentNotCompletedError });

export interface AwaitReturnOptions {
  timeoutMs: number;
  /** How long the timeout reads in messages, e.g. "5m". */
  timeoutText: string;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  signal: AbortSignal;
}

export async function awaitReturn<T>(received: Promise<T>, options: AwaitReturnOptions): Promise<T> {
  options.signal.throwIfAborted();
  const stopTimer = new AbortController();
  const onAbort = () => stopTimer.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timeout = options.sleep(options.timeoutMs, stopTimer.signal).then(() => {
    throw new BookingTimeoutError(
      `no booking return within ${options.timeoutText}; the payment may still complete ` + '(check with boxoffice bookings list, or raise --timeout)',
    );
  });
  const interrupted = new Promise<never>((_, reject) => {
    if (options.signal.aborted) reject(options.signal.reason);
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
