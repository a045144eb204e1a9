// E12 /em/booking takes form posts from any page (docs/sandbox-security.md), and the sandbox's
// booking key is published, so what bookings can cost is bounded: each one's text, a token bucket
// per account, and unpaid bookings kept per account and in all, oldest removed first. Paid and
// failed ones are never removed: completing one needs the signed payment page.
import { LRUCache } from 'lru-cache';
import type { SandboxDatabase } from '../db/index.js';
import { SandboxError, tooManyRequests } from '../errors.js';

export interface BookingBounds {
  /** Bookings one booking key may add at once, before the steady rate applies. */
  burst: number;
  /** Then one more every this many milliseconds. */
  refillMs: number;
  /** Unpaid bookings kept per account. */
  pendingPerAccount: number;
  /** Unpaid bookings kept in all. */
  pendingInAll: number;
  /** Characters of text one booking may store, all its fields together. */
  textPerBooking: number;
}

export const DEFAULT_BOOKING_BOUNDS: BookingBounds = {
  burst: 120,
  refillMs: 1_000,
  pendingPerAccount: 500,
  pendingInAll: 5_000,
  textPerBooking: 4_096,
};

/** Refuses a booking whose text fields together exceed the bound (E002, naming the longest). */
export function assertBookingTextWithin(fields: Readonly<Record<string, unknown>>, bounds: BookingBounds): void {
  const texts = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const total = texts.reduce((sum, [, text]) => sum + text.length, 0);
  if (total <= bounds.textPerBooking) return;
  const [longest] = texts.reduce((a, b) => (b[1].length > a[1].length ? b : a));
  throw new SandboxError('E002', {
    description: `a booking's fields may hold ${bounds.textPerBooking} characters in all, not ${total}`,
    field: longest,
  });
}

export class BookingBudget {
  private readonly buckets = new LRUCache<number, { tokens: number; updatedAt: number }>({ max: 10_000 });

  constructor(
    private readonly bounds: BookingBounds,
    private readonly now: () => number,
  ) {}

  /** Takes one booking from the account's bucket, or refuses with E023 and Retry-After. */
  admit(accountId: number): void {
    const now = this.now();
    const bucket = this.buckets.get(accountId) ?? { tokens: this.bounds.burst, updatedAt: now };
    // A clock set back (the sandbox's can be) refills nothing and takes nothing.
    const updatedAt = Math.max(now, bucket.updatedAt);
    const tokens = Math.min(this.bounds.burst, bucket.tokens + (updatedAt - bucket.updatedAt) / this.bounds.refillMs);
    if (tokens < 1) {
      this.buckets.set(accountId, { tokens, updatedAt });
      const retryAfter = Math.max(1, Math.ceil(((1 - tokens) * this.bounds.refillMs) / 1000));
      const limit = `at most ${this.bounds.burst} at once, then one every ${this.bounds.refillMs} ms`;
      throw tooManyRequests(`too many bookings for this booking key: ${limit}`, retryAfter);
    }
    this.buckets.set(accountId, { tokens: tokens - 1, updatedAt });
  }
}

/** Removes the oldest unpaid bookings past the bounds, of the account and in all. */
export function prunePendingBookings(db: SandboxDatabase, accountId: number, bounds: BookingBounds): void {
  db.prepare(
    `DELETE FROM bookings WHERE id IN (
       SELECT id FROM bookings WHERE account_id = ? AND status = 'initiated' ORDER BY id DESC LIMIT -1 OFFSET ?)`,
  ).run(accountId, bounds.pendingPerAccount);
  db.prepare(
    `DELETE FROM bookings WHERE id IN (
       SELECT id FROM bookings WHERE status = 'initiated' ORDER BY id DESC LIMIT -1 OFFSET ?)`,
  ).run(bounds.pendingInAll);
}
