// A one-shot loopback HTTP listener for the booking return: it waits for the service to come
// back to an unguessable callback path with `response` (and `status`), by form post as the live
// service and the sandbox do, or by GET query. It binds 127.0.0.1 on an ephemeral port and
// answers only requests addressed to that host.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, loopbackPage } from '../util/loopback.js';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * `acceptReturn` reads one return and says what happened, for the browser; throwing ends the wait
 * with that error (the browser sees its message). `received` settles with the first return.
 */
export async function startReturnListener<T>(options: {
  acceptReturn(params: URLSearchParams): { result: T; heading: string; detail: string };
}): Promise<{ callbackUrl: string; received: Promise<T>; close(): Promise<void> }> {
  const host = '127.0.0.1';
  const nonce = randomBytes(18).toString('base64url');
  const returnPath = `/return/${nonce}`;
  let settle: { resolve(value: T): void; reject(error: unknown): void } | undefined;
  const received = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  // The caller races this against a timeout; an unobserved rejection must not crash the process.
  received.catch(() => undefined);
  let finished = false;
  let callbackUrl = '';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, returnPage('Something went wrong', String(error)));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const expectedHost = new URL(callbackUrl).host;
    if (request.headers.host !== expectedHost) return send(response, 421, 'wrong host\n', 'text/plain');
    const url = new URL(request.url ?? '/', `http://${expectedHost}`);
    if (url.pathname !== returnPath || (request.method !== 'GET' && request.method !== 'POST')) {
      return send(response, 404, 'not found\n', 'text/plain');
    }
    if (finished) return send(response, 410, returnPage('Already received', 'boxoffice has already taken this booking return.'));
    const params = new URLSearchParams(url.search);
    if (request.method === 'POST') {
      for (const [name, value] of await readFormBody(request)) params.append(name, value);
    }
    finished = true;
    try {
      const accepted = options.acceptReturn(params);
      send(response, 200, returnPage(accepted.heading, accepted.detail));
      settle?.resolve(accepted.result);
    } catch (error) {
      send(response, 400, returnPage('Booking return refused', error instanceof Error ? error.message : String(error)));
      settle?.reject(error);
    }
  }

  const port = await listen(server, 0, host);
  callbackUrl = `http://${host}:${port}${returnPath}`;
  return { callbackUrl, received, close: () => closeServer(server) };
}

function returnPage(heading: string, detail: string): string {
  return loopbackPage(heading, detail, 'You can close this window and return to the terminal.');
}

function send(response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}

/** The fields of a urlencoded or multipart body (parsed by the platform's own form parser). */
async function readFormBody(request: IncomingMessage): Promise<Iterable<[string, string]>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('booking return body too large');
    chunks.push(buffer);
  }
  const body = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return new URLSearchParams(body.toString('utf8'));
  const form = await new Response(body, { headers: { 'content-type': type } }).formData();
  return [...form].filter((field): field is [string, string] => typeof field[1] === 'string');
}
