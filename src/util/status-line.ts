// One line on a terminal's stderr that is redrawn in place (progress), and cleared before
// anything else is written there.
import type { Writable } from 'node:stream';

export interface StatusLine {
  show(text: string): void;
  /** Clears the line, so that a summary or an error starts on a clean line. */
  clear(): void;
}

const CLEAR_LINE = '\r\x1b[K';

export function statusLine(stderr: Writable): StatusLine {
  let shown = false;
  return {
    show(text) {
      shown = true;
      stderr.write(`${CLEAR_LINE}${text}`);
    },
    clear() {
      if (shown) stderr.write(CLEAR_LINE);
      shown = false;
    },
  };
}
