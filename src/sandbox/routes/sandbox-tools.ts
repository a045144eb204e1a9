// Sandbox-only endpoint: POST /sandbox/token mints what `boxoffice sandbox token` prints, the
// sandbox's "developer area" (docs/sandbox.md, "Tokens without a browser").
import * as z from 'zod';
import type { SandboxApp, SandboxContext } from '../context.js';
import { ensureOrganizerAccount, mintAccessToken, mintPublisherKey } from '../db/accounts.js';
import { ADMIN_EMAIL, ORGANIZER_EMAIL } from '../fixtures.js';
import { SandboxError } from '../errors.js';
import { readForm, validate } from '../request.js';

const SANDBOX_TOKEN_ROLES = ['organizer', 'admin', 'publisher', 'booking'] as const;
export type SandboxTokenRole = (typeof SANDBOX_TOKEN_ROLES)[number];

const tokenToolRequest = z.object({
  role: z.enum(SANDBOX_TOKEN_ROLES, { message: `expected one of ${SANDBOX_TOKEN_ROLES.join(', ')}` }).default('organizer'),
  account: z.email({ message: 'expected an email address' }).optional(),
});

/** The value `sandbox token` prints, for the role and account (shared with the test helper). */
export function mintForRole(context: SandboxContext, role: SandboxTokenRole, accountEmail?: string) {
  const now = context.clock.now();
  const email = accountEmail ?? (role === 'admin' ? ADMIN_EMAIL : ORGANIZER_EMAIL);
  return context.db.transaction(() => {
    const account = ensureOrganizerAccount(context.db, email, now);
    if (role === 'admin' && account.role !== 'admin') {
      throw new SandboxError('E008', { description: `${account.email} is not an administrator account`, field: 'account' });
    }
    const value =
      role === 'publisher'
        ? mintPublisherKey(context.db, account.id, now)
        : role === 'booking'
          ? account.bookingKey
          : mintAccessToken(context.db, account.id, null, now);
    return { role, account: account.email, value };
  })();
}

export function registerSandboxToolRoutes(app: SandboxApp, context: SandboxContext): void {
  app.post('/sandbox/token', async (c) => {
    const request = validate(tokenToolRequest, await readForm(c));
    return c.json({ status: 'success', ...mintForRole(context, request.role, request.account) });
  });
}
