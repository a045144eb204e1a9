// Row formats and the final pass. While the list is fetched, rows are formatted a batch at a
// time with the custom columns known then (RowFormatter); once every label is known the final
// file is the header, then the spool — copied byte for byte where its rows already have every
// column, and padded row by row where a label appeared after they were written (rowPadder).
// Streams: one chunk in memory at a time (written synchronously to a file, with backpressure to
// stdout).
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import type { ExportFormat, SpoolSegment } from './checkpoint.js';
import type { ColumnRegistry } from './columns.js';
import { FIXED_COLUMNS } from './flatten.js';
import { neutraliseFormula } from './neutralise.js';
import { AppendOnlyFile, spoolRows } from './spool.js';

type CsvStringify = (records: readonly (readonly string[])[]) => string;

export interface RowFormatter {
  /** Rows as text, each ending with a line end: the fixed cells, then the custom ones so far. */
  formatRows(rows: readonly (readonly string[])[]): string;
}

/** csv-stringify, neutralising every text cell (header included) on the way. */
async function loadCsvStringify(): Promise<CsvStringify> {
  const { stringify } = await import('csv-stringify/sync');
  return (records) => stringify(records as string[][], { cast: { string: (cell) => neutraliseFormula(cell) } });
}

/** csv-stringify is loaded once, up front, for CSV; one call formats a whole batch. */
export async function createRowFormatter(format: ExportFormat, columns: ColumnRegistry): Promise<RowFormatter> {
  if (format === 'csv') {
    const stringify = await loadCsvStringify();
    return { formatRows: (rows) => (rows.length === 0 ? '' : stringify(rows)) };
  }
  return {
    formatRows: (rows) => {
      const keys = columns.header.map((name) => JSON.stringify(name));
      let text = '';
      for (const cells of rows) text += `{${cells.map((cell, column) => `${keys[column]}:${JSON.stringify(cell)}`).join(',')}}\n`;
      return text;
    },
  };
}

/** Completes rows written with `known` custom columns to all of them (empty cells). */
function rowPadder(format: ExportFormat, known: number, header: readonly string[]): (row: string) => string {
  const missing = header.length - FIXED_COLUMNS.length - known;
  if (missing <= 0) return (row) => row;
  if (format === 'csv') {
    const cells = ','.repeat(missing);
    return (row) => row + cells;
  }
  const fields = header
    .slice(header.length - missing)
    .map((name) => `,${JSON.stringify(name)}:""`)
    .join('');
  return (row) => `${row.slice(0, -1)}${fields}}`;
}

export interface OutputSource {
  spoolPath: string;
  spoolBytes: number;
  segments: readonly SpoolSegment[];
  columns: ColumnRegistry;
}

async function* exportText(source: OutputSource, format: ExportFormat): AsyncGenerator<string | Buffer> {
  const header = source.columns.header;
  const customColumns = header.length - FIXED_COLUMNS.length;
  if (format === 'csv') {
    const stringify = await loadCsvStringify();
    yield stringify([header]);
  }
  if (format === 'json') yield '[';
  let rowsWritten = 0;
  for (const [index, segment] of source.segments.entries()) {
    const end = source.segments[index + 1]?.fromByte ?? source.spoolBytes;
    if (format !== 'json' && segment.customColumns === customColumns) {
      if (end > segment.fromByte) yield* createReadStream(source.spoolPath, { start: segment.fromByte, end: end - 1 });
      continue;
    }
    const pad = rowPadder(format, segment.customColumns, header);
    for await (const rows of spoolRows(source.spoolPath, segment.fromByte, end, format === 'csv')) {
      let chunk = '';
      for (const row of rows) {
        const text = pad(row);
        chunk += format === 'json' ? `${rowsWritten === 0 ? '\n' : ',\n'}${text}` : `${text}\n`;
        rowsWritten += 1;
      }
      yield chunk;
    }
  }
  if (format === 'json') yield rowsWritten === 0 ? ']\n' : '\n]\n';
}

/**
 * Writes the whole export to the file at `path` (created or emptied). Synchronous writes, one
 * chunk at a time: each chunk is garbage as soon as it is written, so the final pass adds
 * nothing to the memory the export already holds.
 */
export async function writeExportFile(source: OutputSource, format: ExportFormat, path: string, signal?: AbortSignal): Promise<void> {
  const file = new AppendOnlyFile(path, 0);
  try {
    for await (const chunk of exportText(source, format)) {
      signal?.throwIfAborted();
      file.append(chunk);
    }
  } finally {
    file.close();
  }
}

/** Writes the whole export to `destination` (stdout), with backpressure, and leaves it open. */
export async function writeExportStream(source: OutputSource, format: ExportFormat, destination: Writable, signal?: AbortSignal): Promise<void> {
  await pipeline(Readable.from(exportText(source, format), { objectMode: false }), destination, { end: false, signal });
}
