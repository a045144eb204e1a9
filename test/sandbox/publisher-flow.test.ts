// The Publisher purchase flow over real HTTP: P7–P12 with each status, inventory, every T-code
// that applies, custom questions, and confirmed orders feeding the report and attendee list.
import { beforeAll, describe, expect, it } from 'vitest';
import { attendeeFormResponse, cartResponse, orderDetailsResponse } from '../../src/client/schemas/index.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, expectError, expectSuccess, manualClock } from './api.js';
import {
  addQuestion,
  addTicket,
  answerAll,
  buy,
  cart,
  confirm,
  createEvent,
  data,
  generate,
  organizer,
  publisher,
  saveAll,
  ticketsLeft,
} from './publisher-fixture.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

describe('held tickets of orders never confirmed', () => {
  it('are released after the hold timeout (30 minutes on the sandbox clock): the order is failed, a confirmed one is kept', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId, { price: '100', quantity: '10' });
    const abandoned = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 3 }]);
    const waiting = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    expectSuccess(await confirm(sandbox, waiting, 'pending'));
    await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 1 }]);
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(4);
    clock.advance(29 * 60_000);
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(4);
    clock.advance(2 * 60_000);
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(9);
    for (const orderNo of [abandoned, waiting]) {
      const details = orderDetailsResponse.parse(expectSuccess(await publisher(sandbox, 'order-details', { fields: { orderNo } })));
      expect(details.orderDetails.orderStatus).toBe('fail');
    }
    expectError(await confirm(sandbox, abandoned, 'confirm'), 'T010');
    clock.set(TEST_NOW);
  });
});

