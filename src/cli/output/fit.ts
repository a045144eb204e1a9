// How a table fits the terminal's width, as gh does: when the columns, with those marked
// `shrink` at their floor, are still too wide, the columns marked `dropOrder` are left out, lowest
// first; then the `shrink` columns are shortened (with "…"), the widest first, as far as needed. docs/output.md states
// each table's order.

export interface FitColumn {
  header: string;
  /** May be shortened with "…" down to this many characters (names, titles, free text). */
  shrink?: number;
  /** Left out when shortening is not enough: 1 first, then 2, …; a column without one stays. */
  dropOrder?: number;
}

/** Cells are separated by two spaces (the table's right padding); the last one's is trimmed. */
const GAP = 2;

export interface Fit {
  /** Indexes of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column (same order). */
  widths: number[];
}

function textWidth(text: string): number {
  return [...text].length;
}

/** Which columns to show and how wide, for cells in `cells` (row-major) within `width`. */
export function fitColumns(columns: readonly FitColumn[], cells: readonly (readonly string[])[], width: number): Fit {
  const natural = columns.map((column, index) => Math.max(textWidth(column.header), ...cells.map((row) => textWidth(row[index] ?? ''))));
  const floor = columns.map((column, index) =>
    column.shrink === undefined ? natural[index] : Math.min(natural[index], Math.max(column.shrink, textWidth(column.header))),
  );
  let shown = columns.map((_, index) => index);
  const total = (widths: readonly number[]): number => widths.reduce((sum, each) => sum + each, 0) + GAP * Math.max(0, widths.length - 1);
  for (;;) {
    if (total(shown.map((index) => floor[index])) <= width || !shown.some((index) => columns[index].dropOrder !== undefined)) break;
    const next = shown.filter((index) => columns[index].dropOrder !== undefined).sort((a, b) => (columns[a].dropOrder ?? 0) - (columns[b].dropOrder ?? 0))[0];
    shown = shown.filter((index) => index !== next);
  }
  const widths = shown.map((index) => natural[index]);
  let excess = total(widths) - width;
  while (excess > 0) {
    let widest = -1;
    shown.forEach((index, at) => {
      if (widths[at] > floor[index] && (widest < 0 || widths[at] > widths[widest])) widest = at;
    });
    if (widest < 0) break;
    widths[widest] -= 1;
    excess -= 1;
  }
  return { shown, widths };
}

/** `text` cut to `width` characters, ending in "…" when cut. */
export function shorten(text: string, width: number): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  return `${characters.slice(0, Math.max(0, width - 1)).join('')}…`;
}
