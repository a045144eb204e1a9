// The loopback redirect target of the login (RFC 8252 §7.3): bound to 127.0.0.1, it accepts
// exactly one request on /callback, answers the browser with a short page, then closes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, listen, loopbackPage } from '../util/loopback.js';
import { CallbackPortError } from './errors.js';

const CALLBACK_HOST = '127.0.0.1';
const CALLBACK_PATH = '/callback';

export type CallbackQuery = Record<string, string>;

export interface CallbackServer {
  redirectUri: string;
  /** The first callback's query; the server is closed by then. */
  callback: Promise<CallbackQuery>;
  /** What the browser is told about the callback it sent (called once, before closing). */
  setVerdict(judge: (query: CallbackQuery) => { ok: boolean; message: string }): void;
  close(): Promise<void>;
}

export async function startCallbackServer(port: number): Promise<CallbackServer> {
  let judge: (query: CallbackQuery) => { ok: boolean; message: string } = () => ({ ok: true, message: 'Done.' });
  let deliver!: (query: CallbackQuery) => void;
  const callback = new Promise<CallbackQuery>((resolve) => (deliver = resolve));
  let answered = false;

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${CALLBACK_HOST}`);
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || answered) {
      // favicon.ico and the like: not the callback, and not counted as one.
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('not found\n');
      return;
    }
    answered = true;
    const query = Object.fromEntries(url.searchParams);
    const verdict = judge(query);
    response.writeHead(verdict.ok ? 200 : 400, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    response.end(loopbackPage(verdict.ok ? 'Logged in' : 'Login failed', verdict.message), () => {
      void close().then(() => deliver(query));
    });
  });

  const close = () => closeServer(server);
  const boundPort = await listen(server, port, CALLBACK_HOST).catch((error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${port} on ${CALLBACK_HOST} is in use; pass --port N (and register http://${CALLBACK_HOST}:N${CALLBACK_PATH} as the application's callback)`
        : `cannot listen on ${CALLBACK_HOST}:${port} for the login callback: ${error.message}`;
    throw new CallbackPortError(reason);
  });

  return {
    redirectUri: `http://${CALLBACK_HOST}:${boundPort}${CALLBACK_PATH}`,
    callback,
    setVerdict: (next) => {
      judge = next;
    },
    close,
  };
}
