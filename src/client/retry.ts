// Retry policy as pure functions (after stripe-node's RequestSender._shouldRetry): what failed,
// which attempt it was, and the options in; a verdict and a delay out. No clock, no sleeping,
// no randomness of its own, so every branch is tested without waiting.
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

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxTotalWaitMs: 120_000,
};

/** How one attempt failed. */
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

/**
 * - `retry`: try again after a delay;
 * - `stop`: the error stands;
 * - `unknown-outcome`: a request that is not safe to repeat may have taken effect; the caller
 *   must check before trying again, so say so instead of retrying.
 */
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
    if (!outcome.idempotent && !serviceCodeSaysRetry && AMBIGUOUS_GATEWAY_STATUSES.has(httpStatus)) {
      return 'unknown-outcome';
    }
    return attempt < options.maxAttempts ? 'retry' : 'stop';
  }
  if (outcome.requestSent && !outcome.idempotent) return 'unknown-outcome';
  if (!outcome.transient) return 'stop';
  return attempt < options.maxAttempts ? 'retry' : 'stop';
}

/**
 * Capped exponential backoff with full jitter: a uniform pick in [0, min(max, base·2^(attempt−1))).
 * `attempt` is the 1-based number of the attempt that just failed; `random` returns [0, 1).
 */
export function backoffMs(attempt: number, random: () => number, options: RetryOptions): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}

export type RetryPlan = { action: 'retry'; delayMs: number } | { action: 'stop' } | { action: 'unknown-outcome' };

/**
 * The whole decision for one failed attempt: the verdict, then the delay (the server's
 * Retry-After when it gives one and it is longer than the backoff), then the total wait cap.
 */
export function planRetry(outcome: AttemptOutcome, attempt: number, waitedMs: number, random: () => number, options: RetryOptions): RetryPlan {
  const verdict = shouldRetry(outcome, attempt, options);
  if (verdict !== 'retry') return { action: verdict };
  const backoff = backoffMs(attempt, random, options);
  const serverHint = outcome.kind === 'api-error' ? outcome.error.retryAfterMs : undefined;
  const delayMs = serverHint !== undefined ? Math.max(serverHint, backoff) : backoff;
  if (waitedMs + delayMs > options.maxTotalWaitMs) return { action: 'stop' };
  return { action: 'retry', delayMs };
}

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds, or an HTTP date measured against `nowMs`.
 * Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | undefined | null, nowMs: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; bare numbers like "-5" are not dates here.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Error codes of failures before the request left this machine: safe to repeat any request. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Failures that say nothing about the service being wrong, only the path to it. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
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
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      current = errors[0];
      continue;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** Whether the request may have left, and whether trying again may help. */
export function classifyNetworkError(error: unknown): { code: string | undefined; requestSent: boolean; transient: boolean } {
  const code = networkErrorCode(error);
  return {
    code,
    requestSent: code === undefined || !NOT_SENT_CODES.has(code),
    transient: code !== undefined && TRANSIENT_CODES.has(code),
  };
}
