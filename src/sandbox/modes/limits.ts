// `sandbox start --limits realistic`: the live service's quotas (client/live-quotas.ts) per bearer
// token, in sliding windows over an injected clock (docs/sandbox.md, "Operating modes"). E11 and the
// Publisher API count only towards the burst limit: paging a large event is what E11 is for. The
// windows are kept per bearer as sent, before it is checked, in an LRU map: a flood of made-up
// tokens evicts the least recently used windows instead of growing the process.
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { bearerToken } from '../auth.js';
import { tooManyRequests } from '../errors.js';
import { type CreatedKind, LIVE_QUOTAS } from '../../client/live-quotas.js';
import { isApiPath } from './index.js';

/** `name`: as the error description names the rule. */
type WindowRule = { name: string; limit: number; windowMs: number };

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

const BURST_RULE: WindowRule = { name: 'burst (calls a second)', limit: 10, windowMs: SECOND };

const READ_RULE: WindowRule = { name: 'read calls an hour', limit: LIVE_QUOTAS.readsPerHour, windowMs: HOUR };

const creationRule = (kind: CreatedKind): WindowRule => ({ name: `${kind} creations a day`, limit: LIVE_QUOTAS.creationsPerDay[kind], windowMs: DAY });

/** Quota per path, beyond the burst limit. */
const REALISTIC_QUOTAS: ReadonlyMap<string, WindowRule> = new Map([
  ['/api/e/create', creationRule('event')],
  ['/api/e/add-ticket', creationRule('ticket')],
  ['/api/e/add-discount', creationRule('discount')],
  ...['get-event', 'get-tickets', 'get-all-events', 'get-report', 'get-booking-list'].map((read) => [`/api/e/${read}`, READ_RULE] as const),
]);

type LimitVerdict = { allowed: true } | { allowed: false; rule: WindowRule; retryAfterSeconds: number };

/** Timestamps of the counted calls of one (token, rule) pair, oldest first. */
class SlidingWindow {
  private readonly stamps: number[] = [];
  private start = 0;

  constructor(private readonly rule: WindowRule) {}

  /** Seconds until a call would fit, or 0 when one fits now. */
  waitSeconds(now: number): number {
    while (this.start < this.stamps.length && this.stamps[this.start] <= now - this.rule.windowMs) this.start += 1;
    if (this.start > 1024 && this.start * 2 > this.stamps.length) {
      this.stamps.splice(0, this.start);
      this.start = 0;
    }
    if (this.stamps.length - this.start < this.rule.limit) return 0;
    const freesAt = this.stamps[this.start] + this.rule.windowMs;
    return Math.max(1, Math.ceil((freesAt - now) / SECOND));
  }

  record(now: number): void {
    this.stamps.push(now);
  }
}

export const DEFAULT_MAX_WINDOWS = 10_000;

export class RateLimiter {
  private readonly windows: LRUCache<string, SlidingWindow>;

  /** `now`: milliseconds since the epoch, injected so tests move time instead of waiting. */
  constructor(private readonly options: { now: () => number; maxWindows?: number }) {
    this.windows = new LRUCache({ max: options.maxWindows ?? DEFAULT_MAX_WINDOWS });
  }

  get size(): number {
    return this.windows.size;
  }

  private window(token: string, rule: WindowRule): SlidingWindow {
    const key = `${rule.name}\u0000${token}`;
    const window = this.windows.get(key) ?? new SlidingWindow(rule);
    this.windows.set(key, window);
    return window;
  }

  check(token: string, path: string): LimitVerdict {
    const now = this.options.now();
    const quota = REALISTIC_QUOTAS.get(path);
    const rules = quota ? [BURST_RULE, quota] : [BURST_RULE];
    let refusal: LimitVerdict = { allowed: true };
    for (const rule of rules) {
      const wait = this.window(token, rule).waitSeconds(now);
      if (wait > 0 && (refusal.allowed || wait > refusal.retryAfterSeconds)) {
        refusal = { allowed: false, rule, retryAfterSeconds: wait };
      }
    }
    if (!refusal.allowed) return refusal;
    for (const rule of rules) this.window(token, rule).record(now);
    return refusal;
  }
}

/** Hono middleware: E023 with HTTP 429 and Retry-After when a window is full. */
export function limitsMiddleware(limiter: RateLimiter): MiddlewareHandler {
  return async (c, next) => {
    if (!isApiPath(c.req.path)) return next();
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return next();
    const verdict = limiter.check(token, c.req.path);
    if (verdict.allowed) return next();
    throw tooManyRequests(`too many requests: limit of ${verdict.rule.limit} ${verdict.rule.name} reached`, verdict.retryAfterSeconds);
  };
}
