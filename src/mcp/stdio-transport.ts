// One JSON-RPC message a line, as the SDK's stdio transport, which closes the connection on a
// message larger than its buffer (the server ends, answering nothing) and drops a malformed one
// unanswered. Here each is answered with a JSON-RPC error and the next is served: of a line
// larger than MAX_MESSAGE_BYTES only the id is read (test/mcp/protocol-errors.test.ts).
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { RequestIdScanner } from './request-id-scanner.js';

/** The largest message taken (no tool takes more than a few kilobytes of arguments). */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const withId = z.object({ id: z.union([z.string(), z.number()]) });

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while the current line is too large: it reads the id as the line goes by. */
  private oversized: { scanner: RequestIdScanner; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf('\n', start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      this.take(piece);
      if (end === -1) break;
      this.endLine();
      start = end + 1;
    }
  };

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  private take(piece: Buffer): void {
    if (this.oversized === undefined && this.pendingBytes + piece.length <= this.maxBytes) {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
      return;
    }
    this.oversized ??= { scanner: new RequestIdScanner(), bytes: 0 };
    for (const part of [...this.pending, piece]) {
      this.oversized.scanner.feed(part);
      this.oversized.bytes += part.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  private endLine(): void {
    if (this.oversized !== undefined) {
      const { scanner, bytes } = this.oversized;
      this.oversized = undefined;
      this.refuse(
        scanner.id(),
        ErrorCode.InvalidRequest,
        `message too large: ${bytes} bytes, more than the ${this.maxBytes} this server takes; nothing was done`,
      );
      return;
    }
    const line = Buffer.concat(this.pending, this.pendingBytes).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.refuse(null, ErrorCode.ParseError, `parse error: not JSON (${(error as Error).message}); nothing was done`);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) {
      this.refuse(withId.safeParse(value).data?.id ?? null, ErrorCode.InvalidRequest, 'invalid request: not a JSON-RPC 2.0 message; nothing was done');
      return;
    }
    this.onmessage?.(message.data);
  }

  private refuse(id: string | number | null, code: ErrorCode, message: string): void {
    this.onerror?.(new Error(message));
    // The protocol's message type has no null id; JSON-RPC 2.0 answers an unreadable request with one.
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`).catch(() => {});
  }

  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.stdout.write(text)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.pending = [];
    this.oversized = undefined;
    this.onclose?.();
  }
}
