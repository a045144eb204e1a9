// Reads an attendee export (.csv, .json or .ndjson) as a stream of rows, one in memory at a time. CSV cells neutralised against spreadsheet formulas are read
// back as they were sent. A file that ends in the middle of a record (a copy cut short) is refused before its last rows are counted.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { UsageError } from '../client/errors.js';
import type { ExportFormat } from '../export/formats.js';
import { restoreFormula } from '../util/csv.js';
import type { ExportRow } from './figures.js';

/**
 * Read in small chunks: a chunk stays alive while its rows are counted, and with the young generation kept small (memory.ts) a large chunk would outlive two
 * scavenges, be promoted, and pile up outside the JS heap until a rare full collection (seen: +55 MB at 100,000 orders with 64 KiB chunks, nothing with 8 KiB
 * ones, at the same speed).
 */
const CHUNK_BYTES = 8 * 1024;

/** Where a file ends: its last line (1-based), whether a line break ends it, its last characters but blanks. */
async function endOf(path: string): Promise<{ line: number; lineEnded: boolean; tail: string }> {
  let newlines = 0;
  let last = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024, encoding: 'latin1' }) as AsyncIterable<string>) {
    for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) newlines += 1;
    last = (last + chunk).slice(-64);
  }
  const lineEnded = last.endsWith('\n') || last === '';
  return { line: newlines + (lineEnded ? 0 : 1), lineEnded, tail: last.trimEnd() };
}

/** The file ends in the middle of a record: the front end says how to make it again. */
export class CutShortExportError extends UsageError {}

async function cutShort(path: string, what: string): Promise<UsageError> {
  const { line } = await endOf(path);
  return new CutShortExportError(
    `--from: ${path} ends in the middle of a record (${what}) on line ${line}: the file is cut short, nothing was counted`,
    '--from',
  );
}

function rowOf(value: unknown, where: string): ExportRow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--from: ${where} is not an object of columns (is this an attendee export?)`, '--from');
  }
  const row: Record<string, string> = {};
  for (const [key, cell] of Object.entries(value)) row[key] = cell === null || cell === undefined ? '' : String(cell);
  return row;
}

/** Papa Parse (the project's one CSV parser) hands over each chunk's rows, pausing while a batch is not taken; keyed by the header here. */
async function* csvRows(path: string, signal: AbortSignal): AsyncGenerator<ExportRow> {
  const { default: Papa } = await import('papaparse');
  const file = createReadStream(path, { signal, highWaterMark: CHUNK_BYTES, encoding: 'utf8' });
  let paused: Papa.Parser | undefined;
  const batches = new Readable({
    objectMode: true,
    highWaterMark: 1,
    read() {
      const parser = paused;
      paused = undefined;
      parser?.resume();
    },
  });
  let unterminated = false;
  Papa.parse<string[]>(file, {
    delimiter: ',',
    skipEmptyLines: true,
    chunk: (results, parser) => {
      // Only the end of the input can leave a quoted field open.
      if (results.errors.some((error) => error.code === 'MissingQuotes')) unterminated = true;
      if (batches.push(results.data)) return;
      paused = parser;
      parser.pause();
    },
    complete: () => batches.push(null),
    error: (error: Error) => batches.destroy(error),
  });
  let header: string[] | undefined;
  // Each row is yielded once the next one is read: the last one is checked for its width first.
  let held: string[] | undefined;
  const rowFrom = (names: string[], cells: string[]): ExportRow => {
    const row: Record<string, string> = {};
    const width = Math.min(names.length, cells.length);
    for (let index = 0; index < width; index += 1) row[names[index]] = restoreFormula(cells[index]);
    return row;
  };
  try {
    for await (const rows of batches as AsyncIterable<string[][]>) {
      if (unterminated) throw await cutShort(path, 'inside a quoted field');
      for (const cells of rows) {
        if (header === undefined) {
          header = cells.map((name, index) => restoreFormula(index === 0 ? name.replace(/^\uFEFF/, '') : name));
          continue;
        }
        if (held !== undefined) yield rowFrom(header, held);
        held = cells;
      }
    }
    if (header !== undefined && held !== undefined) {
      // An export writes every column of every row: a last row with fewer was cut short.
      if (held.length < header.length) throw await cutShort(path, `its last row has ${held.length} of the header's ${header.length} columns`);
      yield rowFrom(header, held);
    }
  } finally {
    file.destroy();
  }
}

async function* ndjsonRows(path: string, signal: AbortSignal): AsyncGenerator<ExportRow> {
  const lines = createInterface({ input: createReadStream(path, { signal, highWaterMark: CHUNK_BYTES }), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      const end = await endOf(path);
      if (end.line === number && !end.lineEnded) throw await cutShort(path, 'its last line is not a whole JSON object');
      throw new UsageError(`--from: ${path} line ${number} is not JSON (is it NDJSON, one object a line?)`, '--from');
    }
    yield rowOf(value, `line ${number}`);
  }
}

async function* jsonRows(path: string, signal: AbortSignal): AsyncGenerator<ExportRow> {
  const { default: streamArray } = await import('stream-json/streamers/stream-array.js');
  const file = createReadStream(path, { signal, highWaterMark: CHUNK_BYTES });
  const items = file.pipe(streamArray.withParserAsStream({ streamValues: false }));
  file.on('error', (error) => items.destroy(error));
  try {
    for await (const item of items as AsyncIterable<{ key: number; value: unknown }>) yield rowOf(item.value, `element ${item.key + 1}`);
  } catch (error) {
    if (error instanceof UsageError || signal.aborted) throw error;
    if (!(await endOf(path)).tail.endsWith(']')) throw await cutShort(path, 'the array of rows is not closed');
    throw new UsageError(`--from: ${path} is not a JSON array of rows (${(error as Error).message})`, '--from');
  }
}

/** The rows of the export at `path`, streamed. */
export function readExportRows(path: string, format: ExportFormat, signal: AbortSignal): AsyncGenerator<ExportRow> {
  if (format === 'csv') return csvRows(path, signal);
  if (format === 'json') return jsonRows(path, signal);
  return ndjsonRows(path, signal);
}
