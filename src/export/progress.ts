// The progress line on stderr (only on a terminal): records, batches, rate and, when the number
// of attendees to expect is known, an ETA. Redrawn at most ten times a second.
import type { Writable } from 'node:stream';
import { formatDuration } from '../util/duration.js';

export interface ProgressState {
  records: number;
  attendees: number;
  batches: number;
  /** Attendees expected in total, when known (from the event's report). */
  expectedAttendees?: number;
}

export interface ProgressSink {
  update(state: ProgressState): void;
  /** Clears the line, so that the summary or an error starts on a clean line. */
  finish(): void;
}

export const silentProgress: ProgressSink = { update() {}, finish() {} };

const BAR_WIDTH = 20;
const REDRAW_MS = 100;

export function terminalProgress(stderr: Writable, now: () => number): ProgressSink {
  const started = now();
  let lastDrawn = -Infinity;
  let drawn = false;
  return {
    update(state) {
      const at = now();
      if (at - lastDrawn < REDRAW_MS) return;
      lastDrawn = at;
      drawn = true;
      stderr.write(`\r\x1b[K${progressLine(state, at - started)}`);
    },
    finish() {
      if (drawn) stderr.write('\r\x1b[K');
      drawn = false;
    },
  };
}

/** 12345 → "12,345". Not toLocaleString: its first call loads ICU's number data (~20 ms). */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function progressLine(state: ProgressState, elapsedMs: number): string {
  const perSecond = elapsedMs > 0 ? (state.records * 1000) / elapsedMs : 0;
  const counts = `${formatCount(state.records)} records · ${formatCount(state.batches)} batches · ${formatCount(perSecond)} records/s`;
  const expected = state.expectedAttendees;
  if (!expected || expected <= 0) return `exporting ${counts}`;
  const fraction = Math.min(1, state.attendees / expected);
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(fraction * 100)}%`;
  const attendeesPerMs = elapsedMs > 0 ? state.attendees / elapsedMs : 0;
  const eta = attendeesPerMs > 0 ? formatDuration(Math.max(0, expected - state.attendees) / attendeesPerMs) : '?';
  return `${bar} ${counts} · ETA ${eta}`;
}
