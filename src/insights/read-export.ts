// Reads an attendee export written by `boxoffice attendees export` (.csv, .json or .ndjson) as a
// stream of rows: one row in memory at a time, whatever the file's size. CSV cells neutralised
// against spreadsheet formulas are read back as they were sent.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable, type Duplex } from 'node:stream';
import { UsageError } from '../client/errors.js';
import type { ExportFormat } from '../export/checkpoint.js';
import { restoreFormula } from '../export/neutralise.js';
import type { ExportRow } from './figures.js';

/**
 * Read in small chunks: a chunk stays alive while its rows are counted, and with the young
 * generation kept small (memory.ts) a large chunk would outlive two scavenges, be promoted, and
 * pile up outside the JS heap until a rare full collection (seen: +55 MB at 100,000 orders with
 * 64 KiB chunks, nothing with 8 KiB ones, at the same speed).
 */
const CHUNK_BYTES = 8 * 1024;

/** `source` piped into `target`, a failure of either ending `target`'s reading with that error. */
function piped(source: Readable, target: Duplex): Duplex {
  source.on('error', (error) => target.destroy(error));
  return source.pipe(target);
}

function rowOf(value: unknown, where: string): ExportRow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--from: ${where} is not an object of columns (is this an attendee export?)`, '--from');
  }
  const row: Record<string, string> = {};
  for (const [key, cell] of Object.entries(value)) row[key] = cell === null || cell === undefined ? '' : String(cell);
  return row;
}

/**
 * Papa Parse hands over the rows of each chunk it reads as arrays of cells (csv-parse, building
 * an object or running the async iterator per record, took 3x as long as Python's csv module);
 * a batch not yet taken pauses it. Each row becomes an object keyed by the header here.
 */
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
  Papa.parse<string[]>(file, {
    delimiter: ',',
    skipEmptyLines: true,
    chunk: (results, parser) => {
      if (batches.push(results.data)) return;
      paused = parser;
      parser.pause();
    },
    complete: () => batches.push(null),
    error: (error: Error) => batches.destroy(error),
  });
  let header: string[] | undefined;
  try {
    for await (const rows of batches as AsyncIterable<string[][]>) {
      for (const cells of rows) {
        if (header === undefined) {
          header = cells.map((name, index) => restoreFormula(index === 0 ? name.replace(/^\uFEFF/, '') : name));
          continue;
        }
        const row: Record<string, string> = {};
        const width = Math.min(header.length, cells.length);
        for (let index = 0; index < width; index += 1) row[header[index]] = restoreFormula(cells[index]);
        yield row;
      }
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
      throw new UsageError(`--from: ${path} line ${number} is not JSON (is it NDJSON, one object a line?)`, '--from');
    }
    yield rowOf(value, `line ${number}`);
  }
}

async function* jsonRows(path: string, signal: AbortSignal): AsyncGenerator<ExportRow> {
  const { default: streamArray } = await import('stream-json/streamers/stream-array.js');
  const items = piped(createReadStream(path, { signal, highWaterMark: CHUNK_BYTES }), streamArray.withParserAsStream({ streamValues: false }));
  try {
    for await (const item of items as AsyncIterable<{ key: number; value: unknown }>) yield rowOf(item.value, `element ${item.key + 1}`);
  } catch (error) {
    if (error instanceof UsageError || signal.aborted) throw error;
    throw new UsageError(`--from: ${path} is not a JSON array of rows (${(error as Error).message})`, '--from');
  }
}

/** The rows of the export at `path`, streamed. */
export function readExportRows(path: string, format: ExportFormat, signal: AbortSignal): AsyncGenerator<ExportRow> {
  if (format === 'csv') return csvRows(path, signal);
  if (format === 'json') return jsonRows(path, signal);
  return ndjsonRows(path, signal);
}
