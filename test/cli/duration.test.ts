import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/client/errors.js';
import { parseDuration } from '../../src/cli/framework/duration.js';
import { formatDuration } from '../../src/util/duration.js';

describe('durations on the command line', () => {
  it('parses units, combinations and bare seconds', () => {
    expect(parseDuration('90s', '--max-wait')).toBe(90_000);
    expect(parseDuration('10m', '--max-wait')).toBe(600_000);
    expect(parseDuration('1h30m', '--max-wait')).toBe(5_400_000);
    expect(parseDuration('500ms', '--timeout')).toBe(500);
    expect(parseDuration(' 45 ', '--timeout')).toBe(45_000);
    expect(parseDuration('5m', '--timeout')).toBe(300_000);
    expect(parseDuration('1.5h', '--timeout')).toBe(5_400_000);
    expect(parseDuration('2d', '--max-wait')).toBe(172_800_000);
  });

  it('refuses what parse-duration alone would read loosely, and zero where a positive span is needed', () => {
    for (const text of ['1h foo', '10 m', '-5m', '5m!']) {
      expect(() => parseDuration(text, '--timeout'), text).toThrow(/is not a duration/);
    }
    expect(() => parseDuration('0s', '--timeout', { positive: true })).toThrow(/^--timeout: must be more than 0$/);
    expect(parseDuration('0s', '--max-wait')).toBe(0);
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
