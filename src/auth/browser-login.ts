// The OAuth authorization-code flow from a terminal: a loopback callback server, the authorize
// page opened in the browser (or its address printed), one callback checked against this login's
// random state, then the code exchanged with the PKCE verifier (RFC 7636, S256).
import { randomBytes } from 'node:crypto';
import { BoxofficeError, CancelledError } from '../client/errors.js';
import type { OAuthApi } from '../client/oauth.js';
import type { TokenResponse } from '../client/schemas/index.js';
import { sameSecret } from '../util/same-secret.js';
import { startCallbackServer, type CallbackQuery } from './callback-server.js';
import { LoginDeniedError, LoginStateMismatchError, LoginTimeoutError } from './errors.js';
import { sha256Base64Url } from '../util/digest.js';

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

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: sha256Base64Url(verifier) };
}

function judge(state: string, query: CallbackQuery): { ok: boolean; message: string } {
  if (!sameSecret(state, query.state)) {
    return { ok: false, message: 'This answer does not belong to the login in progress (state mismatch). Nothing was stored.' };
  }
  if (query.error) return { ok: false, message: `The login was not allowed (${query.error}). Nothing was stored.` };
  if (!query.code) return { ok: false, message: 'The answer carried no authorization code. Nothing was stored.' };
  return { ok: true, message: 'Authorization received. You can close this window and return to the terminal.' };
}

function describeMinutes(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
}

export async function browserLogin(options: BrowserLoginOptions): Promise<TokenResponse> {
  const server = await startCallbackServer(options.port);
  const state = randomBytes(24).toString('base64url');
  const pkce = createPkcePair();
  server.setVerdict((query) => judge(state, query));
  const stopWaiting = new AbortController();
  const onInterrupt = () => stopWaiting.abort();
  options.signal.addEventListener('abort', onInterrupt, { once: true });

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

    const timedOut = options.sleep(options.timeoutMs, stopWaiting.signal).then(
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
    options.signal.removeEventListener('abort', onInterrupt);
    await server.close();
  }

  if (!sameSecret(state, query.state)) {
    throw new LoginStateMismatchError('the browser returned an answer for a different login (state mismatch: a forged or stale callback); nothing was stored');
  }
  if (query.error === 'access_denied') {
    throw new LoginDeniedError('the login was refused in the browser (access_denied); nothing was stored');
  }
  if (query.error) {
    const description = query.error_description ? `: ${query.error_description}` : '';
    throw new LoginDeniedError(`the authorization server refused the login (${query.error}${description}); nothing was stored`);
  }
  if (!query.code) throw new BoxofficeError('the browser returned no authorization code; nothing was stored');
  return options.oauth.exchangeCode({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    code: query.code,
    redirectUri: server.redirectUri,
    codeVerifier: pkce.verifier,
  });
}
