// Retry policy as pure functions (after stripe-node's RequestSender._shouldRetry): no clock, no
// sleeping, no randomness of its own, so every branch is tested without waiting.
import { RETRYABLE_CODES, type ApiError } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Ceiling of the first backoff; doubles with each attempt. */
  baseDelayMs: number;
  /** Ceiling of any one backoff (a server's Retry-After may ask for longer). */
  maxDelayMs: number;
  /** The most time spent waiting between attempts for one call; past it the error stands. */
  maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 20_000, maxTotalWaitMs: 120_000 };

export type AttemptOutcome =
  | { kind: 'api-error'; error: ApiError; idempotent: boolean }
  | {
      kind: 'network-error';
      error: unknown;
      idempotent: boolean;
      /** False only when the failure is known to come before any byte of the request left. */
      requestSent: boolean;
      /** A failure that may pass (reset, refused, timeout), not a wrong address. */
      transient: boolean;
    };

/** `unknown-outcome`: a request that is not safe to repeat may have taken effect; say so instead of retrying. */
export type RetryVerdict = 'retry' | 'stop' | 'unknown-outcome';

const RETRYABLE_HTTP_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** Gateway answers that may come after the service acted on the request. */
const AMBIGUOUS_GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 504]);

export function shouldRetry(outcome: AttemptOutcome, attempt: number, options: RetryOptions): RetryVerdict {
  if (outcome.kind === 'api-error') {
    const { code, httpStatus } = outcome.error;
    const serviceCodeSaysRetry = RETRYABLE_CODES.has(code);
    // A bare server error (no code of the service's own) may pass: a read is safe to ask again.
    const statusSaysRetry = RETRYABLE_HTTP_STATUSES.has(httpStatus) || (outcome.idempotent && httpStatus >= 500 && code === `HTTP ${httpStatus}`);
    if (!serviceCodeSaysRetry && !statusSaysRetry) return 'stop';
    // A bare 502/504 from a gateway, with no answer from the service itself, leaves a create's
    // outcome unknown just as a dropped connection does.
    if (!outcome.idempotent && !serviceCodeSaysRetry && AMBIGUOUS_GATEWAY_STATUSES.has(httpStatus)) return 'unknown-outcome';
    return attempt < options.maxAttempts ? 'retry' : 'stop';
  }
  if (outcome.requestSent && !outcome.idempotent) return 'unknown-outcome';
  return outcome.transient && attempt < options.maxAttempts ? 'retry' : 'stop';
}

/** Capped exponential backoff with full jitter: a uniform pick in [0, min(max, base·2^(attempt−1))). */
export function backoffMs(attempt: number, random: () => number, options: RetryOptions): number {
  return Math.floor(random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1)));
}

export type RetryPlan = { action: 'retry'; delayMs: number } | { action: 'stop' } | { action: 'unknown-outcome' };

/** The verdict, then the delay (the server's Retry-After when longer than the backoff), then the total wait cap. */
export function planRetry(outcome: AttemptOutcome, attempt: number, waitedMs: number, random: () => number, options: RetryOptions): RetryPlan {
  const verdict = shouldRetry(outcome, attempt, options);
  if (verdict !== 'retry') return { action: verdict };
  const serverHint = outcome.kind === 'api-error' ? outcome.error.retryAfterMs : undefined;
  const delayMs = Math.max(serverHint ?? 0, backoffMs(attempt, random, options));
  if (waitedMs + delayMs > options.maxTotalWaitMs) return { action: 'stop' };
  return { action: 'retry', delayMs };
}

/** Retry-After (RFC 9110 §10.2.3): delay-seconds, or an HTTP date measured against `nowMs`; never negative. */
export function parseRetryAfter(value: string | undefined | null, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; bare numbers like "-5" are not dates here.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Failures before the request left this machine that may pass. */
const UNSENT_PASSING = ['ECONNREFUSED', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'];
/** Failures before the request left this machine: safe to repeat any request. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([...UNSENT_PASSING, 'ENOTFOUND', 'EADDRNOTAVAIL']);
/** Failures that say nothing about the service being wrong, only the path to it. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  ...UNSENT_PASSING,
  ...['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CLOSED'],
]);

/** The most specific error code in an error and its chain of causes (undici nests them). */
export function networkErrorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  let found: string | undefined;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      found = code;
      // A system code (ECONNREFUSED…) under an undici wrapper is the more telling one.
      if (code.startsWith('E')) return code;
    }
    const { errors, cause } = current as { errors?: unknown; cause?: unknown };
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause;
  }
  return found;
}

export function classifyNetworkError(error: unknown): { code: string | undefined; requestSent: boolean; transient: boolean } {
  const code = networkErrorCode(error);
  return { code, requestSent: code === undefined || !NOT_SENT_CODES.has(code), transient: code !== undefined && TRANSIENT_CODES.has(code) };
}
