// One line on a terminal's stderr redrawn in place (progress). A text longer than the terminal is
// cut at a word: a line the terminal wrapped would leave its first part behind at every redraw.
import type { Writable } from 'node:stream';

const CLEAR_LINE = '\r\x1b[K';

/** `text` within `width` columns: cut after the last word that fits, and an ellipsis. */
function fitted(text: string, width: number): string {
  if (text.length <= width) return text;
  const cut = text.lastIndexOf(' ', width - 1);
  return `${text.slice(0, cut > 0 ? cut : width - 1)}…`;
}

export function statusLine(stderr: Writable, columns = Number.POSITIVE_INFINITY) {
  let shown = false;
  return {
    show(text: string) {
      shown = true;
      // The last column is left free: a terminal that fills it may wrap before the next redraw.
      stderr.write(`${CLEAR_LINE}${fitted(text, columns - 1)}`);
    },
    clear() {
      if (shown) stderr.write(CLEAR_LINE);
      shown = false;
    },
  };
}
