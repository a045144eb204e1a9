// E5 /api/e/add-discount and E6 /api/e/update-discount.
import type * as z from 'zod';
import { addDiscountRequest, updateDiscountRequest } from '../../client/schemas/index.js';
import { requireAccessToken } from '../auth.js';
import type { SandboxApp, SandboxContext } from '../context.js';
import { discountCodeTaken, insertDiscount, updateDiscountRow, type DiscountFields, type Span } from '../db/events.js';
import { SandboxError } from '../errors.js';
import { readForm, validate, type FieldCodes } from '../request.js';
import { discountOf, eventFor, ticketOf } from './access.js';
import { checkedSpan } from './tickets.js';

const DISCOUNT_FIELD_CODES: FieldCodes = {
  missing: { discount: 'D001' },
  invalid: {
    discount: 'D001',
    limit: 'E013',
    fromQuantity: 'E013',
    toQuantity: 'E013',
    startDate: 'E017',
    startTime: 'E017',
    endDate: 'E018',
    endTime: 'E018',
  },
  rule: { endDate: 'E003', code: 'E025', fromQuantity: 'E026', toQuantity: 'E026', discount: 'D001' },
};

type DiscountRequest = z.output<typeof addDiscountRequest> | z.output<typeof updateDiscountRequest>;

function discountFields(request: DiscountRequest, span: Span, limit: number, name: string | null): DiscountFields {
  if (request.discount <= 0) throw new SandboxError('D001', { description: 'discount must be more than 0', field: 'discount' });
  const bulk = request.discountCategory === 'bulk';
  const code = request.discountCategory === 'code' ? (request.code ?? null) : null;
  return {
    name,
    category: request.discountCategory,
    amount: request.discount,
    type: request.discountType,
    ...span,
    usage_limit: limit,
    from_quantity: bulk ? (request.fromQuantity ?? null) : null,
    to_quantity: bulk ? (request.toQuantity ?? null) : null,
    code,
  };
}

function assertCodeFree(context: SandboxContext, eventId: number, code: string | null, exceptId?: number): void {
  if (code !== null && discountCodeTaken(context.db, eventId, code, exceptId)) {
    // E025 is the reference's one code about a discount's code; the description says which code is taken.
    throw new SandboxError('E025', {
      description: `code ${JSON.stringify(code)} is already used by another discount of this event`,
      field: 'code',
    });
  }
}

export function registerDiscountRoutes(app: SandboxApp, context: SandboxContext): void {
  const auth = requireAccessToken(context);
  const { db, clock } = context;

  app.post('/api/e/add-discount', auth, async (c) => {
    const request = validate(addDiscountRequest, await readForm(c), DISCOUNT_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const ticket = ticketOf(db, event, request.ticketId);
    const span = checkedSpan(request, event, now);
    const fields = discountFields(request, span, request.limit ?? ticket.quantity, request.discountName ?? null);
    const discountId = db.transaction(() => {
      assertCodeFree(context, event.id, fields.code);
      return insertDiscount(db, event.id, ticket.id, fields, now);
    })();
    return c.json({ status: 'success', message: 'S004', discountId: String(discountId) });
  });

  app.post('/api/e/update-discount', auth, async (c) => {
    const request = validate(updateDiscountRequest, await readForm(c), DISCOUNT_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const discount = discountOf(db, event, request.discountId);
    // Optional parameters left out keep their stored values.
    const span = checkedSpan(request, event, now, discount);
    const fields = discountFields(request, span, request.limit ?? discount.usage_limit, request.discountName ?? discount.name);
    db.transaction(() => {
      assertCodeFree(context, event.id, fields.code, discount.id);
      updateDiscountRow(db, discount.id, fields, now);
    })();
    return c.json({ status: 'success', message: 'S004', discountId: String(discount.id) });
  });
}
