// E5 add-discount and E6 update-discount over real HTTP, in both body encodings.
import { describe, expect, it } from 'vitest';
import { findDiscount } from '../../src/sandbox/db/events.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { ENCODINGS, TEST_NOW, expectError, expectSuccess, manualClock, post, validDiscount, validEvent, validTicket, without, type Encoding } from './api.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

async function eventWithTicket(encoding: Encoding, quantity = '80'): Promise<{ eventId: string; ticketId: string }> {
  const token = sandbox.tokens.organizer;
  const event = expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token, encoding }));
  const eventId = String(event.eventId);
  const ticket = expectSuccess(await post(sandbox.url, '/api/e/add-ticket', validTicket(eventId, { quantity }), { token, encoding }));
  return { eventId, ticketId: String(ticket.ticketId) };
}

describe.each(ENCODINGS)('E5 add-discount (%s)', (encoding) => {
  const add = (fields: Record<string, string>, token = sandbox.tokens.organizer) => post(sandbox.url, '/api/e/add-discount', fields, { token, encoding });

  it('adds a flat discount (S004) with the default limit (the ticket quantity) and dates', async () => {
    const { eventId, ticketId } = await eventWithTicket(encoding, '80');
    const body = expectSuccess(await add(validDiscount(eventId, ticketId)));
    expect(body.message).toBe('S004');
    expect(body.discountId).toMatch(/^\d+$/);
    expect(findDiscount(sandbox.db, Number(body.discountId))).toMatchObject({
      category: 'flat',
      amount: 10,
      type: 'percentage',
      usage_limit: 80,
      start_date: '2026-06-01',
      start_time: '10:00',
      end_date: '2026-07-10',
      end_time: '23:00',
      code: null,
    });
  });

  it('adds bulk and code discounts with their extra fields', async () => {
    const { eventId, ticketId } = await eventWithTicket(encoding);
    const bulk = expectSuccess(
      await add(
        validDiscount(eventId, ticketId, { discountCategory: 'bulk', fromQuantity: '5', toQuantity: '10', discountType: 'fixed', discount: '50', limit: '7' }),
      ),
    );
    expect(findDiscount(sandbox.db, Number(bulk.discountId))).toMatchObject({ from_quantity: 5, to_quantity: 10, usage_limit: 7, type: 'fixed' });
    const code = expectSuccess(await add(validDiscount(eventId, ticketId, { discountCategory: 'code', code: 'JAZZ10' })));
    expect(findDiscount(sandbox.db, Number(code.discountId))).toMatchObject({ code: 'JAZZ10', category: 'code' });
  });

  it('refuses a code discount without code (E025) and a bulk one without quantities (E026)', async () => {
    const { eventId, ticketId } = await eventWithTicket(encoding);
    expectError(await add(validDiscount(eventId, ticketId, { discountCategory: 'code' })), 'E025', 400, 'code');
    expectError(await add(validDiscount(eventId, ticketId, { discountCategory: 'bulk', fromQuantity: '5' })), 'E026', 400, 'toQuantity');
    expectError(await add(validDiscount(eventId, ticketId, { discountCategory: 'bulk' })), 'E026', 400, 'fromQuantity');
    expectError(await add(validDiscount(eventId, ticketId, { discountCategory: 'bulk', fromQuantity: '9', toQuantity: '3' })), 'E026', 400, 'toQuantity');
  });

  it('refuses a missing, zero or non-numeric amount with D001', async () => {
    const { eventId, ticketId } = await eventWithTicket(encoding);
    expectError(await add(without(validDiscount(eventId, ticketId), 'discount')), 'D001', 400, 'discount');
    expectError(await add(validDiscount(eventId, ticketId, { discount: '0' })), 'D001', 400, 'discount');
    expectError(await add(validDiscount(eventId, ticketId, { discount: 'ten' })), 'D001', 400, 'discount');
    expectError(await add(validDiscount(eventId, ticketId, { discount: '120' })), 'D001', 400, 'discount');
  });

  it('refuses missing fields (E002), bad dates (E017/E018/E003/E004), a non-numeric limit (E013)', async () => {
    const { eventId, ticketId } = await eventWithTicket(encoding);
    expectError(await add(without(validDiscount(eventId, ticketId), 'discountType', 'discountCategory')), 'E002', 400, 'discountCategory,discountType');
    expectError(await add(validDiscount(eventId, ticketId, { startTime: '1' })), 'E017', 400, 'startTime');
    expectError(await add(validDiscount(eventId, ticketId, { endDate: 'tomorrow' })), 'E018', 400, 'endDate');
    expectError(await add(validDiscount(eventId, ticketId, { startDate: '2026-06-10', endDate: '2026-06-09' })), 'E003', 400, 'endDate');
    expectError(await add(validDiscount(eventId, ticketId, { startDate: '2026-01-10', endDate: '2026-06-09' })), 'E004', 400, 'startDate');
    expectError(await add(validDiscount(eventId, ticketId, { limit: 'all' })), 'E013', 400, 'limit');
  });

  it('refuses an unknown ticket or one of another event (E012), an unknown event (E007), a foreign event (E008)', async () => {
    const { eventId, ticketId } = await eventWithTicket(encoding);
    const other = await eventWithTicket(encoding);
    expectError(await add(validDiscount(eventId, '77')), 'E012', 404, 'ticketId');
    expectError(await add(validDiscount(eventId, other.ticketId)), 'E012', 404, 'ticketId');
    expectError(await add(validDiscount('5', ticketId)), 'E007', 404);
    expectError(await add(validDiscount(eventId, ticketId), sandbox.mintToken('organizer', `d-${encoding}@example.test`)), 'E008', 403);
  });
});

