// Bearer access tokens for the Event & Registration API (reference §5).
import type { MiddlewareHandler } from 'hono';
import { accountForAccessToken } from './db/accounts.js';
import type { SandboxContext, SandboxEnv } from './context.js';
import { SandboxError } from './errors.js';

/** The bearer value of the Authorization header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Sets `account` from a valid, unexpired access token; E001 otherwise. */
export function requireAccessToken(context: SandboxContext): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) {
      throw new SandboxError('E001', { description: 'an access token is needed: Authorization: Bearer <token>' });
    }
    const account = accountForAccessToken(context.db, token, context.clock.now());
    if (!account) throw new SandboxError('E001', { description: 'the access token is unknown or has expired' });
    c.set('account', account);
    await next();
  };
}
