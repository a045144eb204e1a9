// Row formats and the final pass. While the list is fetched each row is formatted at once with
// the custom columns known then (formatRow); once every label is known the final file is the
// header, then each spooled row padded with the columns added after it was written (padRow).
// Streams end to end with backpressure: one order's rows are in memory at a time.
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from './checkpoint.js';
import type { ColumnRegistry } from './columns.js';
import { FIXED_COLUMNS } from './flatten.js';
import { neutraliseFormula } from './neutralise.js';
import { readSpool } from './spool.js';

type CsvStringify = (records: readonly (readonly string[])[]) => string;

export interface RowFormatter {
  /** Rows as text (no line ends): each is the fixed cells then the custom ones known so far. */
  formatRows(rows: readonly (readonly string[])[]): string[];
}

/**
 * csv-stringify output split back into its records: a line end is a record's end exactly when
 * it is outside quotes, i.e. after an even number of quote characters (RFC 4180 quoting, with
 * quotes inside a field doubled).
 */
export function splitCsvRecords(text: string, expected: number): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 34) quoted = !quoted;
    else if (code === 10 && !quoted) {
      records.push(text.slice(start, index));
      start = index + 1;
    }
  }
  if (records.length !== expected || start !== text.length) {
    throw new Error(`CSV output split into ${records.length} records, expected ${expected}`);
  }
  return records;
}

async function loadCsvStringify(): Promise<CsvStringify> {
  const { stringify } = await import('csv-stringify/sync');
  return (records) => stringify(records as string[][]);
}

/** csv-stringify is loaded once, up front, for CSV; one call formats a whole batch. */
export async function createRowFormatter(format: ExportFormat, columns: ColumnRegistry): Promise<RowFormatter> {
  if (format === 'csv') {
    const stringify = await loadCsvStringify();
    return {
      formatRows: (rows) =>
        rows.length === 0 ? [] : splitCsvRecords(stringify(rows.map((cells) => cells.map(neutraliseFormula))), rows.length),
    };
  }
  return {
    formatRows: (rows) => {
      const header = columns.header;
      return rows.map((cells) => `{${cells.map((cell, column) => `${JSON.stringify(header[column])}:${JSON.stringify(cell)}`).join(',')}}`);
    },
  };
}

/** A row written with `known` custom columns, completed to all of them (empty cells). */
function padRow(format: ExportFormat, row: string, known: number, header: readonly string[]): string {
  const missing = header.length - FIXED_COLUMNS.length - known;
  if (missing <= 0) return row;
  if (format === 'csv') return row + ','.repeat(missing);
  const added = header.slice(header.length - missing).map((name) => `,${JSON.stringify(name)}:""`);
  return `${row.slice(0, -1)}${added.join('')}}`;
}

export interface OutputSource {
  spoolPath: string;
  spoolBytes: number;
  columns: ColumnRegistry;
}

/** Rows go out in chunks of about this many characters: few writes, little held at once. */
const CHUNK_CHARS = 64 * 1024;

async function* exportText(source: OutputSource, format: ExportFormat): AsyncGenerator<string> {
  const header = source.columns.header;
  let chunk: string;
  if (format === 'csv') {
    const stringify = await loadCsvStringify();
    chunk = stringify([header.map(neutraliseFormula)]);
  } else {
    chunk = format === 'json' ? '[' : '';
  }
  let first = true;
  for await (const order of readSpool(source.spoolPath, source.spoolBytes)) {
    for (const row of order.rows) {
      const text = padRow(format, row, order.columnsKnown, header);
      if (format === 'json') chunk += `${first ? '\n' : ',\n'}${text}`;
      else chunk += `${text}\n`;
      first = false;
    }
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (format === 'json') chunk += first ? ']\n' : '\n]\n';
  if (chunk !== '') yield chunk;
}

/**
 * Writes the whole export to `destination`, with backpressure. `end: false` leaves it open
 * (stdout is not ours to close).
 */
export async function writeExport(
  source: OutputSource,
  format: ExportFormat,
  destination: Writable,
  options: { end: boolean; signal?: AbortSignal },
): Promise<void> {
  await pipeline(Readable.from(exportText(source, format), { objectMode: false }), destination, {
    end: options.end,
    signal: options.signal,
  });
}
