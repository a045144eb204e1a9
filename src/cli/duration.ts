// Durations on the command line: "90s", "10m", "1h30m", "500ms"; a bare number is seconds.
// Shared by `attendees export --max-wait` and `bookings request --timeout` (src/util/duration.ts
// writes them).
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
