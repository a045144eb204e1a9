// Guessing is slowed per client address. Every answer with HTTP 401 (an unknown token, key or
// secret, a wrong password or client secret) counts as a failure of the address. Past
// `freeFailures` recent failures, its requests go one at a time, spaced by a step that doubles with
// every further failure up to `maxStepMs`; one that would wait past `maxWaitMs` is refused (E023,
// Retry-After). One failure is forgotten every `forgetOneEveryMs`. One record per address, in an
// LRU map of at most `maxAddresses`, so it cannot grow with what a client sends.
import { setTimeout as realSleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { SandboxError, tooManyRequests } from '../errors.js';
import { requestSocket } from './host.js';

export interface FailedAuthPolicy {
  freeFailures: number;
  forgetOneEveryMs: number;
  firstStepMs: number;
  maxStepMs: number;
  maxWaitMs: number;
  maxAddresses: number;
}

export const DEFAULT_FAILED_AUTH_POLICY: FailedAuthPolicy = {
  freeFailures: 20,
  forgetOneEveryMs: 3_000,
  firstStepMs: 250,
  maxStepMs: 4_000,
  maxWaitMs: 10_000,
  maxAddresses: 10_000,
};

interface AddressRecord {
  /** Recent failures, less those forgotten up to `updatedAt`. */
  failures: number;
  updatedAt: number;
  nextTurnAt: number;
}

type Admission = { waitMs: number } | { refusedForMs: number };

export class FailedAuthThrottle {
  private readonly records: LRUCache<string, AddressRecord>;

  constructor(
    readonly policy: FailedAuthPolicy,
    private readonly now: () => number,
  ) {
    this.records = new LRUCache({ max: policy.maxAddresses });
  }

  get size(): number {
    return this.records.size;
  }

  private recentFailures(record: AddressRecord, now: number): number {
    return Math.max(0, record.failures - (now - record.updatedAt) / this.policy.forgetOneEveryMs);
  }

  /** How long a request from `address` waits before it is handled, or that it is refused. */
  admit(address: string): Admission {
    const record = this.records.get(address);
    if (!record) return { waitMs: 0 };
    const now = this.now();
    const excess = Math.ceil(this.recentFailures(record, now) - this.policy.freeFailures);
    if (excess <= 0) return { waitMs: 0 };
    const turn = Math.max(now, record.nextTurnAt);
    const waitMs = turn - now;
    if (waitMs > this.policy.maxWaitMs) return { refusedForMs: waitMs };
    record.nextTurnAt = turn + Math.min(this.policy.maxStepMs, this.policy.firstStepMs * 2 ** Math.min(excess - 1, 30));
    return { waitMs };
  }

  recordFailure(address: string): void {
    const now = this.now();
    const record = this.records.get(address);
    if (!record) {
      this.records.set(address, { failures: 1, updatedAt: now, nextTurnAt: now });
      return;
    }
    record.failures = this.recentFailures(record, now) + 1;
    record.updatedAt = now;
  }
}

/** Hono middleware: waits for the address's turn, then counts a 401 answer as a failure. */
export function slowFailedAuth(throttle: FailedAuthThrottle): MiddlewareHandler {
  return async (c, next) => {
    const address = requestSocket(c)?.remoteAddress ?? 'unknown';
    const admission = throttle.admit(address);
    if ('refusedForMs' in admission) {
      const seconds = Math.max(1, Math.ceil(admission.refusedForMs / 1000));
      throw tooManyRequests(`too many failed sign-ins or unknown tokens from ${address}`, seconds);
    }
    if (admission.waitMs > 0) await realSleep(admission.waitMs);
    await next();
    // --quirks answers API errors with HTTP 200; the error that made the answer still says 401.
    const refusal = c.error instanceof SandboxError ? c.error.httpStatus : undefined;
    if (c.res.status === 401 || refusal === 401) throttle.recordFailure(address);
  };
}
