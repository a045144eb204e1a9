// Sandbox-only endpoints (docs/sandbox.md): POST /sandbox/token mints what `sandbox token` prints
// (the sandbox's "developer area"), and the attendee tools change attendees as an organizer's back
// office would.
import * as z from 'zod';
import type { SandboxApp, SandboxContext } from '../context.js';
import { ensureOrganizerAccount, mintAccessToken, mintPublisherKey } from '../db/accounts.js';
import type { SandboxDatabase } from '../db/index.js';
import { insertAnswer } from '../db/orders.js';
import { prepared } from '../db/statements.js';
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

const text = (field: string) =>
  z
    .string({ message: `${field}: required` })
    .trim()
    .min(1, { message: `${field}: must not be empty` });
const orderRequest = z.object({ orderNo: text('orderNo') });
const attendeeRequest = z.object({ ticketNo: text('ticketNo') });
const answerRequest = z.object({ ticketNo: text('ticketNo'), label: text('label'), value: z.string().default('') });

function orderIdOf(db: SandboxDatabase, orderNo: string): number {
  const row = prepared(db, `SELECT id FROM orders WHERE order_no = ? AND event_position IS NOT NULL`).get(orderNo) as { id: number } | undefined;
  if (!row) throw new SandboxError('E002', { description: `no order ${orderNo} in an attendee list`, field: 'orderNo' });
  return row.id;
}

function attendeeIdOf(db: SandboxDatabase, ticketNo: string): number {
  const row = prepared(db, `SELECT id FROM attendees WHERE ticket_no = ?`).get(ticketNo) as { id: number } | undefined;
  if (!row) throw new SandboxError('E002', { description: `no attendee with ticket number ${ticketNo}`, field: 'ticketNo' });
  return row.id;
}

/** The token tool, and back-office changes to attendees, so that tests of `attendees sync` can drive cancellations and edits while syncs run. */
export function registerSandboxToolRoutes(app: SandboxApp, context: SandboxContext): void {
  const { db } = context;
  app.post('/sandbox/token', async (c) => {
    const request = validate(tokenToolRequest, await readForm(c));
    return c.json({ status: 'success', ...mintForRole(context, request.role, request.account) });
  });
  app.post('/sandbox/cancel-order', async (c) => {
    const { orderNo } = validate(orderRequest, await readForm(c));
    const cancelled = prepared(db, `UPDATE attendees SET status = 'cancelled' WHERE order_id = ? AND status = 'attending'`).run(orderIdOf(db, orderNo)).changes;
    return c.json({ status: 'success', orderNo, cancelled });
  });
  app.post('/sandbox/cancel-attendee', async (c) => {
    const { ticketNo } = validate(attendeeRequest, await readForm(c));
    const cancelled = prepared(db, `UPDATE attendees SET status = 'cancelled' WHERE id = ? AND status = 'attending'`).run(attendeeIdOf(db, ticketNo)).changes;
    return c.json({ status: 'success', ticketNo, cancelled });
  });
  app.post('/sandbox/answer', async (c) => {
    const { ticketNo, label, value } = validate(answerRequest, await readForm(c));
    const attendeeId = attendeeIdOf(db, ticketNo);
    // The value of the first answer with that label, or a new answer.
    db.transaction(() => {
      const updated = prepared(
        db,
        `UPDATE attendee_answers SET value = ?
         WHERE attendee_id = ? AND position = (SELECT MIN(position) FROM attendee_answers WHERE attendee_id = ? AND label = ?)`,
      ).run(value, attendeeId, attendeeId, label).changes;
      if (updated > 0) return;
      const { next } = prepared(db, `SELECT COALESCE(MAX(position), 0) + 1 AS next FROM attendee_answers WHERE attendee_id = ?`).get(attendeeId) as {
        next: number;
      };
      insertAnswer(db, attendeeId, next, label, value);
    })();
    return c.json({ status: 'success', ticketNo, label, value });
  });
  app.post('/sandbox/remove-order', async (c) => {
    const { orderNo } = validate(orderRequest, await readForm(c));
    // The order keeps its row; without a list position it is no longer in the attendee list.
    prepared(db, `UPDATE orders SET event_position = NULL WHERE id = ?`).run(orderIdOf(db, orderNo));
    return c.json({ status: 'success', orderNo, removed: 1 });
  });
}
