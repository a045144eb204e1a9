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

const CSV_OPTIONS = { quoted_match: /^\s|\s$/ };
type CsvStringify = (records: string[][], options: typeof CSV_OPTIONS) => string;

export interface RowFormatter {
  /** One row as text (no line end): `cells` are the fixed cells then the known custom ones. */
  formatRow(cells: readonly string[]): string;
}

/** csv-stringify is loaded once, up front, for CSV. */
export async function createRowFormatter(format: ExportFormat, columns: ColumnRegistry): Promise<RowFormatter> {
  if (format === 'csv') {
    const { stringify } = (await import('csv-stringify/sync')) as { stringify: CsvStringify };
    return { formatRow: (cells) => stringify([cells.map(neutraliseFormula)], CSV_OPTIONS).slice(0, -1) };
  }
  return {
    formatRow: (cells) => {
      const header = columns.header;
      return `{${cells.map((cell, column) => `${JSON.stringify(header[column])}:${JSON.stringify(cell)}`).join(',')}}`;
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
    const { stringify } = (await import('csv-stringify/sync')) as { stringify: CsvStringify };
    chunk = stringify([header.map(neutraliseFormula)], CSV_OPTIONS);
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