describe('purchase flow', () => {
  it('confirms an order: cart, order, form, attendees, confirm, details, report, attendee list', async () => {
    const eventId = await createEvent(sandbox);
    const general = await addTicket(sandbox, eventId, { price: '1000', quantity: '10', serviceFee: '2' });
    const cartBody = expectSuccess(await publisher(sandbox, 'cart-calculation', { query: cart(eventId, [{ ticketId: general, quantity: 2 }]) }));
    expect(cartResponse.parse(cartBody).cart).toEqual({
      price: 2000,
      discount: 0,
      processingFee: 50,
      serviceTax: 9,
      grandTotal: 2059,
      codeApplied: false,
    });

    const generated = expectSuccess(await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: general, quantity: 2 }]) }));
    expect(generated).toMatchObject({ ticketCost: 2000, platformFee: 50 });
    const orderNo = String(generated.orderNo);
    expect(await ticketsLeft(sandbox, eventId, general)).toBe(8);

    const form = attendeeFormResponse.parse(expectSuccess(await publisher(sandbox, 'attendee-form', { fields: { orderNo } })));
    expect(Object.keys(form.attendeeForm)).toEqual(['attendee_1', 'attendee_2']);
    expect(form.attendeeForm.attendee_1.map((field) => field.id)).toEqual(['default_1', 'default_2', 'default_3']);

    await saveAll(sandbox, orderNo);
    const confirmed = expectSuccess(await confirm(sandbox, orderNo, 'confirm'));
    expect(confirmed).toMatchObject({ orderNo, orderStatus: 'confirm' });
    expect(await ticketsLeft(sandbox, eventId, general)).toBe(8);

    const details = orderDetailsResponse.parse(expectSuccess(await publisher(sandbox, 'order-details', { fields: { orderNo } })));
    expect(details.orderDetails).toMatchObject({
      eventId: Number(eventId),
      orderNo,
      quantity: 2,
      ticketCost: 2000,
      paidAmount: 2059,
      orderStatus: 'confirm',
      buyerName: 'Person 1',
      datePurchased: '2026-06-01',
    });
    expect(details.orderDetails.attendee.map((entry) => entry.attendeeName)).toEqual(['Person 1', 'Person 2']);

    const report = expectSuccess(await organizer(sandbox, '/api/e/get-report', { eventId }));
    expect(JSON.stringify(report)).toContain('"ticketName":"General"');
    expect(report.amount).toBeGreaterThan(0);
    const list = expectSuccess(await organizer(sandbox, '/api/e/attendee-list', { eventId, fromRecord: '0', toRecord: '50' }, sandbox.tokens.admin));
    const records = list.attendee as { orderNo: string; attendee: { name: string }[] }[];
    expect(records.map((record) => record.orderNo)).toEqual([orderNo]);
    expect(records[0].attendee.map((entry) => entry.name)).toEqual(['Person 1', 'Person 2']);
  });

  it('keeps a pending order held, then confirms it', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId, { quantity: '5' });
    const orderNo = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 3 }]);
    await saveAll(sandbox, orderNo);
    expect(expectSuccess(await confirm(sandbox, orderNo, 'pending'))).toMatchObject({ orderStatus: 'pending' });
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(2);
    expectError(await confirm(sandbox, orderNo, 'pending'), 'T010', 409);
    expectSuccess(await confirm(sandbox, orderNo, 'confirm'));
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(2);
    const details = expectSuccess(await publisher(sandbox, 'order-details', { fields: { orderNo } }));
    expect((details.orderDetails as { orderStatus: string }).orderStatus).toBe('confirm');
  });

  it('releases the inventory of a failed order, and it stays out of the report and attendee list', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId, { quantity: '4' });
    const orderNo = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 4 }]);
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(0);
    expectError(await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: ticket, quantity: 1 }]) }), 'T001', 409);
    expect(expectSuccess(await confirm(sandbox, orderNo, 'fail'))).toMatchObject({ orderStatus: 'fail' });
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(4);
    expectError(await confirm(sandbox, orderNo, 'confirm'), 'T010', 409);
    const list = expectSuccess(await organizer(sandbox, '/api/e/attendee-list', { eventId, fromRecord: '0', toRecord: '50' }, sandbox.tokens.admin));
    expect(list.attendee).toEqual([]);
    // a failed pending order releases too
    const pending = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    expectSuccess(await confirm(sandbox, pending, 'pending'));
    expectSuccess(await confirm(sandbox, pending, 'fail'));
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(4);
  });

  it('refuses a second confirmation (T010) and counts the order once', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId, { quantity: '10' });
    const orderNo = await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 1 }]);
    expectError(await confirm(sandbox, orderNo, 'confirm'), 'T010', 409, 'orderNo');
    expectError(await confirm(sandbox, orderNo, 'fail'), 'T010', 409);
    expect(await ticketsLeft(sandbox, eventId, ticket)).toBe(9);
    const attendees = await answerAll(sandbox, orderNo);
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees }) }), 'T010');
  });

  it('sells out: the last tickets, then T001 with HTTP 409 and soldout yes', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId, { quantity: '3' });
    await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    expectError(await publisher(sandbox, 'cart-calculation', { query: cart(eventId, [{ ticketId: ticket, quantity: 2 }]) }), 'T001', 409);
    await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 1 }]);
    const answer = await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: ticket, quantity: 1 }]) });
    expectError(answer, 'T001', 409);
    expect(String(answer.body.description)).toContain('sold out');
    const details = expectSuccess(await publisher(sandbox, 'event-details', { method: 'GET', query: { eventId } }));
    expect(details.soldout).toBe('yes');
    const tickets = expectSuccess(await publisher(sandbox, 'ticket-details', { method: 'GET', query: { eventId } }));
    expect((tickets.tickets as { availability: string }[])[0].availability).toBe('Sold Out');
  });

  it('takes the P8 data in the query string with an empty multipart body, and P9/P11/P12 urlencoded', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId);
    const orderNo = String(
      expectSuccess(await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: ticket, quantity: 1 }]), encoding: 'multipart' })).orderNo,
    );
    expectSuccess(await publisher(sandbox, 'attendee-form', { fields: { orderNo }, encoding: 'urlencoded' }));
    await saveAll(sandbox, orderNo);
    expectSuccess(await publisher(sandbox, 'confirm-order', { fields: { orderNo, status: 'confirm', referenceNo: 'R-1' }, encoding: 'urlencoded' }));
    expectSuccess(await publisher(sandbox, 'order-details', { fields: { orderNo }, encoding: 'urlencoded' }));
  });
});

