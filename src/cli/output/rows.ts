// Rows of data: a table for people on a terminal, tab-separated lines for scripts when piped
// (no header line and no decoration, one record a line, like `gh` does).
import type { Deps, Io } from '../deps.js';

export interface Column<Row> {
  header: string;
  /** The cell text; null or undefined prints as empty. */
  value: (row: Row) => string | number | boolean | null | undefined;
  /** Right-align on a terminal (amounts, counts). */
  alignRight?: boolean;
}

/** Where rows go: the streams, and (optionally) the environment for NO_COLOR / TERM. */
export type RowTarget = Io | Pick<Deps, 'io' | 'env'>;

export interface WriteRowsOptions {
  /** Printed on stderr on a terminal when there are no rows (piped output stays empty). */
  emptyMessage?: string;
}

export async function writeRows<Row>(
  target: RowTarget,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  options: WriteRowsOptions = {},
): Promise<void> {
  const { io, env } = 'io' in target ? target : { io: target, env: undefined };
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  if (!io.stdoutIsTTY) {
    for (const line of cells) io.stdout.write(`${line.map(tabSafe).join('\t')}\n`);
    return;
  }
  if (rows.length === 0 && options.emptyMessage) {
    io.stderr.write(`${options.emptyMessage}\n`);
    return;
  }
  const { default: Table } = await import('cli-table3');
  const color = colorAllowed(env);
  const table = new Table({
    head: columns.map((column) => column.header),
    colAligns: columns.map((column) => (column.alignRight ? 'right' : 'left')),
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
    wordWrap: true,
  });
  for (const line of cells) table.push(line);
  io.stdout.write(`${table.toString()}\n`);
}

/** Colour only when the environment is known and neither NO_COLOR nor TERM=dumb forbid it. */
export function colorAllowed(env: Readonly<Record<string, string | undefined>> | undefined): boolean {
  if (!env) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.TERM !== 'dumb';
}

function cellText(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Tabs and line breaks inside a value would break the one-record-a-line format. */
function tabSafe(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}
