// The spool: the rows, appended batch by batch while the list is fetched, already in the output
// format and each ending with a line end — with the custom columns known when they were
// written. A label first seen later only adds columns at the end, so the final pass copies the
// spool as it is and pads only rows written before the last label appeared (write-output.ts).
// Beside it, the order numbers written, one JSON string per line, from which --resume rebuilds
// the set it de-duplicates by; the checkpoint itself stays a few numbers and the labels.
//
// Appends are synchronous: a batch is a few tens of kilobytes, and a completed write is what
// lets the checkpoint count the batch as done (fs/promises costs markedly more per call).
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** Appends to one file; `bytes` is its length so far. */
export class AppendOnlyFile {
  private fd: number | undefined;

  constructor(
    private readonly path: string,
    public bytes: number,
  ) {
    this.fd = openSync(path, bytes > 0 ? 'a' : 'w');
  }

  append(text: string | Buffer): number {
    if (this.fd === undefined) throw new Error(`${this.path} is closed`);
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    for (let offset = 0; offset < data.length; ) offset += writeSync(this.fd, data, offset);
    this.bytes += data.length;
    return data.length;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

export class SpoolWriter {
  private readonly rows: AppendOnlyFile;
  private readonly orders: AppendOnlyFile;

  /** Opens both files, appending after `spoolBytes` / `ordersBytes` (0: start them afresh). */
  constructor(paths: { spool: string; orders: string }, at: { spoolBytes: number; ordersBytes: number }) {
    this.rows = new AppendOnlyFile(paths.spool, at.spoolBytes);
    try {
      this.orders = new AppendOnlyFile(paths.orders, at.ordersBytes);
    } catch (error) {
      this.rows.close();
      throw error;
    }
  }

  /** Appends formatted rows; returns the bytes written. */
  appendRows(text: string): number {
    return this.rows.append(text);
  }

  appendOrderNumbers(orderNumbers: readonly string[]): number {
    return orderNumbers.length === 0 ? 0 : this.orders.append(orderNumbers.map((orderNo) => `${JSON.stringify(orderNo)}\n`).join(''));
  }

  close(): void {
    this.rows.close();
    this.orders.close();
  }
}

/** The order numbers in the first `endByte` bytes of the order list. */
export async function* readOrderNumbers(path: string, endByte: number): AsyncGenerator<string> {
  for await (const lines of spoolRows(path, 0, endByte, false)) {
    for (const line of lines) if (line !== '') yield JSON.parse(line) as string;
  }
}

/**
 * The rows in bytes [start, end) of a spool file, each without its line end, a read chunk's
 * worth at a time (pulled: backpressure). CSV rows may hold line ends inside quoted cells, so with `quoted` a
 * line end counts only outside quotes — after an even number of quote characters, as in
 * RFC 4180 where a quote inside a cell is doubled. JSON rows never hold a raw line end.
 */
export async function* spoolRows(path: string, start: number, end: number, quoted: boolean): AsyncGenerator<string[]> {
  if (end <= start) return;
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let scanned = 0;
  let insideQuotes = false;
  for await (const chunk of createReadStream(path, { start, end: end - 1 })) {
    pending += decoder.write(chunk as Buffer);
    const rows: string[] = [];
    let rowStart = 0;
    // Jumps from quote to quote and line end to line end: most rows hold no quote at all.
    let lineEnd = pending.indexOf('\n', scanned);
    let quote = quoted ? pending.indexOf('"', scanned) : -1;
    while (lineEnd >= 0) {
      if (quote >= 0 && quote < lineEnd) {
        insideQuotes = !insideQuotes;
        quote = pending.indexOf('"', quote + 1);
        continue;
      }
      if (!insideQuotes) {
        rows.push(pending.slice(rowStart, lineEnd));
        rowStart = lineEnd + 1;
      }
      lineEnd = pending.indexOf('\n', lineEnd + 1);
    }
    // Quotes after the last line end are counted when the row is complete (scanned from there).
    if (quote >= 0) {
      for (let index = quote; index >= 0; index = pending.indexOf('"', index + 1)) insideQuotes = !insideQuotes;
    }
    pending = pending.slice(rowStart);
    scanned = pending.length;
    if (rows.length > 0) yield rows;
  }
  pending += decoder.end();
  if (pending !== '') throw new Error(`${path} ends inside a row (byte ${end})`);
}
