import { describe, expect, it } from 'vitest';
import { describeRemaining, expiryStatus, threeMonthsAfter } from '../../src/auth/expiry.js';
import { expiryWarning } from '../../src/session/session.js';

const now = new Date('2026-11-22T04:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();

describe('token expiry', () => {
  it('is quiet with 14 days or more left', () => {
    const status = expiryStatus(hours(14 * 24), now);
    expect(status.level).toBe('ok');
    expect(status.daysLeft).toBe(14);
    expect(expiryWarning(status, 'live')).toBeUndefined();
  });

  it('warns under 14 days, and more urgently under 1 day', () => {
    expect(expiryWarning(expiryStatus(hours(9 * 24 + 5), now), 'live')).toBe(
      'warning: the token of profile live expires in 9 days (2026-12-01); run boxoffice login to renew it',
    );
    expect(expiryWarning(expiryStatus(hours(5), now), 'live')).toBe(
      'WARNING: the token of profile live expires in 5 hours (2026-11-22); run boxoffice login now',
    );
  });

  it('is expired at or after the instant, and unknown without one', () => {
    expect(expiryStatus(hours(0), now).level).toBe('expired');
    expect(expiryStatus(hours(-30), now).level).toBe('expired');
    expect(expiryStatus(undefined, now).level).toBe('unknown');
    expect(expiryStatus('not a date', now).level).toBe('unknown');
  });

  it('describes what is left in the largest whole unit', () => {
    expect(describeRemaining(61_000)).toBe('1 minute');
    expect(describeRemaining(2 * 3_600_000)).toBe('2 hours');
    expect(describeRemaining(3 * 86_400_000)).toBe('3 days');
  });

  it('counts 3 calendar months for a token whose response gives no lifetime', () => {
    expect(threeMonthsAfter(now).toISOString()).toBe('2027-02-22T04:00:00.000Z');
  });
});
