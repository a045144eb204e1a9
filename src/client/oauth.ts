// OAuth 2.0 authorization-code flow with PKCE (S256). The client secret, the code and the
// verifier never reach a trace line or an error message.
import { encodeRequest, toSearchParams } from './encode.js';
import type { HttpTransport } from './http.js';
import { joinUrl } from './operation.js';
import { authorizeQuery, tokenRequest, tokenResponse, type TokenResponse } from './schemas/index.js';
import { parseRequest, parseResponse } from './validate.js';

export interface AuthorizeUrlRequest {
  clientId: string;
  state: string;
  redirectUri?: string;
  /** base64url(SHA-256(verifier)); sent with code_challenge_method=S256. */
  codeChallenge?: string;
}

export interface ExchangeCodeRequest {
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri?: string;
  codeVerifier?: string;
}

export interface OAuthApi {
  authorizeUrl(request: AuthorizeUrlRequest): string;
  exchangeCode(request: ExchangeCodeRequest): Promise<TokenResponse>;
}

/** Names the client's camelCase inputs by the wire's snake_case names in messages. */
const WIRE_TO_INPUT: Record<string, string> = {
  client_id: 'clientId',
  client_secret: 'clientSecret',
  redirect_uri: 'redirectUri',
  code_challenge: 'codeChallenge',
  code_verifier: 'codeVerifier',
};

export function createOAuthApi(authUrl: string, transport: HttpTransport): OAuthApi {
  return {
    authorizeUrl({ clientId, state, redirectUri, codeChallenge }) {
      const query = parseRequest(
        authorizeQuery,
        {
          response_type: 'code',
          client_id: clientId,
          state,
          redirect_uri: redirectUri,
          code_challenge: codeChallenge,
          code_challenge_method: codeChallenge === undefined ? undefined : 'S256',
        },
        undefined,
        WIRE_TO_INPUT,
      );
      return `${joinUrl(authUrl, 'authUrl', '/a/account/oauth/authorize')}?${toSearchParams(query)}`;
    },

    async exchangeCode({ clientId, clientSecret, code, redirectUri, codeVerifier }) {
      const fields = parseRequest(
        tokenRequest,
        {
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        },
        undefined,
        WIRE_TO_INPUT,
      );
      const encoded = encodeRequest('form', '/a/account/oauth/token', fields);
      const body = await transport.send({
        operation: 'OAuth token exchange',
        method: encoded.method,
        url: joinUrl(authUrl, 'authUrl', encoded.pathAndQuery),
        body: encoded.body,
        secrets: [clientSecret, code, codeVerifier],
        // An authorization code is single-use: a repeat after an unknown outcome would fail anyway.
        idempotent: false,
        recheck: { operationId: 'OAuth token exchange', request: {}, hint: 'Authorization codes are single-use: start the login again.' },
      });
      return parseResponse(tokenResponse, body, 'OAuth token exchange');
    },
  };
}
