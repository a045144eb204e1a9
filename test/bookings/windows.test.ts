import { describe, expect, it } from 'vitest';
import { bookingKeyOf, collectBookings, MAX_WINDOW_DAYS, mergeUnique, splitIntoWindows, type DateWindow } from '../../src/bookings/windows.js';

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from `fromDate` to `toDate` (0 for the same day), on UTC midnights. */
function daysBetween(fromDate: string, toDate: string): number {
  return (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000;
}

/** Every property a window list must have, checked independently of how it was built. */
function expectTiling(windows: DateWindow[], fromDate: string, toDate: string): void {
  expect(windows.length).toBeGreaterThan(0);
  expect(windows[0].fromDate).toBe(fromDate);
  expect(windows.at(-1)!.toDate).toBe(toDate);
  for (const [index, window] of windows.entries()) {
    const span = daysBetween(window.fromDate, window.toDate);
    expect(span).toBeGreaterThanOrEqual(0);
    expect(span).toBeLessThanOrEqual(MAX_WINDOW_DAYS - 1);
    if (index > 0) expect(window.fromDate).toBe(addDays(windows[index - 1].toDate, 1));
  }
  const covered = windows.reduce((sum, window) => sum + daysBetween(window.fromDate, window.toDate) + 1, 0);
  expect(covered).toBe(daysBetween(fromDate, toDate) + 1);
}

describe('splitIntoWindows', () => {
  it.each([
    [1, 1],
    [31, 1],
    [32, 2],
    [62, 2],
    [63, 3],
    [95, 4],
    [400, 13],
  ])('tiles a %i-day range with %i window(s) of at most 31 days', (days, count) => {
    const fromDate = '2026-01-10';
    const toDate = addDays(fromDate, days - 1);
    const windows = splitIntoWindows(fromDate, toDate);
    expect(windows).toHaveLength(count);
    expectTiling(windows, fromDate, toDate);
  });

  it('gives exact windows for a 32-day range: the 32nd day alone in the second window', () => {
    expect(splitIntoWindows('2026-03-01', '2026-04-01')).toEqual([
      { fromDate: '2026-03-01', toDate: '2026-03-31' },
      { fromDate: '2026-04-01', toDate: '2026-04-01' },
    ]);
  });

  it('crosses a leap February correctly', () => {
    expect(splitIntoWindows('2024-02-01', '2024-03-31')).toEqual([
      { fromDate: '2024-02-01', toDate: '2024-03-02' },
      { fromDate: '2024-03-03', toDate: '2024-03-31' },
    ]);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 is.
    expect(splitIntoWindows('2100-02-01', '2100-03-31')[0]).toEqual({ fromDate: '2100-02-01', toDate: '2100-03-03' });
    expect(splitIntoWindows('2000-02-01', '2000-03-31')[0]).toEqual({ fromDate: '2000-02-01', toDate: '2000-03-02' });
  });

  it('crosses a year end, and tiles a 400-day range over a leap day', () => {
    expect(splitIntoWindows('2025-12-15', '2026-01-20')).toEqual([
      { fromDate: '2025-12-15', toDate: '2026-01-14' },
      { fromDate: '2026-01-15', toDate: '2026-01-20' },
    ]);
    const windows = splitIntoWindows('2027-11-20', '2028-12-23');
    expect(daysBetween('2027-11-20', '2028-12-23')).toBe(399);
    expectTiling(windows, '2027-11-20', '2028-12-23');
    expect(windows.some((w) => w.fromDate <= '2028-02-29' && '2028-02-29' <= w.toDate)).toBe(true);
  });

  it('does not depend on the local time zone (dates across a DST change)', () => {
    expectTiling(splitIntoWindows('2026-03-01', '2026-11-30'), '2026-03-01', '2026-11-30');
    expect(splitIntoWindows('2026-03-28', '2026-03-30')).toEqual([{ fromDate: '2026-03-28', toDate: '2026-03-30' }]);
  });

  it('refuses a reversed range and a nonsensical window size', () => {
    expect(() => splitIntoWindows('2026-02-02', '2026-02-01')).toThrow(RangeError);
    expect(() => splitIntoWindows('2026-02-01', '2026-02-02', 0)).toThrow(RangeError);
  });
});

describe('mergeUnique and bookingKeyOf', () => {
  it('keeps every booking of an order number, and a booking once, in the order first seen', () => {
    const merged = mergeUnique(
      [
        [
          { bookingId: '1', orderNo: 'A', status: 'fail' },
          { bookingId: '2', orderNo: 'B' },
        ],
        [
          { bookingId: '2', orderNo: 'B' },
          { bookingId: '3', orderNo: 'A', status: 'success' },
        ],
      ],
      bookingKeyOf,
    );
    expect(merged.map((booking) => booking.bookingId)).toEqual(['1', '2', '3']);
  });

  it('treats numeric and text booking ids alike, and identical records without one as one', () => {
    expect(bookingKeyOf({ bookingId: 42 })).toBe(bookingKeyOf({ bookingId: '42' }));
    expect(bookingKeyOf({ orderNo: 'A', amount: 1, when: 'x' })).toBe(bookingKeyOf({ when: 'x', amount: 1, orderNo: 'A' }));
    expect(bookingKeyOf({ orderNo: 'A', amount: 1 })).not.toBe(bookingKeyOf({ orderNo: 'A', amount: 2 }));
    expect(bookingKeyOf({ bookingId: '', amount: 1 })).not.toBe(bookingKeyOf({ bookingId: '', amount: 2 }));
  });
});

describe('collectBookings', () => {
  it('asks once per window, in order, and merges what overlapping answers repeat', async () => {
    const asked: DateWindow[] = [];
    // A fake service that (wrongly) treats each window's end as exclusive-plus-one, so boundary
    // days come back twice: the merge must still give each booking once.
    const bookings = Array.from({ length: 95 }, (_, day) => ({ orderNo: `O${day}`, date: addDays('2026-01-01', day) }));
    const result = await collectBookings({
      fromDate: '2026-01-01',
      toDate: '2026-04-05',
      fetchWindow: async (window) => {
        asked.push(window);
        const end = addDays(window.toDate, 1);
        return bookings.filter((b) => b.date >= window.fromDate && b.date <= end);
      },
    });
    expect(asked.map((w) => w.fromDate)).toEqual(['2026-01-01', '2026-02-01', '2026-03-04', '2026-04-04']);
    expect(result.map((b) => b.orderNo)).toEqual(bookings.map((b) => b.orderNo));
  });

  it('stops before the next window once aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    const pending = collectBookings({
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      signal: controller.signal,
      fetchWindow: async () => {
        calls += 1;
        controller.abort(new Error('stop'));
        return [];
      },
    });
    await expect(pending).rejects.toThrow('stop');
    expect(calls).toBe(1);
  });
});
