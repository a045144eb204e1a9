// The spool: the rows in the output format, appended batch by batch with the custom columns known when they were written (a later label only adds columns at
// the end: write-output.ts pads the rows before it). Beside it, the order numbers written, from which --resume rebuilds the set it de-duplicates by. Appends
// are synchronous (fs/promises costs markedly more per call) and gathered into writes of about 256 KiB, flushed before each checkpoint.
import { closeSync, constants, ftruncateSync, readSync, writeSync } from 'node:fs';
import { createPrivateFile, openOwnFile } from '../util/private-file.js';

/**
 * Appends to one file, synchronously. The file is created afresh (never through a link) or, with
 * `keepBytes` (resuming), reopened only if it is a regular file of ours and cut to that length.
 */
export class AppendOnlyFile {
  private fd: number | undefined;

  constructor(
    private readonly path: string,
    keepBytes?: number,
  ) {
    if (keepBytes === undefined) {
      this.fd = createPrivateFile(path);
      return;
    }
    this.fd = openOwnFile(path, constants.O_WRONLY | constants.O_APPEND).fd;
    try {
      // Anything past the counted bytes is from after the last checkpoint: cut it off.
      ftruncateSync(this.fd, keepBytes);
    } catch (error) {
      this.close();
      throw error;
    }
  }

  append(text: string | Buffer): void {
    if (this.fd === undefined) throw new Error(`${this.path} is closed`);
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    for (let offset = 0; offset < data.length; ) offset += writeSync(this.fd, data, offset);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * Bytes gathered into one buffer that is reused (and grows when more is needed at once). Text is encoded straight into it, so nothing gathered lives on as a JS
 * string: strings held across batches would be promoted to V8's old generation and raise peak memory.
 */
export class ByteBuffer {
  private buffer = Buffer.allocUnsafe(128 * 1024);
  private used = 0;

  get length(): number {
    return this.used;
  }

  /** Appends the bytes, or the text as UTF-8; returns how many bytes that was. */
  append(data: Buffer | string): number {
    // At most 3 bytes per UTF-16 unit: room is made without measuring the text first.
    const most = typeof data === 'string' ? data.length * 3 : data.length;
    if (this.used + most > this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + most));
      this.buffer.copy(larger, 0, 0, this.used);
      this.buffer = larger;
    }
    if (typeof data === 'string') {
      const bytes = this.buffer.write(data, this.used, 'utf8');
      this.used += bytes;
      return bytes;
    }
    // TypedArray's own set: Buffer's copy checks its arguments and makes a view of the source per call.
    this.buffer.set(data, this.used);
    this.used += data.length;
    return data.length;
  }

  /** What was appended since the last take; valid until the next append. */
  take(): Buffer {
    const view = this.buffer.subarray(0, this.used);
    this.used = 0;
    return view;
  }
}

/** Appends gathered into writes of about FLUSH_BYTES. After a failed write every flush throws: no checkpoint counts what never reached the file. */
export class BufferedAppend {
  private readonly pending = new ByteBuffer();
  private failed = false;

  constructor(private readonly file: AppendOnlyFile) {}

  append(data: string | Buffer): number {
    const bytes = this.pending.append(data);
    if (this.pending.length >= FLUSH_BYTES) this.flush();
    return bytes;
  }

  flush(): void {
    if (this.failed) throw new Error('an earlier write to the spool failed');
    if (this.pending.length === 0) return;
    const data = this.pending.take();
    try {
      this.file.append(data);
    } catch (error) {
      this.failed = true;
      throw error;
    }
  }

  /** Flushes (unless a write already failed: what was pending is then lost) and closes. */
  close(): void {
    try {
      if (!this.failed) this.flush();
    } finally {
      this.file.close();
    }
  }
}

const FLUSH_BYTES = 256 * 1024;

/** The spool (`rows`) and the order list (`orders`), created or, `resuming`, cut to what the checkpoint counts. */
export class SpoolWriter {
  readonly rows: BufferedAppend;
  readonly orders: BufferedAppend;

