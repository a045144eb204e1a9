// OAuth 2.0 authorization code flow (reference §5), with PKCE S256 when a challenge is sent.
//   GET  /a/account/oauth/authorize  sign-in + consent page
//   POST /a/account/oauth/authorize  the page's form: Allow → redirect with code and state,
//                                    Deny → redirect with error=access_denied and state
//   POST /a/account/oauth/token      code → {access_token, token_type, expires_in}
import type { Context } from 'hono';
import { authorizeQuery, tokenRequest } from '../../client/schemas/index.js';
import type { SandboxApp, SandboxContext, SandboxEnv } from '../context.js';
import { authenticate, mintAccessToken } from '../db/accounts.js';
import { sha256Base64Url } from '../db/hashing.js';
import {
  clientSecretMatches,
  consumeAuthCode,
  findAuthCode,
  findClient,
  issueAuthCode,
  redirectUriAllowed,
  type OAuthClient,
} from '../db/oauth.js';
import { SandboxError } from '../errors.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../fixtures.js';
import { authorizeErrorPage, consentPage, type AuthorizeParams } from '../pages/authorize.js';
import { readForm, validate, type FormFields } from '../request.js';

export const AUTHORIZE_PATH = '/a/account/oauth/authorize';
export const TOKEN_PATH = '/a/account/oauth/token';

const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

interface CheckedAuthorize {
  client: OAuthClient;
  params: AuthorizeParams;
  /** Where the code goes: the given redirect_uri, else the client's registered callback. */
  redirectTo: string;
}

type Checked = { ok: true; value: CheckedAuthorize } | { ok: false; message: string };

function pick(fields: FormFields, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) if (fields[name] !== undefined) picked[name] = fields[name];
  return picked;
}

const AUTHORIZE_PARAM_NAMES = ['response_type', 'client_id', 'state', 'redirect_uri', 'code_challenge', 'code_challenge_method'] as const;

/** Problems with the client or redirect address are shown on a page, never redirected (RFC 6749 §4.1.2.1). */
function checkAuthorize(context: SandboxContext, fields: FormFields): Checked {
  const client = fields.client_id ? findClient(context.db, fields.client_id) : undefined;
  if (!client) return { ok: false, message: 'Unknown application (client_id).' };
  if (fields.redirect_uri !== undefined && !redirectUriAllowed(client, fields.redirect_uri)) {
    return { ok: false, message: 'This redirect_uri is not registered for the application.' };
  }
  const parsed = authorizeQuery.safeParse(pick(fields, AUTHORIZE_PARAM_NAMES));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `Invalid request: ${String(issue.path[0] ?? '')} ${issue.message}`.trim() };
  }
  const params = parsed.data;
  if (params.code_challenge !== undefined && params.code_challenge_method !== 'S256') {
    return { ok: false, message: 'Only the S256 code_challenge_method is supported.' };
  }
  if (params.code_challenge !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
    return { ok: false, message: 'code_challenge must be the base64url SHA-256 of the verifier.' };
  }
  const redirectTo = params.redirect_uri ?? client.redirectUris[0];
  return { ok: true, value: { client, params, redirectTo } };
}

function redirectWith(c: Context<SandboxEnv>, target: string, query: Record<string, string>) {
  const url = new URL(target);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  c.header('Cache-Control', 'no-store');
  return c.redirect(url.toString(), 302);
}

export function registerOAuthRoutes(app: SandboxApp, context: SandboxContext): void {
  app.get(AUTHORIZE_PATH, (c) => {
    const checked = checkAuthorize(context, c.req.query());
    c.header('Cache-Control', 'no-store');
    if (!checked.ok) return c.html(authorizeErrorPage(checked.message), 400);
    return c.html(
      consentPage({ action: AUTHORIZE_PATH, applicationName: checked.value.client.name, params: checked.value.params }),
    );
  });

  app.post(AUTHORIZE_PATH, async (c) => {
    let fields: FormFields;
    try {
      fields = await readForm(c);
    } catch {
      return c.html(authorizeErrorPage('The form could not be read.'), 400);
    }
    const checked = checkAuthorize(context, fields);
    c.header('Cache-Control', 'no-store');
    if (!checked.ok) return c.html(authorizeErrorPage(checked.message), 400);
    const { client, params, redirectTo } = checked.value;
    if (fields.decision !== 'allow') {
      return redirectWith(c, redirectTo, { error: 'access_denied', state: params.state });
    }
    const email = fields.email ?? '';
    const account = authenticate(context.db, email, fields.password ?? '');
    if (!account) {
      return c.html(
        consentPage({ action: AUTHORIZE_PATH, applicationName: client.name, params, email, error: 'Wrong email or password.' }),
        401,
      );
    }
    const code = issueAuthCode(context.db, {
      clientId: client.clientId,
      accountId: account.id,
      redirectUri: params.redirect_uri ?? null,
      codeChallenge: params.code_challenge ?? null,
      now: context.clock.now(),
    });
    return redirectWith(c, redirectTo, { code, state: params.state });
  });

  app.post(TOKEN_PATH, async (c) => {
    const request = validate(tokenRequest, await readForm(c), { invalid: { grant_type: 'E002' } });
    if (!findClient(context.db, request.client_id) || !clientSecretMatches(context.db, request.client_id, request.client_secret)) {
      throw new SandboxError('E001', { description: 'unknown client_id or wrong client_secret', field: 'client_secret' });
    }
    const now = context.clock.now();
    const grant = findAuthCode(context.db, request.code);
    const refuse = (description: string, field = 'code') => new SandboxError('E001', { description, field, httpStatus: 400 });
    if (!grant || grant.clientId !== request.client_id) throw refuse('unknown authorization code');
    if (grant.usedAt !== null) throw refuse('the authorization code was used already');
    if (grant.expiresAt <= now.toISOString()) throw refuse('the authorization code has expired');
    if (grant.redirectUri !== null && request.redirect_uri !== grant.redirectUri) {
      throw refuse('redirect_uri does not match the one of the authorization request', 'redirect_uri');
    }
    if (grant.codeChallenge !== null) {
      const verifier = request.code_verifier ?? '';
      if (!PKCE_VERIFIER.test(verifier) || sha256Base64Url(verifier) !== grant.codeChallenge) {
        throw refuse('code_verifier does not match the code_challenge', 'code_verifier');
      }
    }
    const token = context.db.transaction(() => {
      if (!consumeAuthCode(context.db, request.code, now)) throw refuse('the authorization code was used already');
      return mintAccessToken(context.db, grant.accountId, request.client_id, now);
    })();
    c.header('Cache-Control', 'no-store');
    return c.json({
      status: 'success',
      access_token: token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    });
  });
}
