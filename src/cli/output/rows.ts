// Rows of data (docs/output.md). On a terminal: a table with human headers and one rule under
// them. Piped: tab-separated lines, one record a line, for scripts (as gh does), with a header
// line only when asked for (--header). And --json's one document.
import type { CommandContext } from '../framework/context.js';
import { printOut, type Deps, type Io } from '../../session/deps.js';

export interface Column<Row> {
  /** The column's name as people read it ("Order", "on sale from"); capitalised on a terminal. */
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  alignRight?: boolean;
  /** May be shortened with "…" down to this many characters (names, titles, free text). */
  shrink?: number;
  /** Left out when shortening is not enough: 1 first, then 2, …; a column without one stays. */
  dropOrder?: number;
}

/** Where rows go: the streams, the environment too (NO_COLOR / TERM), or a command's context (--header too). */
export type RowTarget = Io | Pick<Deps, 'io' | 'env'> | CommandContext;

/** `emptyMessage`: printed on stderr on a terminal when there are no rows (piped output stays empty). */
type WriteRowsOptions = { emptyMessage?: string };

function resolve(target: RowTarget): { io: Io; env?: Deps['env']; header: boolean } {
  if ('deps' in target) return { io: target.deps.io, env: target.deps.env, header: target.globals().header };
  if ('io' in target) return { io: target.io, env: target.env, header: false };
  return { io: target, header: false };
}

export function writeJson(io: Pick<Io, 'stdout' | 'print'>, value: unknown): void {
  printOut(io, `${JSON.stringify(value, null, 2)}\n`);
}

/** Borders off but the rule under the header (cli-table3's compact style keeps that one). */
const BORDERS = ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'right', 'right-mid'];
const HEADER_RULE_ONLY = { ...Object.fromEntries([...BORDERS, 'middle'].map((name) => [name, ''])), mid: '─', 'mid-mid': '─' };

export async function writeRows<Row>(target: RowTarget, columns: readonly Column<Row>[], rows: readonly Row[], options: WriteRowsOptions = {}): Promise<void> {
  const { io, env, header } = resolve(target);
  const cells = rows.map((row) => columns.map((column) => String(column.value(row) ?? '')));
  if (!io.stdoutIsTTY) {
    // One write: a pipe or file gets the rows in one system call rather than one per line.
    const lines = header ? [columns.map((column) => humanHeader(column.header)), ...cells] : cells;
    // Tabs and line breaks inside a value would break the one-record-a-line format.
    const text = lines.map((line) => `${line.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t')}\n`).join('');
    if (lines.length > 0) printOut(io, text);
    return;
  }
  if (rows.length === 0 && options.emptyMessage) {
    io.stderr.write(`${options.emptyMessage}\n`);
    return;
  }
  const { default: Table } = await import('cli-table3');
  const color = colorAllowed(env);
  const headers = columns.map((column) => ({ ...column, header: humanHeader(column.header) }));
  const { shown, widths } = fitColumns(headers, cells, io.columns ?? Number.POSITIVE_INFINITY);
  const table = new Table({
    head: shown.map((index) => headers[index].header),
    colAligns: shown.map((index) => (columns[index].alignRight ? 'right' : 'left')),
    chars: HEADER_RULE_ONLY,
    style: { head: color ? ['bold'] : [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
    wordWrap: false,
  });
  for (const line of cells) table.push(shown.map((index, at) => shorten(line[index], widths[at])));
  printOut(io, `${withoutTrailingSpace(table.toString(), color)}\n`);
}

/** A command's answer: the service's body under --json, else its rows. */
export async function writeAnswer<Row>(
  context: CommandContext,
  body: unknown,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  options?: WriteRowsOptions,
): Promise<void> {
  if (context.globals().json) return writeJson(context.deps.io, body);
  await writeRows(context, columns, rows, options);
}

/** Name/value rows (a record's fields, a profile's settings), those without a value left out. */
export async function writeFieldRows(target: RowTarget, fields: readonly (readonly [string, unknown])[], headers = ['field', 'value']): Promise<void> {
  const shown = fields.filter(([, value]) => value !== null && value !== undefined && value !== '');
  const columns: Column<(typeof shown)[number]>[] = [
    { header: headers[0], value: (field) => field[0] },
    { header: headers[1], value: (field) => String(field[1]) },
  ];
  await writeRows(target, columns, shown);
}

const ABBREVIATIONS: Readonly<Record<string, string>> = { id: 'ID', url: 'URL' };

/** "on sale from" → "On sale from", "id" → "ID". */
export function humanHeader(header: string): string {
  return ABBREVIATIONS[header] ?? header.charAt(0).toUpperCase() + header.slice(1);
}

/** Colour only when the environment is known and neither NO_COLOR nor TERM=dumb forbid it. */
export function colorAllowed(env: Readonly<Record<string, string | undefined>> | undefined): boolean {
  return env !== undefined && (env.NO_COLOR ?? '') === '' && env.TERM !== 'dumb';
}

const ANSI = /\x1b\[[\d;]*m/g;

/** The last column's padding kept out of copied text; the rule redrawn at the text's width (cli-table3 draws it per column, padding included). */
function withoutTrailingSpace(text: string, color: boolean): string {
  const lines = text.split('\n').map((line) => line.replace(/ +((?:\x1b\[[\d;]*m)*)$/, '$1'));
  const isRule = (line: string): boolean => /^─+$/.test(line.replace(ANSI, ''));
  const width = Math.max(0, ...lines.filter((line) => !isRule(line)).map((line) => [...line.replace(ANSI, '')].length));
  const rule = color ? `\x1b[90m${'─'.repeat(width)}\x1b[39m` : '─'.repeat(width);
  return lines.map((line) => (isRule(line) ? rule : line)).join('\n');
}

/** Cells are separated by two spaces (the table's right padding); the last one's is trimmed. */
const GAP = 2;

function textWidth(text: string): number {
  return [...text].length;
}

// Which columns to show and how wide, as gh does: when the columns, `shrink` ones at their floor, are still too wide, those with a
// `dropOrder` are left out, lowest first; then `shrink` columns are shortened (with "…"), widest first. docs/output.md: each table's order.
export function fitColumns(
  columns: readonly Omit<Column<never>, 'value'>[],
  cells: readonly (readonly string[])[],
  width: number,
): { shown: number[]; widths: number[] } {
  const natural = columns.map((column, index) => Math.max(textWidth(column.header), ...cells.map((row) => textWidth(row[index] ?? ''))));
  const floor = columns.map((column, index) =>
    column.shrink === undefined ? natural[index] : Math.min(natural[index], Math.max(column.shrink, textWidth(column.header))),
  );
  let shown = columns.map((_, index) => index);
  const total = (widths: readonly number[]): number => widths.reduce((sum, each) => sum + each, 0) + GAP * Math.max(0, widths.length - 1);
  const droppable = shown.filter((index) => columns[index].dropOrder !== undefined).sort((a, b) => (columns[a].dropOrder ?? 0) - (columns[b].dropOrder ?? 0));
  for (const next of droppable) {
    if (total(shown.map((index) => floor[index])) <= width) break;
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

export function shorten(text: string, width: number): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  return `${characters.slice(0, Math.max(0, width - 1)).join('')}…`;
}
