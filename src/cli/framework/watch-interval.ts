// A --watch interval whose refreshes alone would spend more than the hourly read quota is refused;
// the sandbox (a loopback address) applies no quota unless started with --limits.
import { UsageError } from '../../client/errors.js';
import { isLoopbackHost } from '../../client/loopback.js';
import { formatDuration } from '../../util/duration.js';
import { HOURLY_READ_QUOTA } from '../../client/live-quotas.js';

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
