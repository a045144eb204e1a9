// Fetches a booking list over any date range: one E13 call per window, in date order, merged
// without duplicates. The fetcher is injected, so this is tested without a network.
import { bookingKeyOf, mergeUnique, splitIntoWindows, type DateWindow } from './windows.js';

/**
 * The columns every booking has, in a fixed order (the CLI's table and piped lines, so that
 * scripts can rely on positions). They carry no personal data: `boxoffice mcp` returns these alone.
 */
export const KNOWN_COLUMNS = ['orderNo', 'createdOn', 'status', 'amount', 'currency'] as const;

export interface CollectBookingsOptions<T> {
  fromDate: string;
  toDate: string;
  /** One service call for one window of at most 31 days. */
  fetchWindow(window: DateWindow): Promise<Iterable<T>>;
  /** Told after each window, e.g. for a progress line on stderr. */
  onWindow?(window: DateWindow, index: number, total: number, received: number): void;
  signal?: AbortSignal;
}

export async function collectBookings<T extends Readonly<Record<string, unknown>>>(options: CollectBookingsOptions<T>): Promise<T[]> {
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
