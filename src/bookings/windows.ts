// The booking list (E13) over any date range: one call per window, in date order, merged without
// duplicates. The service refuses `toDate − fromDate` over 31 (T009); the CLI stays one day inside
// that, as the contract fixes: each window spans at most 31 calendar days, both ends inclusive
// (`toDate − fromDate` ≤ 30). Dates are plain calendar dates (yyyy-mm-dd), so all arithmetic is
// done on UTC midnights, never in the local time zone.
import { UsageError } from '../client/errors.js';
import { dateProblem } from '../client/schemas/values.js';

/** Calendar days a window may span, both ends included. */
export const MAX_WINDOW_DAYS = 31;

/** Both days yyyy-mm-dd, inclusive. */
export type DateWindow = { fromDate: string; toDate: string };

const DAY_MS = 86_400_000;

function toEpochDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromEpochDay(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

/** Splits [fromDate, toDate] (inclusive, fromDate ≤ toDate) into consecutive windows of at most `maxDays` calendar days: no gaps, no overlaps. */
export function splitIntoWindows(fromDate: string, toDate: string, maxDays: number = MAX_WINDOW_DAYS): DateWindow[] {
  if (!Number.isInteger(maxDays) || maxDays < 1) throw new RangeError(`maxDays must be a whole number ≥ 1, got ${maxDays}`);
  const first = toEpochDay(fromDate);
  const last = toEpochDay(toDate);
  if (last < first) throw new RangeError(`toDate ${toDate} is before fromDate ${fromDate}`);
  const windows: DateWindow[] = [];
  for (let start = first; start <= last; start += maxDays) {
    windows.push({ fromDate: fromEpochDay(start), toDate: fromEpochDay(Math.min(start + maxDays - 1, last)) });
  }
  return windows;
}

/**
 * Keeps the first record seen for each key, in the order first seen. Windows do not overlap, but a record can still come back twice (a
 * booking on a boundary day counted by both windows, or a service that reads a window's end as exclusive on one call, inclusive on the next).
 */
export function mergeUnique<T>(batches: Iterable<Iterable<T>>, keyOf: (record: T) => string): T[] {
  const merged = new Map<string, T>();
  for (const batch of batches) {
    for (const record of batch) {
      const key = keyOf(record);
      if (!merged.has(key)) merged.set(key, record);
    }
  }
  return [...merged.values()];
}

/**
 * A booking's identity: the service's booking id when it sends one, else the whole record in a stable form (keys sorted). Never the order
 * number alone: one order number can have several bookings (a failed attempt, then a paid one), and each is listed.
 */
export function bookingKeyOf(record: Readonly<Record<string, unknown>>): string {
  const bookingId = record.bookingId;
  if ((typeof bookingId === 'string' && bookingId.trim() !== '') || typeof bookingId === 'number') {
    return `bookingId:${String(bookingId).trim()}`;
  }
  const sorted = (_key: string, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value;
  return `record:${JSON.stringify(record, sorted)}`;
}

/** The columns every booking has, in a fixed order scripts can rely on; no personal data: `boxoffice mcp` returns these alone. */
export const KNOWN_COLUMNS = ['orderNo', 'createdOn', 'status', 'amount', 'currency'] as const;

export async function collectBookings<T extends Readonly<Record<string, unknown>>>(options: {
  fromDate: string;
  toDate: string;
  /** One service call for one window of at most 31 days. */
  fetchWindow(window: DateWindow): Promise<Iterable<T>>;
  onWindow?(window: DateWindow, index: number, total: number, received: number): void;
  signal?: AbortSignal;
}): Promise<T[]> {
  const windows = splitIntoWindows(options.fromDate, options.toDate);
  const batches: T[][] = [];
  for (const [index, window] of windows.entries()) {
    options.signal?.throwIfAborted();
    const batch = [...(await options.fetchWindow(window))];
    batches.push(batch);
    options.onWindow?.(window, index, windows.length, batch.length);
  }
  return mergeUnique<T>(batches, bookingKeyOf);
}

/** `--from-date` and `--to-date` checked before any request, every problem named at once (both missing: one error). */
export function validateDateRange(fromDate: string | undefined, toDate: string | undefined): DateWindow {
  const problems = Object.entries({ '--from-date': fromDate, '--to-date': toDate }).flatMap(([flag, value]) => {
    if (value === undefined || value.trim() === '') return [{ flag, problem: `${flag} is required (yyyy-mm-dd)` }];
    const problem = dateProblem(value.trim());
    return problem === undefined ? [] : [{ flag, problem: `${flag} "${value.trim()}": ${problem}` }];
  });
  if (problems.length > 0) throw new UsageError(problems.map((found) => found.problem).join('; '), problems[0].flag);
  const from = (fromDate as string).trim();
  const to = (toDate as string).trim();
  if (to < from) throw new UsageError(`--to-date: ${to} is before --from-date ${from}`, '--to-date');
  return { fromDate: from, toDate: to };
}
