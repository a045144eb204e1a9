// Bearer access tokens for the Event & Registration API (reference §5).
import type { MiddlewareHandler } from 'hono';
import { accountForAccessToken, accountForPublisherKey, findAccountByBookingKey } from './db/accounts.js';
import type { SandboxContext, SandboxEnv } from './context.js';
import { SandboxError } from './errors.js';

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The service's own library's words for E007 from April 2015 on: an event id or a key problem. */
const E007_KEY_OR_EVENT = "Invalid Event Id or Invalid API key for requested API (use the admin account's access token)";

/**
 * Sets `account` from a valid, unexpired access token; E001 otherwise. With --quirks, an account's
 * publisher or booking key is E007, "invalid API key for requested API", as the live library says.
 */
export function requireAccessToken(context: SandboxContext): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) {
      throw new SandboxError('E001', { description: 'an access token is needed: Authorization: Bearer <token>' });
    }
    const account = accountForAccessToken(context.db, token, context.clock.now());
    const otherKey = () => accountForPublisherKey(context.db, token) ?? findAccountByBookingKey(context.db, token);
    if (!account && context.quirks && otherKey()) throw new SandboxError('E007', { description: E007_KEY_OR_EVENT });
    if (!account) throw new SandboxError('E001', { description: 'the access token is unknown or has expired' });
    c.set('account', account);
    await next();
  };
}
