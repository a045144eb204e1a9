// Cross-site request forgery defence: Hono's csrf accepts a browser's form post only from the
// sandbox's own origin. Requests without Origin or Sec-Fetch-Site come from programs (the CLI,
// curl, tests) and pass, as do `crossSiteEntryPaths`, which the service receives from other sites
// by design (E12 /em/booking: a merchant's page posts the buyer's browser there).
import type { MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { SandboxError } from '../errors.js';

export function refuseCrossSiteForms(crossSiteEntryPaths: ReadonlySet<string>): MiddlewareHandler {
  const check = csrf();
  return async (c, next) => {
    const fromBrowser = c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined;
    if (!fromBrowser || crossSiteEntryPaths.has(c.req.path)) return next();
    try {
      await check(c, next);
    } catch (error) {
      // Errors of the routes below are answered where they happen (Hono's compose), so an
      // exception here is the csrf check's own refusal.
      if (!(error instanceof HTTPException)) throw error;
      const origin = c.req.header('origin') ?? `Sec-Fetch-Site: ${c.req.header('sec-fetch-site') ?? ''}`;
      throw new SandboxError('CROSS_SITE', {
        description: `a form sent from another site (${origin.slice(0, 100)}) may not change anything in the sandbox`,
        field: 'Origin',
      });
    }
  };
}
