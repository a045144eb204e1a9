// Durations on the command line: "90s", "10m", "1h30m", "500ms"; a bare number is seconds.
// Shared by `attendees export --max-wait` and `bookings request --timeout`.
import { UsageError } from '../client/errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "90s", "10m", "1h", "1h30m", "500ms"; a bare number is seconds. `flag` names it in errors. */
export function parseDuration(text: string, flag: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== trimmed) {
    throw new UsageError(`${flag}: "${text}" is not a duration (examples: 90s, 10m, 1h, 1h30m)`, flag);
  }
  return Math.round(parts.reduce((total, [, amount, unit]) => total + Number(amount) * UNIT_MS[unit], 0));
}

/** The shortest of "250ms", "45s", "1m30s", "2h5m" for a span of milliseconds. */
export function formatDuration(ms: number): string {
  if (ms > 0 && ms < 1000) return `${Math.round(ms)}ms`;
  let seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  return [hours && `${hours}h`, minutes && `${minutes}m`, seconds && `${seconds}s`].filter(Boolean).join('') || '0s';
}