describe('discounts in the cart', () => {
  let eventId: string;
  let ticket: number;

  beforeAll(async () => {
    eventId = await createEvent(sandbox);
    ticket = await addTicket(sandbox, eventId, { price: '1000', quantity: '100', serviceFee: '1' });
    const add = async (fields: Record<string, string>) =>
      expectSuccess(await organizer(sandbox, '/api/e/add-discount', { eventId, ticketId: String(ticket), ...fields }));
    await add({ discountCategory: 'flat', discount: '100', discountType: 'fixed' });
    await add({ discountCategory: 'bulk', discount: '20', discountType: 'percentage', fromQuantity: '5', toQuantity: '10' });
    await add({ discountCategory: 'code', discount: '50', discountType: 'percentage', code: 'HALF', limit: '1' });
  });

  const price = async (quantity: number, discountCode = '') =>
    cartResponse.parse(expectSuccess(await publisher(sandbox, 'cart-calculation', { query: cart(eventId, [{ ticketId: ticket, quantity, discountCode }]) })))
      .cart;

  it('applies the flat discount to every ticket', async () => {
    expect(await price(2)).toMatchObject({ price: 2000, discount: 200, grandTotal: 1800, codeApplied: false });
  });

  it('applies the bulk discount within its quantities, when larger than the flat one', async () => {
    expect(await price(5)).toMatchObject({ price: 5000, discount: 1000, grandTotal: 4000 });
    expect(await price(4)).toMatchObject({ discount: 400 });
  });

  it('applies a code discount with its code, and the code is used up after its limit of confirmed orders', async () => {
    expect(await price(1, 'WRONG')).toMatchObject({ discount: 100, codeApplied: false });
    expect(await price(1, 'half')).toMatchObject({ discount: 500, grandTotal: 500, codeApplied: true });
    const orderNo = await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 1, discountCode: 'HALF' }]);
    const details = expectSuccess(await publisher(sandbox, 'order-details', { fields: { orderNo } }));
    expect(details.orderDetails).toMatchObject({ ticketCost: 500, paidAmount: 500 });
    expect(await price(1, 'HALF')).toMatchObject({ discount: 100, codeApplied: false });
  });

  it('ignores a discount outside its dates', async () => {
    const other = await createEvent(sandbox);
    const otherTicket = await addTicket(sandbox, other, { price: '1000' });
    expectSuccess(
      await organizer(sandbox, '/api/e/add-discount', {
        eventId: other,
        ticketId: String(otherTicket),
        discountCategory: 'flat',
        discount: '10',
        discountType: 'percentage',
        startDate: '2026-06-05',
        startTime: '00:00',
        endDate: '2026-06-06',
        endTime: '00:00',
      }),
    );
    const priced = async () =>
      cartResponse.parse(expectSuccess(await publisher(sandbox, 'cart-calculation', { query: cart(other, [{ ticketId: otherTicket, quantity: 1 }]) }))).cart;
    expect((await priced()).discount).toBe(0);
    clock.set('2026-06-05T12:00:00.000Z');
    try {
      expect((await priced()).discount).toBe(100);
    } finally {
      clock.set(TEST_NOW);
    }
  });
});

