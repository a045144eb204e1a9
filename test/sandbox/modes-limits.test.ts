import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/sandbox/modes/limits.js';

function limiterAt(start = Date.UTC(2030, 0, 1)) {
  const clock = { now: start };
  const limiter = new RateLimiter({ now: () => clock.now });
  return { clock, limiter };
}

describe('realistic limits', () => {
  it('allows 10 event creations a day, then E023 until the first leaves the window', () => {
    const { clock, limiter } = limiterAt();
    const start = clock.now;
    for (let index = 0; index < 10; index += 1) {
      clock.now = start + index * 60_000; // one a minute, under the burst limit
      expect(limiter.check('token-a', '/api/e/create').allowed).toBe(true);
    }
    clock.now = start + 10 * 60_000;
    const refused = limiter.check('token-a', '/api/e/create');
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.rule.limit).toBe(10);
    expect(refused.retryAfterSeconds).toBe(24 * 3600 - 600);
    // another token has its own quota
    expect(limiter.check('token-b', '/api/e/create').allowed).toBe(true);
    clock.now = start + 24 * 3600_000;
    expect(limiter.check('token-a', '/api/e/create').allowed).toBe(true);
  });

  it('counts reads across the read endpoints, 30 an hour', () => {
    const { clock, limiter } = limiterAt();
    const reads = ['/api/e/get-event', '/api/e/get-tickets', '/api/e/get-all-events', '/api/e/get-report', '/api/e/get-booking-list'];
    const start = clock.now;
    for (let index = 0; index < 30; index += 1) {
      clock.now = start + index * 1000;
      expect(limiter.check('t', reads[index % reads.length]).allowed).toBe(true);
    }
    clock.now = start + 30_000;
    const refused = limiter.check('t', '/api/e/get-event');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 3600 - 30 });
    // attendee-list and the Publisher API are outside the read quota
    expect(limiter.check('t', '/api/e/attendee-list').allowed).toBe(true);
    expect(limiter.check('t', '/publisher/events').allowed).toBe(true);
  });

  it('has quotas of 200 tickets and 2000 discounts a day', () => {
    for (const [path, quota] of [
      ['/api/e/add-ticket', 200],
      ['/api/e/add-discount', 2000],
    ] as const) {
      const { clock, limiter } = limiterAt();
      for (let index = 0; index < quota; index += 1) {
        clock.now += 1000;
        expect(limiter.check('t', path).allowed).toBe(true);
      }
      clock.now += 1000;
      expect(limiter.check('t', path).allowed).toBe(false);
    }
  });

  it('limits bursts to 10 calls a second per token, with Retry-After 1', () => {
    const { clock, limiter } = limiterAt();
    for (let index = 0; index < 10; index += 1) expect(limiter.check('t', '/publisher/events').allowed).toBe(true);
    expect(limiter.check('t', '/publisher/events')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 999;
    expect(limiter.check('t', '/publisher/events').allowed).toBe(false);
    clock.now += 1;
    expect(limiter.check('t', '/publisher/events').allowed).toBe(true);
  });

  it('does not count refused calls', () => {
    const { clock, limiter } = limiterAt();
    for (let index = 0; index < 10; index += 1) limiter.check('t', '/api/e/attendee-list');
    for (let index = 0; index < 50; index += 1) expect(limiter.check('t', '/api/e/attendee-list').allowed).toBe(false);
    clock.now += 1000;
    expect(limiter.check('t', '/api/e/attendee-list').allowed).toBe(true);
  });
});
