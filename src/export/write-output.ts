// Row formats and the final pass. While the list is fetched, rows are formatted a batch at a
// time with the custom columns known then (RowFormatter); once every label is known the final
// file is the header, then the spool — copied byte for byte where its rows already have every
// column, and completed where a label appeared after they were written (completedPieces; a JSON
// array row by row, jsonRowPadding).
// Streams: one read's worth in memory at a time, in buffers that are reused (written
// synchronously to a file, copied into stdout with backpressure).
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat, SpoolSegment } from './checkpoint.js';
import type { ColumnRegistry } from './columns.js';
import { FIXED_COLUMNS } from './flatten.js';
import { neutraliseFormula } from './neutralise.js';
import { AppendOnlyFile, ByteBuffer, filePieces, spoolRows } from './spool.js';

export interface RowFormatter {
  /** A row as text ending with a line end: the fixed cells, then the custom ones so far. */
  formatRow(cells: readonly string[]): string;
}

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell that may need neutralising or quotes: it starts like a formula, or holds a comma, quote or line break. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

function csvCell(cell: string): string {
  // Most cells need neither: one test for them rather than two.
  if (!NEEDS_CARE.test(cell)) return cell;
  const text = neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV line, neutralising every cell (header included). Written here rather than with
 * csv-stringify, which quotes by the same rule but builds arrays for every cell it checks: 3x the
 * time, a tenth of the export's CPU at 100,000 orders. test/export/csv.test.ts holds both to the same output.
 */
export function csvLine(cells: readonly string[]): string {
  let line = csvCell(cells[0] ?? '');
  for (let column = 1; column < cells.length; column += 1) line += `,${csvCell(cells[column])}`;
  return `${line}\n`;
}

/** What JSON.stringify would escape in a string (surrogates too, lest one be unpaired). */
const JSON_ESCAPES = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(cell), without its call for the many cells that need no escaping. */
function jsonString(cell: string): string {
  return JSON_ESCAPES.test(cell) ? JSON.stringify(cell) : `"${cell}"`;
}

export function createRowFormatter(format: ExportFormat, columns: ColumnRegistry): RowFormatter {
  if (format === 'csv') return { formatRow: csvLine };
  // Each column's `"name":` (after a comma but for the first), built again only when columns are added.
  let keys: string[] = [];
  return {
    formatRow: (cells) => {
      if (keys.length !== FIXED_COLUMNS.length + columns.size)
        keys = columns.header.map((name, column) => `${column === 0 ? '' : ','}${JSON.stringify(name)}:`);
      let text = '{';
      for (let column = 0; column < cells.length; column += 1) text += keys[column] + jsonString(cells[column]);
      return `${text}}\n`;
    },
  };
}

/** The empty cells a row written with `known` custom columns lacks, as text to put before its end. */
function missingCells(format: ExportFormat, known: number, header: readonly string[]): string {
  const missing = header.slice(FIXED_COLUMNS.length + known);
  return format === 'csv' ? ','.repeat(missing.length) : missing.map((name) => `,${JSON.stringify(name)}:""`).join('');
}

/**
 * How a row of a JSON array written with `known` custom columns is completed to all of them
 * (empty cells): drop `trim` bytes (its closing brace) from its end, then add `suffix`.
 */
function jsonRowPadding(known: number, header: readonly string[]): { trim: number; suffix: Buffer } {
  const missing = missingCells('json', known, header);
  return missing === '' ? { trim: 0, suffix: Buffer.alloc(0) } : { trim: 1, suffix: Buffer.from(`${missing}}`, 'utf8') };
}

/**
 * Bytes [start, end) of the spool with `missing` put at the end of every row, before its line
 * end (CSV) or its closing brace (NDJSON), a read's worth at a time. The bytes are handled as
 * latin1 text, one character per byte, so nothing is decoded and every byte goes back as it was
 * (a line end, a quote or a brace is one byte in UTF-8, never part of another character), and
 * the row ends are completed by native replaces over a whole read rather than row by row: the
 * per-row loop was most of the final pass, and more again in optimising it. A CSV line end
 * inside a quoted cell is not a row end; quotes are counted across reads as in spoolRows.
 */
function* completedPieces(path: string, start: number, end: number, format: 'csv' | 'ndjson', missing: string): Generator<Buffer> {
  const rowEnd = format === 'csv' ? '\n' : '}\n';
  const completedEnd = `${Buffer.from(missing, 'utf8').toString('latin1')}${rowEnd}`;
  // Each read is completed up to its last line end; the rest waits for the next (so that a JSON
  // row's closing brace and line end are never split).
  let carried = '';
  let insideQuotes = false;
  for (const piece of filePieces(path, start, end)) {
    const text = carried + piece.toString('latin1');
    const cut = text.lastIndexOf('\n') + 1;
    carried = text.slice(cut);
    if (cut === 0) continue;
    const rows = text.slice(0, cut);
    if (format === 'csv' && (insideQuotes || rows.includes('"'))) {
      // Between quotes (every other part, from the state the read starts in) line ends stay.
      const parts = rows.split('"');
      for (let part = insideQuotes ? 1 : 0; part < parts.length; part += 2) parts[part] = parts[part].replaceAll(rowEnd, completedEnd);
      if (parts.length % 2 === 0) insideQuotes = !insideQuotes;
      yield Buffer.from(parts.join('"'), 'latin1');
    } else {
      yield Buffer.from(rows.replaceAll(rowEnd, completedEnd), 'latin1');
    }
  }
  if (carried !== '' || insideQuotes) throw new Error(`${path} ends inside a row (byte ${end})`);
}

export interface OutputSource {
  spoolPath: string;
  spoolBytes: number;
  segments: readonly SpoolSegment[];
  columns: ColumnRegistry;
}

const FIRST_JSON_ROW = Buffer.from('\n');
const NEXT_JSON_ROW = Buffer.from(',\n');

/** The header, or the opening of the JSON array. */
async function exportHead(source: OutputSource, format: ExportFormat): Promise<string> {
  if (format === 'csv') return csvLine(source.columns.header);
  return format === 'json' ? '[' : '';
}

/**
 * The rows of the export in order, then the close of a JSON array. Each buffer is valid only
 * until the next is asked for, and nothing outlives a read (a completed read is a few strings and
 * one buffer the size of the read), so the final pass adds nothing to the export's peak memory
 * however long the spool.
 */
function* exportBody(source: OutputSource, format: ExportFormat): Generator<Buffer> {
  const header = source.columns.header;
  const customColumns = header.length - FIXED_COLUMNS.length;
  const output = new ByteBuffer();
  let rowsWritten = 0;
  for (const [index, segment] of source.segments.entries()) {
    const end = source.segments[index + 1]?.fromByte ?? source.spoolBytes;
    if (format !== 'json') {
      if (segment.customColumns === customColumns) yield* filePieces(source.spoolPath, segment.fromByte, end);
      else yield* completedPieces(source.spoolPath, segment.fromByte, end, format, missingCells(format, segment.customColumns, header));
      continue;
    }
    const { trim, suffix } = jsonRowPadding(segment.customColumns, header);
    for (const rows of spoolRows(source.spoolPath, segment.fromByte, end, false)) {
      for (const row of rows) {
        output.append(rowsWritten === 0 ? FIRST_JSON_ROW : NEXT_JSON_ROW);
        output.append(trim > 0 ? row.subarray(0, row.length - trim) : row);
        output.append(suffix);
        rowsWritten += 1;
      }
      yield output.take();
    }
  }
  if (format === 'json') yield Buffer.from(rowsWritten === 0 ? ']\n' : '\n]\n');
}

/**
 * Writes the whole export to the file at `path` (created or emptied), synchronously, a read's
 * worth at a time.
 */
export async function writeExportFile(source: OutputSource, format: ExportFormat, path: string, signal?: AbortSignal): Promise<void> {
  const head = await exportHead(source, format);
  const file = new AppendOnlyFile(path);
  try {
    file.append(head);
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
  const head = await exportHead(source, format);
  async function* copies(): AsyncGenerator<Buffer> {
    yield Buffer.from(head, 'utf8');
    // The body's buffers are reused: what waits in the stream must be a copy.
    for (const chunk of exportBody(source, format)) yield Buffer.from(chunk);
  }
  await pipeline(Readable.from(copies(), { objectMode: false }), destination, { end: false, signal });
}
