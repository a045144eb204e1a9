// Waiting out the service's read quota (E023). The live service allows about 30 read calls an
// hour, so a large export can be refused part way; the export then waits, up to --max-wait in
// total, and asks for the same batch again. Past that it gives up with the checkpoint kept.
import { RateLimitError } from '../client/errors.js';
import { formatDuration } from '../util/duration.js';
import type { BatchFailureHandler, RecordRange } from '../client/paginate.js';

/** The first wait when the service gives no Retry-After; doubled on each further refusal. */
const FIRST_GUESS_MS = 30_000;
const LONGEST_GUESS_MS = 10 * 60_000;

export interface RateLimitWaiterOptions {
  maxWaitMs: number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  notice(line: string): void;
  signal?: AbortSignal;
}

export interface RateLimitWaiter {
  onFailure: BatchFailureHandler;
  /** Total time waited so far. */
  readonly waitedMs: number;
}

/** A batch failure handler that waits out E023 and rethrows every other error. */
export function createRateLimitWaiter(options: RateLimitWaiterOptions): RateLimitWaiter {
  let waitedMs = 0;
  const onFailure = async (error: unknown, range: RecordRange, attempt: number): Promise<void> => {
    if (!(error instanceof RateLimitError)) throw error;
    const remaining = options.maxWaitMs - waitedMs;
    const hinted = error.retryAfterMs;
    const delay = hinted ?? Math.min(FIRST_GUESS_MS * 2 ** (attempt - 1), LONGEST_GUESS_MS, remaining);
    const limit = `--max-wait ${formatDuration(options.maxWaitMs)}`;
    if (delay > remaining || remaining <= 0) {
      const asked = hinted === undefined ? '' : `; the service asks for ${formatDuration(hinted)} more`;
      options.notice(`still rate limited (${error.code}) after waiting ${formatDuration(waitedMs)} of ${limit}${asked}`);
      throw error;
    }
    options.notice(
      `rate limited (${error.code}, the service's read quota): waiting ${formatDuration(delay)} before asking for ` +
        `records ${range.fromRecord}–${range.toRecord} again (${formatDuration(waitedMs)} of ${limit} used)`,
    );
    await options.sleep(delay, options.signal);
    waitedMs += delay;
  };
  return {
    onFailure,
    get waitedMs() {
      return waitedMs;
    },
  };
}
