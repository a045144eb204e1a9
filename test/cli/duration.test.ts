import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/client/errors.js';
import { parseDuration } from '../../src/cli/duration.js';
import { formatDuration } from '../../src/util/duration.js';

describe('durations on the command line', () => {
  it('parses units, combinations and bare seconds', () => {
    expect(parseDuration('90s', '--max-wait')).toBe(90_000);
    expect(parseDuration('10m', '--max-wait')).toBe(600_000);
    expect(parseDuration('1h30m', '--max-wait')).toBe(5_400_000);
    expect(parseDuration('500ms', '--timeout')).toBe(500);
    expect(parseDuration(' 45 ', '--timeout')).toBe(45_000);
  });

  it('refuses anything else with a usage error naming the flag', () => {
    for (const text of ['soon', '10 m', '5x', '', '1h-5m']) {
      expect(() => parseDuration(text, '--timeout')).toThrow(UsageError);
    }
    expect(() => parseDuration('soon', '--timeout')).toThrow(/^--timeout: "soon" is not a duration/);
  });

  it('formats the shortest way', () => {
    expect(formatDuration(250)).toBe('250ms');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(0)).toBe('0s');
  });
});
