// Header names followed by spaces before the colon (`Authorization : Bearer …`, as the service's own
// PHP library sent them from 2013 to 2015). Node's parser refuses them even with insecureHTTPParser,
// so each connection's request heads lose those spaces here; bodies pass untouched (sized by
// Content-Length), and a connection that sends a chunked body is passed on as it is from there on.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

const HEAD_END = Buffer.from('\r\n\r\n');
/** A head longer than this is passed on as it is (Node refuses it with 431 anyway). */
const MAX_HEAD_BYTES = 64 * 1024;
const SPACED_NAME = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]+:/gm;

/** Splits a connection's bytes into heads (rewritten) and bodies (as they are). */
class HeadRewriter {
  private pending: Buffer = Buffer.alloc(0);
  private bodyLeft = 0;
  private passThrough = false;

  push(chunk: Buffer): Buffer[] {
    if (this.passThrough) return [chunk];
    const out: Buffer[] = [];
    let data: Buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (data.length > 0) {
      if (this.bodyLeft > 0) {
        const body = data.subarray(0, this.bodyLeft);
        out.push(body);
        this.bodyLeft -= body.length;
        data = data.subarray(body.length);
        continue;
      }
      const end = data.indexOf(HEAD_END);
      if (end < 0) {
        if (data.length > MAX_HEAD_BYTES) {
          this.passThrough = true;
          out.push(data);
        } else {
          this.pending = data;
        }
        break;
      }
      const head = data
        .subarray(0, end + HEAD_END.length)
        .toString('latin1')
        .replace(SPACED_NAME, '$1:');
      out.push(Buffer.from(head, 'latin1'));
      data = data.subarray(end + HEAD_END.length);
      if (/^transfer-encoding:/im.test(head)) {
        this.passThrough = true;
        if (data.length > 0) out.push(data);
        break;
      }
      this.bodyLeft = Number(/^content-length:[ \t]*(\d+)/im.exec(head)?.[1] ?? 0);
    }
    return out;
  }
}

/** The socket as a stream whose readable side has its request heads rewritten. */
function lenientConnection(socket: Socket): Duplex {
  const rewriter = new HeadRewriter();
  const stream = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, encoding, callback) {
      socket.write(chunk, encoding, callback);
    },
    final(callback) {
      socket.end(callback);
    },
    destroy(error, callback) {
      socket.destroy(error ?? undefined);
      callback(error);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    for (const part of rewriter.push(chunk)) if (!stream.push(part)) socket.pause();
  });
  socket.on('end', () => stream.push(null));
  socket.on('error', (error) => stream.destroy(error));
  socket.on('close', () => stream.destroy());
  // What the HTTP server and the routes read of a socket.
  for (const name of ['remoteAddress', 'remotePort', 'remoteFamily', 'localAddress', 'localPort'] as const) {
    Object.defineProperty(stream, name, { get: () => socket[name] });
  }
  Object.assign(stream, {
    setTimeout: (ms: number, callback?: () => void) => {
      socket.setTimeout(ms, callback);
      return stream;
    },
    setNoDelay: (noDelay?: boolean) => socket.setNoDelay(noDelay),
    setKeepAlive: (enable?: boolean, delay?: number) => socket.setKeepAlive(enable, delay),
    ref: () => socket.ref(),
    unref: () => socket.unref(),
  });
  return stream;
}

/** Makes `server` read each connection through lenientConnection. */
export function acceptSpacedHeaderNames(server: Server): void {
  const listeners = server.listeners('connection') as ((socket: unknown) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const stream = lenientConnection(socket);
    for (const listener of listeners) listener.call(server, stream);
  });
}
