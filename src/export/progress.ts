// The progress line on stderr (only on a terminal): orders, their rate and, once a few batches give a rate and the attendees to expect are known, a bar and an
// ETA. Redrawn at most ten times a second.
import type { Writable } from 'node:stream';
import { formatDuration } from '../util/duration.js';
import { countOf, formatCount } from '../util/count.js';
import { statusLine } from '../util/status-line.js';

export type ProgressState = { orders: number; attendees: number; batches: number; expectedAttendees?: number };

export interface ProgressSink {
  update(state: ProgressState): void;
  /** Clears the line, so that the summary or an error starts on a clean line. */
  finish(): void;
}

export const silentProgress: ProgressSink = { update() {}, finish() {} };

const BAR_WIDTH = 20;
const REDRAW_MS = 100;
/** Batches before the bar and ETA appear: the first ones' rate says little. */
const BATCHES_BEFORE_ETA = 3;

/** The progress line (on a terminal only), and notices on stderr that first clear it. */
export function progressAndNotices(stderr: Writable, onTerminal: boolean, now: () => number): { progress: ProgressSink; notice(line: string): void } {
  const started = now();
  const line = statusLine(stderr);
  let lastDrawn = -Infinity;
  const drawn: ProgressSink = {
    update(state) {
      const at = now();
      if (at - lastDrawn < REDRAW_MS) return;
      lastDrawn = at;
      line.show(progressLine(state, at - started));
    },
    finish: () => line.clear(),
  };
  const progress = onTerminal ? drawn : silentProgress;
  return {
    progress,
    notice: (text) => {
      progress.finish();
      stderr.write(`${text}\n`);
    },
  };
}

export function progressLine(state: ProgressState, elapsedMs: number): string {
  const perSecond = elapsedMs > 0 ? (state.orders * 1000) / elapsedMs : 0;
  const counts = `${countOf(state.orders, 'order')} · ${formatCount(perSecond)} orders/s`;
  const expected = state.expectedAttendees;
  if (!expected || expected <= 0 || state.batches < BATCHES_BEFORE_ETA) return `exporting ${counts}`;
  // The share done is read from attendees (the report says how many to expect), shown as orders.
  const fraction = Math.min(1, state.attendees / expected);
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(fraction * 100)}%`;
  const eta = fraction > 0 ? formatDuration((elapsedMs * (1 - fraction)) / fraction) : '?';
  return `${bar} ${counts} · ETA ${eta}`;
}
