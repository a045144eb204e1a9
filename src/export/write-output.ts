// Row formats and the final pass. While the list is fetched, rows are formatted a batch at a
// time with the custom columns known then (RowFormatter); once every label is known the final
// file is the header, then the spool — copied byte for byte where its rows already have every
// column, and padded row by row where a label appeared after they were written (rowPadding).
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

/**
 * How rows written with `known` custom columns are completed to all of them (empty cells): drop
 * `trim` bytes from the row's end, then add `suffix`.
 */
function rowPadding(format: ExportFormat, known: number, header: readonly string[]): { trim: number; suffix: Buffer } {
  const missing = header.length - FIXED_COLUMNS.length - known;
  if (missing <= 0) return { trim: 0, suffix: Buffer.alloc(0) };
  if (format === 'csv') return { trim: 0, suffix: Buffer.from(','.repeat(missing)) };
  const fields = header.slice(header.length - missing).map((name) => `,${JSON.stringify(name)}:""`);
  return { trim: 1, suffix: Buffer.from(`${fields.join('')}}`, 'utf8') };
}

export interface OutputSource {
  spoolPath: string;
  spoolBytes: number;
  segments: readonly SpoolSegment[];
  columns: ColumnRegistry;
}

const LINE_END = Buffer.from('\n');
const FIRST_JSON_ROW = Buffer.from('\n');
const NEXT_JSON_ROW = Buffer.from(',\n');

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
    const { trim, suffix } = rowPadding(format, segment.customColumns, header);
    for await (const rows of spoolRows(source.spoolPath, segment.fromByte, end, format === 'csv')) {
      const parts: Buffer[] = [];
      for (const row of rows) {
        if (format === 'json') parts.push(rowsWritten === 0 ? FIRST_JSON_ROW : NEXT_JSON_ROW);
        parts.push(trim > 0 ? row.subarray(0, row.length - trim) : row, suffix);
        if (format !== 'json') parts.push(LINE_END);
        rowsWritten += 1;
      }
      yield Buffer.concat(parts);
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