describe.each(ENCODINGS)('E6 update-discount (%s)', (encoding) => {
  const update = (fields: Record<string, string>, token = sandbox.tokens.organizer) => post(sandbox.url, '/api/e/update-discount', fields, { token, encoding });

  async function withDiscount(): Promise<{ eventId: string; ticketId: string; discountId: string }> {
    const ids = await eventWithTicket(encoding);
    const body = expectSuccess(
      await post(sandbox.url, '/api/e/add-discount', validDiscount(ids.eventId, ids.ticketId, { limit: '25' }), {
        token: sandbox.tokens.organizer,
        encoding,
      }),
    );
    return { ...ids, discountId: String(body.discountId) };
  }

  function updateFields(ids: { eventId: string; discountId: string }, overrides: Record<string, string> = {}) {
    return { ...without(validDiscount(ids.eventId, 'unused'), 'ticketId'), discountId: ids.discountId, ...overrides };
  }

  it('updates (S004) and keeps a left-out limit', async () => {
    const ids = await withDiscount();
    const body = expectSuccess(await update(updateFields(ids, { discountCategory: 'code', code: 'SPRING', discount: '15' })));
    expect(body).toMatchObject({ message: 'S004', discountId: ids.discountId });
    expect(findDiscount(sandbox.db, Number(ids.discountId))).toMatchObject({ category: 'code', code: 'SPRING', amount: 15, usage_limit: 25 });
  });

  it('refuses an unknown discount (E019) and one of another event (E028)', async () => {
    const ids = await withDiscount();
    const other = await withDiscount();
    expectError(await update(updateFields(ids, { discountId: '8' })), 'E019', 404, 'discountId');
    expectError(await update(updateFields(ids, { discountId: other.discountId })), 'E028', 400, 'discountId');
  });

  it('refuses E025, E026, D001, E002, E003 and a foreign event (E008)', async () => {
    const ids = await withDiscount();
    expectError(await update(updateFields(ids, { discountCategory: 'code' })), 'E025', 400, 'code');
    expectError(await update(updateFields(ids, { discountCategory: 'bulk' })), 'E026', 400, 'fromQuantity');
    expectError(await update(updateFields(ids, { discount: '' })), 'D001', 400, 'discount');
    expectError(await update(without(updateFields(ids), 'discountId')), 'E002', 400, 'discountId');
    expectError(await update(updateFields(ids, { startDate: '2026-07-01', endDate: '2026-06-30' })), 'E003', 400, 'endDate');
    expectError(await update(updateFields(ids), sandbox.mintToken('organizer', `u-${encoding}@example.test`)), 'E008', 403);
  });
});
