// Writes the final export from the spool, now that every custom label (and so the header) is
// known. Streams end to end with backpressure: one order's rows are in memory at a time.
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from './checkpoint.js';
import type { ColumnRegistry } from './columns.js';
import { neutraliseFormula } from './neutralise.js';
import { readSpool } from './spool.js';

export interface OutputSource {
  spoolPath: string;
  spoolBytes: number;
  columns: ColumnRegistry;
}

/** The rows as cell arrays in header order. */
async function* rowCells(source: OutputSource): AsyncGenerator<string[]> {
  for await (const order of readSpool(source.spoolPath, source.spoolBytes)) {
    for (const row of order.rows) yield [...row.fixed, ...source.columns.customCells(row.answers)];
  }
}

/** Rows go out in chunks of about this many characters: few writes, little held at once. */
const CHUNK_CHARS = 64 * 1024;

async function* jsonText(source: OutputSource, format: 'json' | 'ndjson'): AsyncGenerator<string> {
  const header = source.columns.header;
  let chunk = format === 'json' ? '[' : '';
  let first = true;
  for await (const cells of rowCells(source)) {
    const row: Record<string, string> = {};
    header.forEach((name, column) => {
      row[name] = cells[column];
    });
    const text = JSON.stringify(row);
    chunk += format === 'ndjson' ? `${text}\n` : `${first ? '\n' : ',\n'}${text}`;
    first = false;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (format === 'json') chunk += first ? ']\n' : '\n]\n';
  if (chunk !== '') yield chunk;
}

const CSV_ROWS_PER_CHUNK = 256;

async function* csvText(source: OutputSource): AsyncGenerator<string> {
  const { stringify } = await import('csv-stringify/sync');
  const options = { quoted_match: /^\s|\s$/ };
  let records: string[][] = [source.columns.header.map(neutraliseFormula)];
  for await (const cells of rowCells(source)) {
    records.push(cells.map(neutraliseFormula));
    if (records.length >= CSV_ROWS_PER_CHUNK) {
      yield stringify(records, options);
      records = [];
    }
  }
  if (records.length > 0) yield stringify(records, options);
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
  const text = format === 'csv' ? csvText(source) : jsonText(source, format);
  await pipeline(Readable.from(text, { objectMode: false }), destination, { end: options.end, signal: options.signal });
}
