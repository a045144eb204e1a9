// The OAuth authorization-code flow from a terminal: a loopback callback server, one callback
// checked against this login's random state, the code exchanged with a PKCE verifier (RFC 7636, S256).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { BoxofficeError, CancelledError } from '../client/errors.js';
import type { OAuthApi } from '../client/oauth.js';
import type { TokenResponse } from '../client/schemas/index.js';
import { sha256Base64Url } from '../util/digest.js';
import { closeServer, listen, loopbackPage } from '../util/loopback.js';
import { sameSecret } from '../util/same-secret.js';
import { CallbackPortError, LoginDeniedError, LoginStateMismatchError, LoginTimeoutError } from './errors.js';

export interface BrowserLoginOptions {
  oauth: Pick<OAuthApi, 'authorizeUrl' | 'exchangeCode'>;
  clientId: string;
  clientSecret: string;
  /** 0 = any free port. */
  port: number;
  timeoutMs: number;
  /** Opens the authorize page; undefined prints the address for the user to open. */
  openBrowser?: (url: string) => Promise<void>;
  tell: (line: string) => void;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal: AbortSignal;
}

const CALLBACK_HOST = '127.0.0.1';
const CALLBACK_PATH = '/callback';

type CallbackQuery = Record<string, string>;

/**
 * The loopback redirect target (RFC 8252 §7.3): it accepts exactly one request on /callback,
 * answers the browser with the page `judge` says, then closes. `callback`: that request's query.
 */
export async function startCallbackServer(port: number, judge: (query: CallbackQuery) => { ok: boolean; message: string }) {
  let deliver!: (query: CallbackQuery) => void;
  const callback = new Promise<CallbackQuery>((resolve) => (deliver = resolve));
  let answered = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${CALLBACK_HOST}`);
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || answered) {
      // favicon.ico and the like: not the callback, and not counted as one.
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('not found\n');
      return;
    }
    answered = true;
    const query = Object.fromEntries(url.searchParams);
    const verdict = judge(query);
    response.writeHead(verdict.ok ? 200 : 400, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
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
  return { redirectUri: `http://${CALLBACK_HOST}:${boundPort}${CALLBACK_PATH}`, callback, close };
}

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: sha256Base64Url(verifier) };
}

/** Why a callback is not this login's answer: what the browser is told, and the error the login ends with. */
function refusal(state: string, query: CallbackQuery): { page: string; error: Error } | undefined {
  if (!sameSecret(state, query.state)) {
    return {
      page: 'This answer does not belong to the login in progress (state mismatch). Nothing was stored.',
      error: new LoginStateMismatchError(
        'the browser returned an answer for a different login (state mismatch: a forged or stale callback); nothing was stored',
      ),
    };
  }
  if (query.error) {
    const description = query.error_description ? `: ${query.error_description}` : '';
    return {
      page: `The login was not allowed (${query.error}). Nothing was stored.`,
      error: new LoginDeniedError(
        query.error === 'access_denied'
          ? 'the login was refused in the browser (access_denied); nothing was stored'
          : `the authorization server refused the login (${query.error}${description}); nothing was stored`,
      ),
    };
  }
  if (!query.code) {
    return {
      page: 'The answer carried no authorization code. Nothing was stored.',
      error: new BoxofficeError('the browser returned no authorization code; nothing was stored'),
    };
  }
  return undefined;
}

function describeMinutes(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
}

export async function browserLogin(options: BrowserLoginOptions): Promise<TokenResponse> {
  const state = randomBytes(24).toString('base64url');
  const pkce = createPkcePair();
  const server = await startCallbackServer(options.port, (query) => {
    const refused = refusal(state, query);
    return refused
      ? { ok: false, message: refused.page }
      : { ok: true, message: 'Authorization received. You can close this window and return to the terminal.' };
  });
  const stopWaiting = new AbortController();

  let query: CallbackQuery;
  try {
    const url = options.oauth.authorizeUrl({
      clientId: options.clientId,
      state,
      redirectUri: server.redirectUri,
      codeChallenge: pkce.challenge,
    });
    // The address is always shown: on a machine without a browser (SSH) it is the way in.
    const opening = options.openBrowser
      ? 'Opening the login page in your browser; if it does not open, open this address'
      : 'Open this address in a browser to log in';
    options.tell(`${opening}:\n  ${url}`);
    options.tell(`Waiting for the answer at ${server.redirectUri} …`);
    await options.openBrowser?.(url).catch((error: Error) => {
      options.tell(`Could not open a browser (${error.message}). Open the address above yourself; still waiting.`);
    });

    const timedOut = options.sleep(options.timeoutMs, AbortSignal.any([stopWaiting.signal, options.signal])).then(
      () => {
        throw new LoginTimeoutError(`no answer from the browser within ${describeMinutes(options.timeoutMs)}; nothing was stored`);
      },
      () => {
        if (options.signal.aborted) throw new CancelledError('login interrupted; nothing was stored');
        return new Promise<never>(() => {});
      },
    );
    query = await Promise.race([server.callback, timedOut]);
  } finally {
    stopWaiting.abort();
    await server.close();
  }

  const refused = refusal(state, query);
  if (refused) throw refused.error;
  return options.oauth.exchangeCode({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    code: query.code as string,
    redirectUri: server.redirectUri,
    codeVerifier: pkce.verifier,
  });
}
