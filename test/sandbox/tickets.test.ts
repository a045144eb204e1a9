// E3 add-ticket, E4 update-ticket, E8 get-tickets over real HTTP, in both body encodings.
import { describe, expect, it } from 'vitest';
import { getTicketsResponse } from '../../src/client/schemas/index.js';
import { insertOrder } from '../../src/sandbox/db/orders.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { ENCODINGS, TEST_NOW, expectError, expectSuccess, manualClock, post, validEvent, validTicket, without, type Encoding } from './api.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

async function createEvent(encoding: Encoding, token = sandbox.tokens.organizer): Promise<string> {
  const body = expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token, encoding }));
  return String(body.eventId);
}

async function ticketsOf(eventId: string, encoding: Encoding) {
  const body = expectSuccess(await post(sandbox.url, '/api/e/get-tickets', { eventId }, { token: sandbox.tokens.organizer, encoding }));
  return body.tickets as Record<string, unknown>[];
}

describe.each(ENCODINGS)('E3 add-ticket (%s)', (encoding) => {
  const add = (fields: Record<string, string>, token = sandbox.tokens.organizer) => post(sandbox.url, '/api/e/add-ticket', fields, { token, encoding });

  it('adds a ticket (S003) with the stated defaults, read back by get-tickets in the 2.11 shape', async () => {
    const eventId = await createEvent(encoding);
    const body = expectSuccess(await add(validTicket(eventId)));
    expect(body.message).toBe('S003');
    const tickets = await ticketsOf(eventId, encoding);
    expect(getTicketsResponse.safeParse({ status: 'success', tickets }).success).toBe(true);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      id: Number(body.ticketId),
      typeName: 'General',
      typeDesc: 'Standing',
      price: 500,
      quantity: 100,
      initialQuantity: 100,
      minQuantity: 1,
      maxQuantity: 10,
      allowCancel: false,
      status: 'active',
      currency: 'INR',
      eventId,
      // defaults: from today / now, to the event's end
      availableFrom: { date: '2026-06-01 10:00:00', timezone_type: 3, timezone: 'UTC' },
      availableTo: { date: '2026-07-10 23:00:00', timezone_type: 3, timezone: 'UTC' },
      shippingCharge: null,
      ticketOrder: null,
    });
  });

  it('stores a blank price as "any amount" (null) and accepts status delete', async () => {
    const eventId = await createEvent(encoding);
    expectSuccess(await add(validTicket(eventId, { price: '', status: 'delete', minQuantity: '2', maxQuantity: '4' })));
    const [ticket] = await ticketsOf(eventId, encoding);
    expect(ticket).toMatchObject({ price: null, status: 'delete', minQuantity: 2, maxQuantity: 4 });
  });

  it('refuses a status outside active/delete', async () => {
    const eventId = await createEvent(encoding);
    expectError(await add(validTicket(eventId, { status: 'published' })), 'E002', 400, 'status');
  });

  it('refuses a missing ticket name with E016 and a missing quantity with E015', async () => {
    const eventId = await createEvent(encoding);
    expectError(await add(without(validTicket(eventId), 'ticketName')), 'E016', 400, 'ticketName');
    expectError(await add(without(validTicket(eventId), 'quantity')), 'E015', 400, 'quantity');
    expectError(await add(without(validTicket(eventId), 'ticketName', 'currency')), 'E002', 400, 'ticketName,currency');
  });

  it('refuses a non-numeric quantity with E013 and price with E014', async () => {
    const eventId = await createEvent(encoding);
    expectError(await add(validTicket(eventId, { quantity: 'many' })), 'E013', 400, 'quantity');
    expectError(await add(validTicket(eventId, { maxQuantity: '2.5' })), 'E013', 400, 'maxQuantity');
    expectError(await add(validTicket(eventId, { price: 'free' })), 'E014', 400, 'price');
  });

  it('refuses bad times (E017/E018), an end before the start (E003) and a past start (E004)', async () => {
    const eventId = await createEvent(encoding);
    expectError(await add(validTicket(eventId, { startTime: '9am' })), 'E017', 400, 'startTime');
    expectError(await add(validTicket(eventId, { endDate: '2026-13-01' })), 'E018', 400, 'endDate');
    expectError(await add(validTicket(eventId, { startDate: '2026-07-01', endDate: '2026-06-20' })), 'E003', 400, 'endDate');
    // the default end (the event's end) must still follow an explicit start
    expectError(await add(validTicket(eventId, { startDate: '2026-08-01' })), 'E003', 400, 'endDate');
    expectError(await add(validTicket(eventId, { startDate: '2026-05-01' })), 'E004', 400, 'startDate');
  });

  it("refuses an unknown event (E007), another organizer's (E008), no token (E001)", async () => {
    const eventId = await createEvent(encoding);
    expectError(await add(validTicket('123')), 'E007', 404);
    expectError(await add(validTicket(eventId), sandbox.mintToken('organizer', `t-${encoding}@example.test`)), 'E008', 403);
    expectError(await post(sandbox.url, '/api/e/add-ticket', validTicket(eventId), { encoding }), 'E001', 401);
  });
});

