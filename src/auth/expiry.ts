// How close a token is to its end, and what to tell the user about it.
import { countOf } from '../util/count.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WARN_WITHIN_MS = 14 * DAY_MS;
const URGENT_WITHIN_MS = DAY_MS;

export interface ExpiryStatus {
  level: 'unknown' | 'ok' | 'soon' | 'urgent' | 'expired';
  /** Negative once expired. */
  remainingMs?: number;
  daysLeft?: number;
  expiresAt?: Date;
}

export function expiryStatus(expiresAt: string | undefined, now: Date): ExpiryStatus {
  if (!expiresAt) return { level: 'unknown' };
  const end = new Date(expiresAt);
  if (Number.isNaN(end.getTime())) return { level: 'unknown' };
  const remainingMs = end.getTime() - now.getTime();
  const daysLeft = Math.floor(remainingMs / DAY_MS);
  const level: ExpiryStatus['level'] = remainingMs <= 0 ? 'expired' : remainingMs < URGENT_WITHIN_MS ? 'urgent' : remainingMs < WARN_WITHIN_MS ? 'soon' : 'ok';
  return { level, remainingMs, daysLeft, expiresAt: end };
}

/** "3 days", "5 hours", "40 minutes" — the largest unit that is at least 1. */
export function describeRemaining(remainingMs: number): string {
  const minutes = Math.max(0, Math.floor(remainingMs / 60_000));
  if (minutes >= 24 * 60) return countOf(Math.floor(minutes / (24 * 60)), 'day');
  if (minutes >= 60) return countOf(Math.floor(minutes / 60), 'hour');
  return countOf(minutes, 'minute');
}

/** Tokens live 3 months (reference §5); used when the token response does not say. */
export function threeMonthsAfter(start: Date): Date {
  const end = new Date(start.getTime());
  end.setUTCMonth(end.getUTCMonth() + 3);
  return end;
}
