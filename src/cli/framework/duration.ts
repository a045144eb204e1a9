// Durations on the command line: "90s", "10m", "1h30m", "500ms", "2d"; a bare number is seconds.
// The one reader of durations for every flag that takes one (`login --timeout`, `bookings
// request --timeout`, `attendees export --max-wait`). Units come from parse-duration; this adds
// the bare-seconds rule and refuses what that library would read loosely ("1h foo", "10 m").
import parseDurationText from 'parse-duration';
import { UsageError } from '../../client/errors.js';

const BARE_SECONDS = /^\d+(\.\d+)?$/;
/** Amount-unit pairs written together: "1h30m", "1.5h", "500ms". */
const UNIT_TERMS = /^(\d+(\.\d+)?[a-zµ]+)+$/i;

/** Milliseconds for "90s", "10m", "1h30m", "500ms"; a bare number is seconds. `flag` names it in errors. */
export function parseDuration(text: string, flag: string, options: { positive?: boolean } = {}): number {
  const trimmed = text.trim();
  const ms = BARE_SECONDS.test(trimmed) ? Number(trimmed) * 1000 : UNIT_TERMS.test(trimmed) ? parseDurationText(trimmed) : null;
  if (ms === null || ms === undefined || !Number.isFinite(ms)) {
    throw new UsageError(`${flag}: "${text}" is not a duration (examples: 90s, 10m, 1h, 1h30m; a bare number is seconds)`, flag);
  }
  if (options.positive && ms <= 0) throw new UsageError(`${flag}: must be more than 0`, flag);
  return Math.round(ms);
}
