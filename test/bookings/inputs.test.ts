import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/client/errors.js';
import { validateDateRange } from '../../src/bookings/windows.js';

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('validateDateRange', () => {
  it('accepts a real range, same day included', () => {
    expect(validateDateRange('2026-01-01', '2026-01-01')).toEqual({ fromDate: '2026-01-01', toDate: '2026-01-01' });
    expect(validateDateRange(' 2024-02-29 ', '2024-03-01')).toEqual({ fromDate: '2024-02-29', toDate: '2024-03-01' });
  });

  it.each([
    [undefined, '2026-01-01', '--from-date', 'is required'],
    ['2026-01-01', undefined, '--to-date', 'is required'],
    ['2026/01/01', '2026-01-02', '--from-date', 'yyyy-mm-dd'],
    ['2026-01-01', '2026-02-30', '--to-date', 'not a calendar date'],
    ['2025-02-29', '2025-03-01', '--from-date', 'not a calendar date'],
    ['2026-03-02', '2026-03-01', '--to-date', 'before --from-date'],
  ])('refuses from=%s to=%s naming %s', (from, to, flag, text) => {
    const error = usageError(() => validateDateRange(from, to));
    expect(error.field).toBe(flag);
    expect(error.message).toContain(flag);
    expect(error.message).toContain(text);
  });
});