  constructor(paths: { spool: string; orders: string }, at: { spoolBytes: number; ordersBytes: number }, resuming: boolean) {
    const rows = new AppendOnlyFile(paths.spool, resuming ? at.spoolBytes : undefined);
    try {
      this.orders = new BufferedAppend(new AppendOnlyFile(paths.orders, resuming ? at.ordersBytes : undefined));
    } catch (error) {
      rows.close();
      throw error;
    }
    this.rows = new BufferedAppend(rows);
  }

  flush(): void {
    this.rows.flush();
    this.orders.flush();
  }

  close(): void {
    try {
      this.rows.close();
    } finally {
      this.orders.close();
    }
  }
}

export function* readOrderNumbers(path: string, endByte: number): Generator<string> {
  for (const lines of spoolRows(path, 0, endByte, false)) {
    for (const line of lines) if (line.length > 0) yield JSON.parse(line.toString('utf8')) as string;
  }
}

/** Bytes read from a spool at a time (the buffer grows only for a row longer than this). */
const READ_BYTES = 64 * 1024;

/** Bytes [start, end) of a file, read into ONE reused buffer: each piece is valid only until the next is asked for. */
export function* filePieces(path: string, start: number, end: number): Generator<Buffer> {
  if (end <= start) return;
  const fd = openOwnFile(path, constants.O_RDONLY).fd;
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (let position = start; position < end; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, end - position), position);
      if (read === 0) throw new Error(`${path} ends at byte ${position}, before ${end}`);
      position += read;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

const LINE_END = 0x0a;
const QUOTE = 0x22;

/**
 * The rows in bytes [start, end) of a spool file without their line ends, a read's worth at a time, as views of a reused buffer (valid until the next batch). A
 * line end or a quote is one byte in UTF-8 and never part of another character, so nothing needs decoding. With `quoted` (CSV) a line end counts only outside
 * quotes: after an even number of them (RFC 4180).
 */
export function* spoolRows(path: string, start: number, end: number, quoted: boolean): Generator<Buffer[]> {
  if (end <= start) return;
  const fd = openOwnFile(path, constants.O_RDONLY).fd;
  try {
    let buffer = Buffer.allocUnsafe(READ_BYTES);
    let filled = 0; // bytes in buffer: an unfinished row carried over, then what was just read
    let scanned = 0; // of those, how many were already looked at for quotes and line ends
    let insideQuotes = false;
    for (let position = start; position < end; ) {
      if (filled === buffer.length) {
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, filled);
        buffer = larger;
      }
      const read = readSync(fd, buffer, filled, Math.min(buffer.length - filled, end - position), position);
      if (read === 0) throw new Error(`${path} ends at byte ${position}, before ${end}`);
      position += read;
      filled += read;
      const view = buffer.subarray(0, filled);
      const rows: Buffer[] = [];
      let rowStart = 0;
      // Jumps from quote to quote and line end to line end: most rows hold no quote at all.
      let lineEnd = view.indexOf(LINE_END, scanned);
      let quote = quoted ? view.indexOf(QUOTE, scanned) : -1;
      while (lineEnd >= 0) {
        if (quote >= 0 && quote < lineEnd) {
          insideQuotes = !insideQuotes;
          quote = view.indexOf(QUOTE, quote + 1);
          continue;
        }
        if (!insideQuotes) {
          rows.push(view.subarray(rowStart, lineEnd));
          rowStart = lineEnd + 1;
        }
        lineEnd = view.indexOf(LINE_END, lineEnd + 1);
      }
      // Quotes after the last line end are counted now; the next read is scanned from there on.
      for (let index = quote; index >= 0; index = view.indexOf(QUOTE, index + 1)) insideQuotes = !insideQuotes;
      if (rows.length > 0) yield rows;
      buffer.copy(buffer, 0, rowStart, filled);
      filled -= rowStart;
      scanned = filled;
    }
    if (filled > 0) throw new Error(`${path} ends inside a row (byte ${end})`);
  } finally {
    closeSync(fd);
  }
}