describe.each(ENCODINGS)('E4 update-ticket (%s)', (encoding) => {
  const update = (fields: Record<string, string>, token = sandbox.tokens.organizer) => post(sandbox.url, '/api/e/update-ticket', fields, { token, encoding });

  async function eventWithTicket(): Promise<{ eventId: string; ticketId: string }> {
    const eventId = await createEvent(encoding);
    const body = expectSuccess(await post(sandbox.url, '/api/e/add-ticket', validTicket(eventId), { token: sandbox.tokens.organizer, encoding }));
    return { eventId, ticketId: String(body.ticketId) };
  }

  it('updates (S003) with the update statuses and shipping fields, keeping left-out optional values', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const body = expectSuccess(
      await update({
        ...validTicket(eventId, { status: 'pause', price: '650', quantity: '120' }),
        ticketId,
        shippingCharge: '40',
        shippingChargeType: 'INR',
      }),
    );
    expect(body).toMatchObject({ message: 'S003', ticketId });
    const [ticket] = await ticketsOf(eventId, encoding);
    expect(ticket).toMatchObject({
      status: 'pause',
      price: 650,
      quantity: 120,
      initialQuantity: 120,
      shippingCharge: 40,
      shippingType: 'INR',
      maxQuantity: 10,
    });
    for (const status of ['published', 'cancel']) {
      expectSuccess(await update({ ...validTicket(eventId, { status }), ticketId }));
    }
  });

  it('refuses the add-only status active, and an unknown or foreign ticket id with E012', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const other = await eventWithTicket();
    expectError(await update({ ...validTicket(eventId, { status: 'active' }), ticketId }), 'E002', 400, 'status');
    expectError(await update({ ...validTicket(eventId, { status: 'published' }), ticketId: '1' }), 'E012', 404, 'ticketId');
    expectError(await update({ ...validTicket(eventId, { status: 'published' }), ticketId: other.ticketId }), 'E012', 404, 'ticketId');
    expectError(await update({ ...validTicket(eventId, { status: 'published' }) }), 'E002', 400, 'ticketId');
  });

  it('refuses E013/E014/E015/E016/E017/E018/E003 as add-ticket does, and bad shipping values', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const base = { ...validTicket(eventId, { status: 'published' }), ticketId };
    expectError(await update({ ...base, quantity: 'x' }), 'E013', 400, 'quantity');
    expectError(await update({ ...base, price: 'x' }), 'E014', 400, 'price');
    expectError(await update(without(base, 'quantity')), 'E015', 400, 'quantity');
    expectError(await update(without(base, 'ticketName')), 'E016', 400, 'ticketName');
    expectError(await update({ ...base, startTime: '25:00' }), 'E017', 400, 'startTime');
    expectError(await update({ ...base, endTime: 'noon' }), 'E018', 400, 'endTime');
    expectError(await update({ ...base, startDate: '2026-07-05', endDate: '2026-07-04' }), 'E003', 400, 'endDate');
    expectError(await update({ ...base, shippingChargeType: 'USD' }), 'E002', 400, 'shippingChargeType');
    expectError(await update({ ...base, shippingCharge: 'lots' }), 'E014', 400, 'shippingCharge');
  });

  it('refuses changing the price of a ticket already sold, or a quantity below the sold count (E027)', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    insertOrder(sandbox.db, {
      eventId: Number(eventId),
      buyer: { name: 'Asha', email: 'asha@example.test' },
      lines: [{ ticketId: Number(ticketId), quantity: 3, unitPrice: 500 }],
      createdAt: clock.now(),
    });
    const base = { ...validTicket(eventId, { status: 'published' }), ticketId };
    expectError(await update({ ...base, price: '450' }), 'E027', 409, 'price');
    expectError(await update({ ...base, quantity: '2' }), 'E027', 409, 'quantity');
    expectSuccess(await update({ ...base, quantity: '3', ticketName: 'General admission' }));
  });
});
