import { describe, expect, it } from 'vitest';
import { createApiError, ERROR_CODE_MEANINGS, RateLimitError, RETRYABLE_CODES, ServerBusyError } from '../../src/client/errors.js';
import {
  type AttemptOutcome,
  DEFAULT_RETRY_OPTIONS,
  type RetryOptions,
  backoffMs,
  classifyNetworkError,
  networkErrorCode,
  parseRetryAfter,
  planRetry,
  shouldRetry,
} from '../../src/client/retry.js';
import { SandboxError, type SandboxErrorCode } from '../../src/sandbox/errors.js';

const options: RetryOptions = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000, maxTotalWaitMs: 5_000 };

function apiFailure(code: string, httpStatus: number, idempotent = true, retryAfterMs?: number): AttemptOutcome {
  return { kind: 'api-error', error: createApiError({ code, httpStatus, retryAfterMs }), idempotent };
}

function networkFailure(code: string, idempotent: boolean): AttemptOutcome {
  const error = Object.assign(new Error(code), { code });
  return { kind: 'network-error', error, idempotent, ...classifyNetworkError(error) };
}

describe('shouldRetry', () => {
  it('retries every code the error table gives a rate-limit or busy error, and no other documented code', () => {
    const retried = Object.keys(ERROR_CODE_MEANINGS).filter((code) => shouldRetry(apiFailure(code, 400, false), 1, options) === 'retry');
    expect(new Set(retried)).toEqual(RETRYABLE_CODES);
    for (const code of Object.keys(ERROR_CODE_MEANINGS)) {
      const error = createApiError({ code, httpStatus: 400 });
      expect(retried.includes(code), code).toBe(error instanceof RateLimitError || error instanceof ServerBusyError);
    }
  });

  it('retries what the sandbox answers for each retryable code, with the status the table gives it (429 or 503)', () => {
    for (const code of RETRYABLE_CODES) {
      const { httpStatus } = new SandboxError(code as SandboxErrorCode);
      expect(httpStatus, code).toBe(createApiError({ code, httpStatus: 400 }) instanceof RateLimitError ? 429 : 503);
      expect(shouldRetry(apiFailure(code, httpStatus, false), 1, options), code).toBe('retry');
    }
  });

  it.each(['E011', 'E023', 'T005', 'T006'])('retries the service code %s', (code) => {
    expect(shouldRetry(apiFailure(code, 200), 1, options)).toBe('retry');
    expect(shouldRetry(apiFailure(code, 503, false), 1, options)).toBe('retry');
  });

  it.each([429, 502, 503, 504])('retries HTTP %i on a request that is safe to repeat', (status) => {
    expect(shouldRetry(apiFailure(`HTTP ${status}`, status), 1, options)).toBe('retry');
  });

  it.each(['E001', 'E002', 'E007', 'E008', 'E022', 'T010', 'HTTP 400'])('does not retry %s', (code) => {
    const status = code.startsWith('HTTP') ? Number(code.slice(5)) : 400;
    expect(shouldRetry(apiFailure(code, status), 1, options)).toBe('stop');
  });

  it('retries a bare HTTP 500 on a read, not on a create (which may have acted) nor a coded answer', () => {
    expect(shouldRetry(apiFailure('HTTP 500', 500), 1, options)).toBe('retry');
    expect(shouldRetry(apiFailure('HTTP 500', 500, false), 1, options)).toBe('stop');
    expect(shouldRetry(apiFailure('E002', 500), 1, options)).toBe('stop');
  });

  it('stops at the last attempt', () => {
    expect(shouldRetry(apiFailure('E023', 429), options.maxAttempts - 1, options)).toBe('retry');
    expect(shouldRetry(apiFailure('E023', 429), options.maxAttempts, options)).toBe('stop');
  });

  it('retries a reset connection for a request that is safe to repeat', () => {
    expect(shouldRetry(networkFailure('ECONNRESET', true), 1, options)).toBe('retry');
    expect(shouldRetry(networkFailure('UND_ERR_SOCKET', true), 1, options)).toBe('retry');
  });

  it('does not repeat a create whose connection dropped after sending: the outcome is unknown', () => {
    expect(shouldRetry(networkFailure('ECONNRESET', false), 1, options)).toBe('unknown-outcome');
    expect(shouldRetry(networkFailure('UND_ERR_HEADERS_TIMEOUT', false), 1, options)).toBe('unknown-outcome');
  });

  it('repeats a create that failed before anything was sent', () => {
    expect(shouldRetry(networkFailure('ECONNREFUSED', false), 1, options)).toBe('retry');
    expect(shouldRetry(networkFailure('UND_ERR_CONNECT_TIMEOUT', false), 1, options)).toBe('retry');
  });

  it('treats a bare gateway 502/504 on a create as an unknown outcome, but a 503 or a service code as retryable', () => {
    expect(shouldRetry(apiFailure('HTTP 504', 504, false), 1, options)).toBe('unknown-outcome');
    expect(shouldRetry(apiFailure('HTTP 502', 502, false), 1, options)).toBe('unknown-outcome');
    expect(shouldRetry(apiFailure('HTTP 503', 503, false), 1, options)).toBe('retry');
    expect(shouldRetry(apiFailure('T005', 502, false), 1, options)).toBe('retry');
  });

  it('does not retry an address that does not resolve', () => {
    expect(shouldRetry(networkFailure('ENOTFOUND', true), 1, options)).toBe('stop');
  });
});