describe('T-codes and refusals', () => {
  let eventId: string;
  let ticket: number;

  beforeAll(async () => {
    eventId = await createEvent(sandbox);
    ticket = await addTicket(sandbox, eventId, { quantity: '50', minQuantity: '2', maxQuantity: '4' });
  });

  it('T001: no tickets, or a ticket of another event', async () => {
    expectError(await publisher(sandbox, 'cart-calculation', { query: data({ eventId: Number(eventId), tickets: [] }) }), 'T001');
    const other = await createEvent(sandbox);
    const foreign = await addTicket(sandbox, other);
    expectError(
      await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: foreign, quantity: 2 }]) }),
      'T001',
      400,
      'data.tickets.0.ticketId',
    );
  });

  it('T004: every quantity 0', async () => {
    expectError(await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: ticket, quantity: 0 }]) }), 'T004');
  });

  it('T001 with 409: below minQuantity or above maxQuantity', async () => {
    expectError(
      await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: ticket, quantity: 1 }]) }),
      'T001',
      409,
      'data.tickets.0.quantity',
    );
    expectError(await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: ticket, quantity: 5 }]) }), 'T001', 409);
  });

  it('E013 for a non-numeric quantity, E007 for an unknown event, E002 for missing or broken data', async () => {
    expectError(
      await publisher(sandbox, 'cart-calculation', {
        query: data({ eventId: Number(eventId), tickets: [{ ticketId: ticket, quantity: 'two', discountCode: '' }] }),
      }),
      'E013',
    );
    expectError(await publisher(sandbox, 'cart-calculation', { query: cart('999999', [{ ticketId: ticket, quantity: 2 }]) }), 'E007', 404);
    expectError(await publisher(sandbox, 'cart-calculation'), 'E002', 400, 'data');
    expectError(await publisher(sandbox, 'cart-calculation', { query: { data: '{not json' } }), 'E002', 400, 'data');
  });

  it('T001 for a paused ticket and for a ticket whose sales have not started', async () => {
    const paused = await addTicket(sandbox, eventId, { ticketName: 'Paused' });
    expectSuccess(
      await organizer(sandbox, '/api/e/update-ticket', {
        eventId,
        ticketId: String(paused),
        ticketName: 'Paused',
        price: '500',
        currency: 'INR',
        quantity: '10',
        status: 'pause',
        serviceFee: '1',
        allowCancellation: 'false',
      }),
    );
    expectError(await publisher(sandbox, 'cart-calculation', { query: cart(eventId, [{ ticketId: paused, quantity: 1 }]) }), 'T001', 409);
    const later = await addTicket(sandbox, eventId, { ticketName: 'Later', startDate: '2026-06-20', startTime: '09:00' });
    expectError(await publisher(sandbox, 'cart-calculation', { query: cart(eventId, [{ ticketId: later, quantity: 1 }]) }), 'T001', 409);
  });

  it("T007 for an unknown order, T008 for another publisher's order", async () => {
    const orderNo = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    for (const path of ['attendee-form', 'order-details']) {
      expectError(await publisher(sandbox, path, { fields: { orderNo: 'NOPE123' } }), 'T007', 404);
    }
    const otherKey = sandbox.mintToken('publisher', 'other-publisher@example.test');
    for (const path of ['attendee-form', 'order-details']) {
      expectError(await publisher(sandbox, path, { fields: { orderNo }, key: otherKey }), 'T008', 403);
    }
    expectError(await publisher(sandbox, 'confirm-order', { fields: { orderNo, status: 'confirm', referenceNo: 'X' }, key: otherKey }), 'T008', 403);
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees: {} }), key: otherKey }), 'T008', 403);
  });

  it('E002 naming orderNo when it is missing (P9, P11, P12) or not text (P10)', async () => {
    for (const path of ['attendee-form', 'order-details']) expectError(await publisher(sandbox, path, { fields: {} }), 'E002', 400, 'orderNo');
    expectError(await publisher(sandbox, 'confirm-order', { fields: { status: 'confirm', referenceNo: 'R' } }), 'E002', 400, 'orderNo');
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo: 42, attendees: {} }) }), 'E002', 400, 'data.orderNo');
  });

  it('T002: confirming before the attendees are saved', async () => {
    const orderNo = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    expectError(await confirm(sandbox, orderNo, 'confirm'), 'T002');
  });

  it('E002 naming the attendee and field: a missing attendee, a mandatory answer left empty, a bad email', async () => {
    const orderNo = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    const attendees = await answerAll(sandbox, orderNo);
    const only = { attendee_1: attendees.attendee_1 };
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees: only }) }), 'E002', 400, 'attendees.attendee_2');
    const blank = { ...attendees, attendee_2: attendees.attendee_2.map((field) => (field.id === 'default_1' ? { ...field, value: '' } : field)) };
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees: blank }) }), 'E002', 400, 'attendee_2.default_1');
    const badEmail = { ...attendees, attendee_1: attendees.attendee_1.map((field) => (field.id === 'default_2' ? { ...field, value: 'nope' } : field)) };
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees: badEmail }) }), 'E002', 400, 'attendee_1.default_2');
    const extra = { ...attendees, attendee_3: attendees.attendee_1 };
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees: extra }) }), 'E002', 400, 'attendees.attendee_3');
  });

  it('E020 without a publisher key, or with an unknown one, or with an access token', async () => {
    expectError(await publisher(sandbox, 'categories', { key: '' }), 'E020', 401);
    expectError(await publisher(sandbox, 'categories', { key: 'sbx_pk_unknown' }), 'E020', 401);
    expectError(await publisher(sandbox, 'event-details', { method: 'GET', query: { eventId }, key: sandbox.tokens.organizer }), 'E020', 401);
  });
});

