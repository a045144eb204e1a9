// Rows of data. On a terminal: a table with human headers and one rule under them, no rule
// between rows. Piped: tab-separated lines, one record a line, for scripts (as gh does), with
// a header line only when asked for (--header). docs/output.md describes both.
import type { CommandContext } from '../framework/context.js';
import { printOut, type Deps, type Io } from '../../session/deps.js';
import { fitColumns, shorten, type FitColumn } from './fit.js';
import { writeJson } from './json.js';

export interface Column<Row> extends FitColumn {
  /** The column's name as people read it ("Order", "on sale from"); capitalised on a terminal. */
  header: string;
  /** The cell text; null or undefined prints as empty. */
  value: (row: Row) => string | number | boolean | null | undefined;
  /** Right-align on a terminal (amounts, counts). */
  alignRight?: boolean;
}

/**
 * Where rows go: the streams, optionally the environment (NO_COLOR / TERM), or a command's
 * context, which also says whether piped output gets a header line (--header).
 */
export type RowTarget = Io | Pick<Deps, 'io' | 'env'> | CommandContext;

export interface WriteRowsOptions {
  /** Printed on stderr on a terminal when there are no rows (piped output stays empty). */
  emptyMessage?: string;
}

interface ResolvedTarget {
  io: Io;
  env: Deps['env'] | undefined;
  header: boolean;
}

function resolve(target: RowTarget): ResolvedTarget {
  if ('deps' in target) return { io: target.deps.io, env: target.deps.env, header: target.globals().header };
  if ('io' in target) return { io: target.io, env: target.env, header: false };
  return { io: target, env: undefined, header: false };
}

/** Borders off but the rule under the header (cli-table3's compact style keeps that one). */
const BORDERS = ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'right', 'right-mid'];
const HEADER_RULE_ONLY = { ...Object.fromEntries([...BORDERS, 'middle'].map((name) => [name, ''])), mid: '─', 'mid-mid': '─' };

export async function writeRows<Row>(target: RowTarget, columns: readonly Column<Row>[], rows: readonly Row[], options: WriteRowsOptions = {}): Promise<void> {
  const { io, env, header } = resolve(target);
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  if (!io.stdoutIsTTY) {
    // One write: a pipe or file gets the rows in one system call rather than one per line.
    const lines = header ? [columns.map((column) => humanHeader(column.header)), ...cells] : cells;
    if (lines.length > 0) printOut(io, lines.map((line) => `${line.map(tabSafe).join('\t')}\n`).join(''));
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
  await writeRows(
    target,
    [
      { header: headers[0], value: (field) => field[0] },
      { header: headers[1], value: (field) => String(field[1]) },
    ],
    shown,
  );
}

const ABBREVIATIONS: Readonly<Record<string, string>> = { id: 'ID', url: 'URL' };

/** "on sale from" → "On sale from", "id" → "ID". */
export function humanHeader(header: string): string {
  const abbreviation = ABBREVIATIONS[header];
  if (abbreviation !== undefined) return abbreviation;
  return header.charAt(0).toUpperCase() + header.slice(1);
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

const ANSI = /\x1b\[[\d;]*m/g;

/**
 * The padding after the last column kept out of copied text, and the rule redrawn at the text's
 * width (cli-table3 draws it per column, padding included; grey on a colour terminal).
 */
function withoutTrailingSpace(text: string, color: boolean): string {
  const lines = text.split('\n').map((line) => line.replace(/ +((?:\x1b\[[\d;]*m)*)$/, '$1'));
  const isRule = (line: string): boolean => /^─+$/.test(line.replace(ANSI, ''));
  const width = Math.max(0, ...lines.filter((line) => !isRule(line)).map((line) => [...line.replace(ANSI, '')].length));
  const rule = color ? `\x1b[90m${'─'.repeat(width)}\x1b[39m` : '─'.repeat(width);
  return lines.map((line) => (isRule(line) ? rule : line)).join('\n');
}
