// The durations of every flag that takes one: units from parse-duration, plus the bare-seconds
// rule, refusing what that library would read loosely ("1h foo", "10 m").
import parseDurationText from 'parse-duration';
import { UsageError } from '../../client/errors.js';

const BARE_SECONDS = /^\d+(\.\d+)?$/;
/** Amount-unit pairs written together: "1h30m", "1.5h", "500ms". */
const UNIT_TERMS = /^(\d+(\.\d+)?[a-zµ]+)+$/i;

export function parseDuration(text: string, flag: string, options: { positive?: boolean } = {}): number {
  const trimmed = text.trim();
  const ms = BARE_SECONDS.test(trimmed) ? Number(trimmed) * 1000 : UNIT_TERMS.test(trimmed) ? parseDurationText(trimmed) : null;
  if (ms === null || ms === undefined || !Number.isFinite(ms)) {
    throw new UsageError(`${flag}: "${text}" is not a duration (examples: 90s, 10m, 1h, 1h30m; a bare number is seconds)`, flag);
  }
  if (options.positive && ms <= 0) throw new UsageError(`${flag}: must be more than 0`, flag);
  return Math.round(ms);
}
