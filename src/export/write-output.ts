// Row formats and the final pass: the header, then the spool — copied byte for byte where its rows already have every column, completed row by row where a
// label appeared after they were written. One read's worth in memory at a time, in buffers that are reused.
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvLine } from '../util/csv.js';
import type { Checkpoint } from './checkpoint.js';
import type { ExportFormat } from './formats.js';
import type { ColumnRegistry } from './columns.js';
import { FIXED_COLUMNS } from './flatten.js';
import { AppendOnlyFile, ByteBuffer, filePieces, spoolRows } from './spool.js';

/** What JSON.stringify would escape in a string (surrogates too, lest one be unpaired). */
const JSON_ESCAPES = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(cell), without its call for the many cells that need no escaping. */
function jsonString(cell: string): string {
  return JSON_ESCAPES.test(cell) ? JSON.stringify(cell) : `"${cell}"`;
}

/** A row (the fixed cells, then the custom ones so far) as text ending with a line end. */
export function createRowFormatter(format: ExportFormat, columns: ColumnRegistry): (cells: readonly string[]) => string {
  if (format === 'csv') return csvLine;
  // Each column's `"name":` (after a comma but for the first), built again only when columns are added.
  let keys: string[] = [];
  return (cells) => {
    if (keys.length !== FIXED_COLUMNS.length + columns.size) keys = columns.header.map((name, column) => `${column === 0 ? '' : ','}${JSON.stringify(name)}:`);
    let text = '{';
    for (let column = 0; column < cells.length; column += 1) text += keys[column] + jsonString(cells[column]);
    return `${text}}\n`;
  };
}

/**
 * How a spool row (without its line end) written with `known` custom columns is completed with empty cells and ended: drop `trim` bytes (a JSON row's closing
 * brace), then add `suffix`.
 */
function rowPadding(format: ExportFormat, known: number, header: readonly string[]): { trim: number; suffix: Buffer } {
  const names = header.slice(FIXED_COLUMNS.length + known);
  if (format === 'csv') return { trim: 0, suffix: Buffer.from(`${','.repeat(names.length)}\n`, 'utf8') };
  const missing = names.map((name) => `,${JSON.stringify(name)}:""`).join('');
  const lineEnd = format === 'json' ? '' : '\n';
  return missing === '' ? { trim: 0, suffix: Buffer.from(lineEnd) } : { trim: 1, suffix: Buffer.from(`${missing}}${lineEnd}`, 'utf8') };
}

type OutputSource = Pick<Checkpoint, 'spoolBytes' | 'segments'> & { spoolPath: string; columns: ColumnRegistry };

const FIRST_JSON_ROW = Buffer.from('\n');
const NEXT_JSON_ROW = Buffer.from(',\n');

function exportHead(source: OutputSource, format: ExportFormat): string {
  if (format === 'csv') return csvLine(source.columns.header);
  return format === 'json' ? '[' : '';
}

/**
 * The rows of the export in order, then the close of a JSON array. Each buffer is valid only until the next is asked for, so the final pass adds nothing to
 * peak memory however long the spool.
 */
function* exportBody(source: OutputSource, format: ExportFormat): Generator<Buffer> {
  const header = source.columns.header;
  const customColumns = header.length - FIXED_COLUMNS.length;
  const output = new ByteBuffer();
  let rowsWritten = 0;
  for (const [index, segment] of source.segments.entries()) {
    const end = source.segments[index + 1]?.fromByte ?? source.spoolBytes;
    if (format !== 'json' && segment.customColumns === customColumns) {
      yield* filePieces(source.spoolPath, segment.fromByte, end);
      continue;
    }
    const { trim, suffix } = rowPadding(format, segment.customColumns, header);
    for (const rows of spoolRows(source.spoolPath, segment.fromByte, end, format === 'csv')) {
      for (const row of rows) {
        if (format === 'json') output.append(rowsWritten === 0 ? FIRST_JSON_ROW : NEXT_JSON_ROW);
        output.append(trim > 0 ? row.subarray(0, row.length - trim) : row);
        output.append(suffix);
        rowsWritten += 1;
      }
      yield output.take();
    }
  }
  if (format === 'json') yield Buffer.from(rowsWritten === 0 ? ']\n' : '\n]\n');
}

export async function writeExportFile(source: OutputSource, format: ExportFormat, path: string, signal?: AbortSignal): Promise<void> {
  const file = new AppendOnlyFile(path);
  try {
    file.append(exportHead(source, format));
    for (const chunk of exportBody(source, format)) {
      signal?.throwIfAborted();
      file.append(chunk);
    }
  } finally {
    file.close();
  }
}

/** Writes the whole export to `destination` (stdout), with backpressure, and leaves it open. */
export async function writeExportStream(source: OutputSource, format: ExportFormat, destination: Writable, signal?: AbortSignal): Promise<void> {
  async function* copies(): AsyncGenerator<Buffer> {
    yield Buffer.from(exportHead(source, format), 'utf8');
    // The body's buffers are reused: what waits in the stream must be a copy.
    for (const chunk of exportBody(source, format)) yield Buffer.from(chunk);
  }
  await pipeline(Readable.from(copies(), { objectMode: false }), destination, { end: false, signal });
}