describe('backoffMs', () => {
  it('is full jitter under a ceiling that doubles per attempt', () => {
    expect(backoffMs(1, () => 0.999_999, options)).toBe(99);
    expect(backoffMs(2, () => 0.999_999, options)).toBe(199);
    expect(backoffMs(3, () => 0.5, options)).toBe(200);
    expect(backoffMs(1, () => 0, options)).toBe(0);
  });

  it('is capped at maxDelayMs', () => {
    expect(backoffMs(10, () => 0.999_999, options)).toBe(999);
    expect(backoffMs(60, () => 0.999_999, options)).toBe(999);
  });
});

describe('planRetry', () => {
  it('waits the backoff when the server gives no hint', () => {
    expect(planRetry(apiFailure('T005', 503), 1, 0, () => 0.5, options)).toEqual({ action: 'retry', delayMs: 50 });
  });

  it('honours a Retry-After longer than the backoff, even above maxDelayMs', () => {
    expect(planRetry(apiFailure('E023', 429, true, 3_000), 1, 0, () => 0.5, options)).toEqual({ action: 'retry', delayMs: 3_000 });
  });

  it('keeps the backoff when Retry-After is shorter', () => {
    expect(planRetry(apiFailure('E023', 429, true, 0), 3, 0, () => 0.5, options)).toEqual({ action: 'retry', delayMs: 200 });
  });

  it('stops when the wait would pass maxTotalWaitMs', () => {
    expect(planRetry(apiFailure('E023', 429, true, 6_000), 1, 0, () => 0.5, options)).toEqual({ action: 'stop' });
    expect(planRetry(apiFailure('E023', 429, true, 2_000), 2, 3_500, () => 0.5, options)).toEqual({ action: 'stop' });
    expect(planRetry(apiFailure('E023', 429, true, 2_000), 2, 3_000, () => 0.5, options)).toEqual({ action: 'retry', delayMs: 2_000 });
  });

  it('passes the unknown outcome through', () => {
    expect(planRetry(networkFailure('ECONNRESET', false), 1, 0, () => 0.5, options)).toEqual({ action: 'unknown-outcome' });
  });

  it('has defaults that allow a few attempts within two minutes', () => {
    expect(DEFAULT_RETRY_OPTIONS.maxAttempts).toBeGreaterThan(1);
    expect(DEFAULT_RETRY_OPTIONS.maxTotalWaitMs).toBeLessThanOrEqual(120_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date against the clock', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:45 GMT', now)).toBe(45_000);
  });

  it('never returns a negative wait for a date in the past', () => {
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('classifyNetworkError', () => {
  it('finds the system code under undici wrappers and aggregate errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const aggregate = Object.assign(new AggregateError([refused], 'all addresses failed'), {});
    const wrapped = Object.assign(new TypeError('fetch failed'), { cause: aggregate });
    expect(networkErrorCode(wrapped)).toBe('ECONNREFUSED');
    expect(classifyNetworkError(wrapped)).toEqual({ code: 'ECONNREFUSED', requestSent: false, transient: true });
  });

  it('counts an unrecognised failure as possibly sent and not worth repeating', () => {
    expect(classifyNetworkError(new Error('mystery'))).toEqual({ code: undefined, requestSent: true, transient: false });
  });

  it('counts a socket closed by the other side as sent', () => {
    const closed = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(classifyNetworkError(closed)).toEqual({ code: 'UND_ERR_SOCKET', requestSent: true, transient: true });
  });
});
