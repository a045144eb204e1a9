// Direct requests over Node's own http/https: a keep-alive agent per protocol, and the transport's
// connect, headers and body timeouts. node:https (and with it tls and crypto) is loaded only for
// an https:// address.
import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';

// What the transport needs from whatever carries a request (NodeDispatcher, undici-dispatch.ts).
export interface DispatchRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Timeouts {
  /** Establishing the TCP/TLS connection. */
  connectMs: number;
  /** From sending the request to receiving the response headers. */
  headersMs: number;
  /** Between two chunks of the response body. */
  bodyMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveMs: number;
}

export interface RequestDispatcher {
  request(request: DispatchRequest): Promise<RawResponse>;
  /** Lets requests in flight finish, then closes the connections. */
  close(): Promise<void>;
  /** Ends every connection now; requests in flight fail. */
  destroy(): void;
}

/** Timeout failures carry undici's codes, so the retry policy and the messages treat both dispatchers alike. */
const TIMEOUT_CODES = { connect: 'UND_ERR_CONNECT_TIMEOUT', headers: 'UND_ERR_HEADERS_TIMEOUT', body: 'UND_ERR_BODY_TIMEOUT' } as const;

type Send = typeof httpRequest;

export class NodeDispatcher implements RequestDispatcher {
  private http?: HttpAgent;
  private https?: { agent: HttpsAgent; send: Send };
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly timeouts: Timeouts) {}

  request(request: DispatchRequest): Promise<RawResponse> {
    const pending = this.send(request);
    const settled = pending.catch(() => undefined);
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return pending;
  }

  private async send(request: DispatchRequest): Promise<RawResponse> {
    const { agent, send } = this.transportFor(request.url);
    return new Promise<RawResponse>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const fail = (error: Error): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
        outgoing.destroy();
      };
      const arm = (phase: keyof typeof TIMEOUT_CODES, ms: number): void => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(Object.assign(new Error(`${phase} timeout after ${ms} ms`), { code: TIMEOUT_CODES[phase] })), ms);
      };
      const outgoing: ClientRequest = send(request.url, {
        agent,
        method: request.method,
        headers: { ...request.headers, ...(request.body ? { 'content-length': String(request.body.length) } : {}) },
        ...(request.signal ? { signal: request.signal } : {}),
      });
      outgoing.on('error', fail);
      outgoing.on('close', () => fail(Object.assign(new Error('socket closed before the response ended'), { code: 'ECONNRESET' })));
      outgoing.on('socket', (socket) => {
        if (!socket.connecting) return;
        arm('connect', this.timeouts.connectMs);
        socket.once('connect', () => arm('headers', this.timeouts.headersMs));
      });
      outgoing.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        arm('body', this.timeouts.bodyMs);
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          arm('body', this.timeouts.bodyMs);
        });
        response.on('error', fail);
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      // A kept-alive socket is connected already: the headers wait starts at once.
      arm('headers', this.timeouts.headersMs);
      outgoing.end(request.body);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.inFlight);
    this.destroy();
  }

  destroy(): void {
    this.http?.destroy();
    this.https?.agent.destroy();
    this.http = undefined;
    this.https = undefined;
  }

  private transportFor(url: URL): { agent: HttpAgent | HttpsAgent; send: Send } {
    const options = { keepAlive: true, timeout: this.timeouts.keepAliveMs };
    if (url.protocol !== 'https:') {
      this.http ??= new HttpAgent(options);
      return { agent: this.http, send: httpRequest };
    }
    if (!this.https) {
      const https = process.getBuiltinModule('node:https');
      this.https = { agent: new https.Agent(options), send: https.request };
    }
    return this.https;
  }
}
