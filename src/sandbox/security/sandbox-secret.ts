// The per-process secret of the sandbox-only tool endpoints (/sandbox/token mints administrator
// tokens, /sandbox/seed writes a million orders), compared in constant time by Hono's bearer-auth
// (docs/sandbox-security.md). A refusal is E001 on the field Authorization; the CLI words what to do.
import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { newSecret } from '../db/hashing.js';
import { errorEnvelope, SandboxError } from '../errors.js';

const SANDBOX_SECRET_PREFIX = 'sbx_secret_';

export const SANDBOX_TOOLS_PATH = '/sandbox/*';

/** Characters a secret may use: what a bearer token may carry (RFC 6750 b64token). */
export const SANDBOX_SECRET_FORMAT = /^[A-Za-z0-9._~+/-]{16,512}$/;

export function newSandboxSecret(): string {
  return newSecret(SANDBOX_SECRET_PREFIX);
}

const refusal = (description: string) => errorEnvelope(new SandboxError('E001', { description, field: 'Authorization' }));

/**
 * `exempt`: tool endpoints that take an organizer's access token in the Authorization header
 * instead (POST /sandbox/questions changes only that organizer's own event).
 */
export function requireSandboxSecret(secret: string, exempt: ReadonlySet<string>): MiddlewareHandler {
  const check = bearerAuth({
    token: secret,
    noAuthenticationHeader: { message: refusal('the sandbox secret is needed: Authorization: Bearer <secret>') },
    invalidAuthenticationHeader: { message: refusal('the Authorization header is not a bearer secret: Authorization: Bearer <secret>') },
    invalidToken: { message: refusal('the sandbox secret is wrong (each start of a sandbox makes a new one)') },
  });
  return async (c, next) => (exempt.has(c.req.path) ? next() : check(c, next));
}
