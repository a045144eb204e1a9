// OAuth 2.0 authorization code flow (reference §5), with PKCE S256, required of a public client
// such as the CLI's, whose secret is published (RFC 7636 §4.4.1). GET authorize: the sign-in and
// consent page; POST authorize: its form (Allow: a code; Deny: access_denied); POST token: the code
// for a token, once (a code used again revokes the token it gave, RFC 6749 §4.1.2).
import type { Context } from 'hono';
import { authorizeQuery, tokenRequest } from '../../client/schemas/index.js';
import type { SandboxApp, SandboxContext, SandboxEnv } from '../context.js';
import { authenticate, mintAccessToken } from '../db/accounts.js';
import { sha256Base64Url } from '../../util/digest.js';
import {
  clientSecretMatches,
  consumeAuthCode,
  findAuthCode,
  findClient,
  issueAuthCode,
  redirectUriAllowed,
  revokeTokensOfCode,
  type OAuthClient,
} from '../db/oauth.js';
import { SandboxError } from '../errors.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../fixtures.js';
import { authorizeErrorPage, consentPage, type AuthorizeParams } from '../pages/authorize.js';
import { readForm, validate, type FormFields } from '../request.js';
import { FORM_TOKEN_FIELD, FormTokens } from '../security/form-token.js';

const AUTHORIZE_PATH = '/a/account/oauth/authorize';
const TOKEN_PATH = '/a/account/oauth/token';

const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** redirectTo: where the code goes, the given redirect_uri, else the client's registered callback. */
type Checked = { ok: true; value: { client: OAuthClient; params: AuthorizeParams; redirectTo: string } } | { ok: false; message: string };

/** Problems with the client or redirect address are shown on a page, never redirected (RFC 6749 §4.1.2.1). */
function checkAuthorize(context: SandboxContext, fields: FormFields): Checked {
  const client = fields.client_id ? findClient(context.db, fields.client_id) : undefined;
  if (!client) return { ok: false, message: 'Unknown application (client_id).' };
  if (fields.redirect_uri !== undefined && !redirectUriAllowed(client, fields.redirect_uri)) {
    return { ok: false, message: 'This redirect_uri is not registered for the application.' };
  }
  // The schema keeps only the authorize parameters (the form's other fields are dropped).
  const parsed = authorizeQuery.safeParse(fields);
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

/** What an authorize form's anti-forgery token is bound to: this request of this client. */
function formPurpose(params: AuthorizeParams): string {
  return ['authorize', params.client_id, params.state, params.redirect_uri ?? '', params.code_challenge ?? ''].join('\u0000');
}

function pkceMissing(client: OAuthClient, params: AuthorizeParams): boolean {
  return client.publicClient && params.code_challenge === undefined;
}

const PKCE_REQUIRED = {
  error: 'invalid_request',
  error_description: 'code challenge required: this application must use PKCE (code_challenge, code_challenge_method=S256)',
} as const;

function redirectWith(c: Context<SandboxEnv>, target: string, query: Record<string, string>) {
  const url = new URL(target);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  c.header('Cache-Control', 'no-store');
  return c.redirect(url.toString(), 302);
}

export function registerOAuthRoutes(app: SandboxApp, context: SandboxContext): void {
  const formTokens = new FormTokens(() => context.clock.now().getTime());
  const consent = (client: OAuthClient, params: AuthorizeParams, signIn: { email?: string; error?: string } = {}) =>
    consentPage({ action: AUTHORIZE_PATH, applicationName: client.name, params, formToken: formTokens.issue(formPurpose(params)), ...signIn });

  app.get(AUTHORIZE_PATH, (c) => {
    const checked = checkAuthorize(context, c.req.query());
    c.header('Cache-Control', 'no-store');
    if (!checked.ok) return c.html(authorizeErrorPage(checked.message), 400);
    const { client, params, redirectTo } = checked.value;
    if (pkceMissing(client, params)) return redirectWith(c, redirectTo, { ...PKCE_REQUIRED, state: params.state });
    return c.html(consent(client, params));
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
    if (!formTokens.verify(fields[FORM_TOKEN_FIELD], formPurpose(params))) {
      return c.html(authorizeErrorPage("This sign-in form has expired or was not sent by this sandbox's sign-in page. Start the sign-in again."), 403);
    }
    if (pkceMissing(client, params)) return redirectWith(c, redirectTo, { ...PKCE_REQUIRED, state: params.state });
    if (fields.decision !== 'allow') {
      return redirectWith(c, redirectTo, { error: 'access_denied', state: params.state });
    }
    const email = fields.email ?? '';
    const account = authenticate(context.db, email, fields.password ?? '');
    if (!account) {
      return c.html(consent(client, params, { email, error: 'Wrong email or password.' }), 401);
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
    if (!clientSecretMatches(context.db, request.client_id, request.client_secret)) {
      throw new SandboxError('E001', { description: 'unknown client_id or wrong client_secret', field: 'client_secret' });
    }
    const now = context.clock.now();
    const grant = findAuthCode(context.db, request.code);
    const refuse = (description: string, field = 'code') => new SandboxError('E001', { description, field, httpStatus: 400 });
    const reused = () => {
      const revoked = revokeTokensOfCode(context.db, request.code);
      return refuse(`the authorization code was used already${revoked > 0 ? '; the access token it gave is revoked' : ''}`);
    };
    if (!grant || grant.client_id !== request.client_id) throw refuse('unknown authorization code');
    if (grant.used_at !== null) throw reused();
    if (grant.expires_at <= now.toISOString()) throw refuse('the authorization code has expired');
    if (grant.redirect_uri !== null && request.redirect_uri !== grant.redirect_uri) {
      throw refuse('redirect_uri does not match the one of the authorization request', 'redirect_uri');
    }
    if (grant.code_challenge === null && findClient(context.db, request.client_id)?.publicClient) {
      throw refuse('this application must use PKCE: the code was requested without a code_challenge', 'code_verifier');
    }
    if (grant.code_challenge !== null) {
      const verifier = request.code_verifier ?? '';
      if (!PKCE_VERIFIER.test(verifier) || sha256Base64Url(verifier) !== grant.code_challenge) {
        throw refuse('code_verifier does not match the code_challenge', 'code_verifier');
      }
    }
    const token = context.db.transaction(() => {
      if (!consumeAuthCode(context.db, request.code, now)) return undefined;
      return mintAccessToken(context.db, grant.account_id, request.client_id, now, request.code);
    })();
    if (token === undefined) throw reused();
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'success', access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_LIFETIME_SECONDS });
  });
}
