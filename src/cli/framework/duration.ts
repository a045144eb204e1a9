// The durations of every flag that takes one: units from parse-duration, plus the bare-seconds
// rule, refusing what that library would read loosely ("1h foo", "10 m"); and the --watch check.
import parseDurationText from 'parse-duration';
import { UsageError } from '../../client/errors.js';
import { isLoopbackHost } from '../../client/loopback.js';
import { HOURLY_READ_QUOTA } from '../../client/live-quotas.js';
import { formatDuration } from '../../util/duration.js';

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

// A --watch interval whose refreshes alone would spend more than the hourly read quota is refused;
// the sandbox (a loopback address) applies no quota unless started with --limits.
export function checkWatchInterval(intervalMs: number, apiUrl: string, readsPerRefresh: number, flag = '--watch'): void {
  if (isLoopbackHost(new URL(apiUrl).hostname)) return;
  const perHour = (readsPerRefresh * 3_600_000) / intervalMs;
  if (perHour <= HOURLY_READ_QUOTA) return;
  const shortest = Math.ceil((readsPerRefresh * 3_600_000) / HOURLY_READ_QUOTA);
  throw new UsageError(
    `${flag} ${formatDuration(intervalMs)}: each refresh costs ${readsPerRefresh} reads, ${Math.ceil(perHour)} an hour, over the ` +
      `service's quota of ${HOURLY_READ_QUOTA} read calls an hour; use ${flag} ${formatDuration(shortest)} or longer`,
    flag,
  );
}
