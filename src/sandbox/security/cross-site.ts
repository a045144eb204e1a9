// Cross-site request forgery defence for state-changing requests sent by a browser: Hono's csrf
// middleware accepts a form post only when `Sec-Fetch-Site` is same-origin or `Origin` is the
// sandbox's own origin (the authorize and payment pages post to their own origin).
//
// Two adjustments around it:
// - Requests without either header come from programs (the CLI, curl, tests), not from a page a
//   browser was lured to, and pass; Hono's middleware would refuse them.
// - Paths in `crossSiteEntryPaths` are entry points that the service itself receives from other
//   sites by design (E12 /em/booking: the merchant's page posts the buyer's browser there,
//   authenticated by the booking key in the form).
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
