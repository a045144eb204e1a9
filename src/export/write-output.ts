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

async function* jsonText(source: OutputSource, format: 'json' | 'ndjson'): AsyncGenerator<string> {
  const header = source.columns.header;
  let first = true;
  if (format === 'json') yield '[';
  for await (const cells of rowCells(source)) {
    const row: Record<string, string> = {};
    header.forEach((name, column) => {
      row[name] = cells[column];
    });
    const text = JSON.stringify(row);
    if (format === 'ndjson') yield `${text}\n`;
    else yield `${first ? '\n' : ',\n'}${text}`;
    first = false;
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}

async function* csvRecords(source: OutputSource): AsyncGenerator<string[]> {
  yield source.columns.header.map(neutraliseFormula);
  for await (const cells of rowCells(source)) yield cells.map(neutraliseFormula);
}

/**
 * Writes the whole export to `destination`. `end: false` leaves it open (stdout is not ours to
 * close).
 */
export async function writeExport(
  source: OutputSource,
  format: ExportFormat,
  destination: Writable,
  options: { end: boolean; signal?: AbortSignal },
): Promise<void> {
  const streamOptions = { end: options.end, signal: options.signal };
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify');
    await pipeline(Readable.from(csvRecords(source)), stringify({ quoted_match: /^\s|\s$/ }), destination, streamOptions);
    return;
  }
  await pipeline(Readable.from(jsonText(source, format)), destination, streamOptions);
}
