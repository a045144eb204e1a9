// The top-level "id" of a JSON-RPC message read piece by piece, without keeping the message: a
// message too large to hold is still answered under its own id (the client waits on that id).
// Only the structure is followed (strings, nesting); an id longer than ID_TEXT_LIMIT is not kept.

const ID_TEXT_LIMIT = 256;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** A key as JSON text (with its quotes) read, or undefined. */
function keyText(json: string): string | undefined {
  try {
    return JSON.parse(json) as string;
  } catch {
    return undefined;
  }
}

export class RequestIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At the top level, the next string is a key (after `{` or `,`). */
  private expectKey = false;
  /** The text being kept: a top-level key, or the value of the top-level "id". */
  private kept: number[] | undefined;
  private keepingId = false;
  private lastKey: string | undefined;
  private idText: string | undefined;

  feed(chunk: Uint8Array): void {
    // Inside a string that is not kept only a quote or a backslash matters: skip to the next one
    // (a large message is large in its strings). Each is searched for again only once passed.
    const next = (byte: number, from: number) => {
      const found = chunk.indexOf(byte, from);
      return found === -1 ? chunk.length : found;
    };
    let quote = -1;
    let backslash = -1;
    let index = 0;
    while (index < chunk.length) {
      if (this.inString && this.kept === undefined && !this.escaped) {
        if (quote < index) quote = next(QUOTE, index);
        if (backslash < index) backslash = next(BACKSLASH, index);
        index = Math.min(quote, backslash);
        if (index === chunk.length) return;
      }
      this.step(chunk[index] as number);
      index += 1;
    }
  }

  /** The id (a number or a string), or null when the message had none the scanner could read. */
  id(): string | number | null {
    if (this.keepingId) this.endId();
    if (this.idText === undefined) return null;
    try {
      const id = JSON.parse(this.idText) as unknown;
      return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
    } catch {
      return null;
    }
  }

  private keep(byte: number): void {
    if (this.kept === undefined) return;
    if (this.kept.length < ID_TEXT_LIMIT) this.kept.push(byte);
    else this.kept = undefined;
  }

  private endId(): void {
    if (this.kept !== undefined) this.idText = Buffer.from(this.kept).toString('utf8');
    this.kept = undefined;
    this.keepingId = false;
  }

  private step(byte: number): void {
    if (this.inString) {
      this.keep(byte);
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) this.endString();
      return;
    }
    if (this.keepingId && (SPACE.has(byte) || byte === COMMA || CLOSE.has(byte))) this.endId();
    if (SPACE.has(byte)) return;
    const topLevel = this.depth === 1;
    if (byte === QUOTE) {
      this.inString = true;
      if (topLevel && this.expectKey) this.kept = [];
      else if (topLevel && this.lastKey === 'id' && !this.keepingId) this.startId();
      this.keep(byte);
    } else if (OPEN.has(byte)) {
      this.depth += 1;
      this.expectKey = this.depth === 1 && byte === 0x7b;
    } else if (CLOSE.has(byte)) {
      this.depth -= 1;
    } else if (topLevel && byte === COLON) {
      this.expectKey = false;
    } else if (topLevel && byte === COMMA) {
      this.expectKey = true;
      this.lastKey = undefined;
    } else if (topLevel && this.lastKey === 'id') {
      // A number (or true, false, null: not an id, refused when read).
      if (!this.keepingId) this.startId();
      this.keep(byte);
    }
  }

  private startId(): void {
    this.kept = [];
    this.keepingId = true;
  }

  private endString(): void {
    this.inString = false;
    if (this.keepingId) {
      this.endId();
      this.lastKey = undefined;
    } else if (this.kept !== undefined && this.expectKey) {
      this.lastKey = keyText(Buffer.from(this.kept).toString('utf8'));
      this.kept = undefined;
    }
  }
}