describe('custom questions', () => {
  it('are added through the sandbox-only endpoint, asked of every attendee, checked and reported', async () => {
    const eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId);
    const company = await addQuestion(sandbox, eventId, { label: 'Company', mandatory: 'true' });
    const size = await addQuestion(sandbox, eventId, { label: 'T-shirt size', type: 'Dropdown' });
    const orderNo = await generate(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }]);
    const form = attendeeFormResponse.parse(expectSuccess(await publisher(sandbox, 'attendee-form', { fields: { orderNo } })));
    expect(form.attendeeForm.attendee_2.slice(3)).toEqual([
      expect.objectContaining({ id: company, label: 'Company', mandatory: true }),
      expect.objectContaining({ id: size, label: 'T-shirt size', mandatory: false, type: 'Dropdown' }),
    ]);
    const withoutCompany = await answerAll(sandbox, orderNo);
    expectError(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees: withoutCompany }) }), 'E002', 400, `attendee_1.${company}`);
    await saveAll(sandbox, orderNo, { [company]: 'Acme', [size]: 'L' });
    expectSuccess(await confirm(sandbox, orderNo, 'confirm'));
    const details = orderDetailsResponse.parse(expectSuccess(await publisher(sandbox, 'order-details', { fields: { orderNo } })));
    expect(details.orderDetails.attendee[0].additionalInfo).toEqual({ Company: 'Acme', 'T-shirt size': 'L' });
    const list = expectSuccess(await organizer(sandbox, '/api/e/attendee-list', { eventId, fromRecord: '0', toRecord: '50' }, sandbox.tokens.admin));
    expect(JSON.stringify(list)).toContain('"details":{"Company":"Acme"');
  });

  it("are refused for another organizer's event (E008) and need a label (E002)", async () => {
    const eventId = await createEvent(sandbox);
    const stranger = sandbox.mintToken('organizer', 'stranger@example.test');
    expectError(await organizer(sandbox, '/sandbox/questions', { eventId, label: 'Company' }, stranger), 'E008', 403);
    expectError(await organizer(sandbox, '/sandbox/questions', { eventId }), 'E002', 400, 'label');
    expectError(await organizer(sandbox, '/sandbox/questions', { eventId: '999999', label: 'X' }), 'E007', 404);
  });
});
