// E10 get-report and E11 attendee-list, computed from orders in the database.
import { describe, expect, it } from 'vitest';
import { attendeeListResponse, reportResponse } from '../../src/client/schemas/index.js';
import { insertOrder } from '../../src/sandbox/db/orders.js';
import { batchPositions } from '../../src/sandbox/routes/live-attendee-list.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { ENCODINGS, TEST_NOW, expectError, expectSuccess, manualClock, post, validEvent, validTicket, type Encoding } from './api.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

interface Setup {
  eventId: string;
  general: number;
  vip: number;
}

async function eventWithTickets(encoding: Encoding): Promise<Setup> {
  const token = sandbox.tokens.organizer;
  const event = expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token, encoding }));
  const eventId = String(event.eventId);
  const general = expectSuccess(await post(sandbox.url, '/api/e/add-ticket', validTicket(eventId), { token, encoding }));
  const vip = expectSuccess(await post(sandbox.url, '/api/e/add-ticket', validTicket(eventId, { ticketName: 'VIP', price: '2000' }), { token, encoding }));
  return { eventId, general: Number(general.ticketId), vip: Number(vip.ticketId) };
}

function placeOrders(setup: Setup, count: number): string[] {
  const orderNos: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const vip = index % 3 === 0;
    const { orderNo } = insertOrder(sandbox.db, {
      eventId: Number(setup.eventId),
      buyer: { name: `Buyer ${index}`, email: `buyer${index}@example.test`, phone: '99999', city: 'Pune' },
      lines: [{ ticketId: vip ? setup.vip : setup.general, quantity: vip ? 1 : 2, unitPrice: vip ? 2000 : 500, platformFee: vip ? 40 : 20 }],
      attendees: vip
        ? [{ ticketId: setup.vip, name: `Guest ${index}`, email: `g${index}@example.test`, answers: [{ label: 'Company', value: 'Acme' }] }]
        : [
            { ticketId: setup.general, name: `Guest ${index}a`, email: `g${index}a@example.test` },
            { ticketId: setup.general, name: `Guest ${index}b`, email: `g${index}b@example.test` },
          ],
      createdAt: new Date(Date.parse(TEST_NOW) + index * 1000),
    });
    orderNos.push(orderNo);
  }
  return orderNos;
}

describe.each(ENCODINGS)('E10 get-report (%s)', (encoding) => {
  it('sums the confirmed orders per ticket, with platformFee at the top and per ticket', async () => {
    const setup = await eventWithTickets(encoding);
    placeOrders(setup, 6); // 4 general orders × 2 tickets, 2 VIP × 1
    insertOrder(sandbox.db, {
      eventId: Number(setup.eventId),
      status: 'fail',
      buyer: { name: 'Failed', email: 'f@example.test' },
      lines: [{ ticketId: setup.general, quantity: 5, unitPrice: 500 }],
      createdAt: clock.now(),
    });
    const body = expectSuccess(await post(sandbox.url, '/api/e/get-report', { eventId: setup.eventId }, { token: sandbox.tokens.organizer, encoding }));
    expect(reportResponse.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      amount: 4 * 2 * 500 + 2 * 2000,
      platformFee: 4 * 20 + 2 * 40,
      cancel: 0,
      tickets: [
        { ticketId: String(setup.general), ticketName: 'General', tickets: 8, platformFee: '80', cancel: '0' },
        { ticketId: String(setup.vip), ticketName: 'VIP', tickets: 2, platformFee: '80', cancel: '0' },
      ],
    });
  });

  it('reports zeros for an event without orders, and refuses E002/E007/E008', async () => {
    const setup = await eventWithTickets(encoding);
    const body = expectSuccess(await post(sandbox.url, '/api/e/get-report', { eventId: setup.eventId }, { token: sandbox.tokens.organizer, encoding }));
    expect(body).toMatchObject({ amount: 0, platformFee: 0, tickets: [{ tickets: 0 }, { tickets: 0 }] });
    expectError(await post(sandbox.url, '/api/e/get-report', {}, { token: sandbox.tokens.organizer, encoding }), 'E002', 400, 'eventId');
    expectError(await post(sandbox.url, '/api/e/get-report', { eventId: '9' }, { token: sandbox.tokens.organizer, encoding }), 'E007', 404);
    const other = sandbox.mintToken('organizer', `report-${encoding}@example.test`);
    expectError(await post(sandbox.url, '/api/e/get-report', { eventId: setup.eventId }, { token: other, encoding }), 'E008', 403);
  });
});

describe.each(ENCODINGS)('E11 attendee-list (%s)', (encoding) => {
  const list = (fields: Record<string, string>, token = sandbox.tokens.admin) => post(sandbox.url, '/api/e/attendee-list', fields, { token, encoding });

  it('returns records in the 2.14 shape, in purchase order', async () => {
    const setup = await eventWithTickets(encoding);
    const orderNos = placeOrders(setup, 3);
    const body = expectSuccess(await list({ eventId: setup.eventId, fromRecord: '0', toRecord: '50' }));
    expect(attendeeListResponse.safeParse(body).success).toBe(true);
    const records = body.attendee as Record<string, unknown>[];
    expect(records.map((record) => record.orderNo)).toEqual(orderNos);
    expect(records[0]).toMatchObject({
      orderNo: orderNos[0],
      orderCost: 1020,
      quantity: 2,
      status: 'success',
      paidBy: 'guest',
      paidTo: null,
      refundAmount: null,
      city: 'Pune',
      phoneNo: '99999',
      purchaseDate: { date: '2026-06-01 10:00:01', timezone_type: 3, timezone: 'UTC' },
      name: 'Buyer 1',
      email: 'buyer1@example.test',
      attendee: [
        {
          ticketName: 'General',
          ticketId: String(setup.general),
          name: 'Guest 1a',
          email: 'g1a@example.test',
          checkin: 'no',
          ticketNo: `${orderNos[0]}-1`,
          status: 'attending',
          details: [],
        },
        { name: 'Guest 1b', ticketNo: `${orderNos[0]}-2` },
      ],
    });
    expect((records[2].attendee as unknown[])[0]).toMatchObject({ ticketName: 'VIP', details: { Company: 'Acme' } });
  });

  it('pages 1-based inclusive: 0–50, 51–100, 101–150 return each order once; at most 50 a call', async () => {
    const setup = await eventWithTickets(encoding);
    const orderNos = placeOrders(setup, 120);
    const seen: unknown[] = [];
    for (const [from, to] of [
      [0, 50],
      [51, 100],
      [101, 150],
    ]) {
      const body = expectSuccess(await list({ eventId: setup.eventId, fromRecord: String(from), toRecord: String(to) }));
      seen.push(...(body.attendee as { orderNo: string }[]).map((record) => record.orderNo));
    }
    expect(seen).toEqual(orderNos);
    const long = expectSuccess(await list({ eventId: setup.eventId, fromRecord: '1', toRecord: '120' }));
    expect((long.attendee as unknown[]).length).toBe(50);
    const past = expectSuccess(await list({ eventId: setup.eventId, fromRecord: '500', toRecord: '550' }));
    expect(past.attendee).toEqual([]);
  });

  it('leaves generated, pending and failed orders out', async () => {
    const setup = await eventWithTickets(encoding);
    for (const status of ['generated', 'pending', 'fail'] as const) {
      insertOrder(sandbox.db, {
        eventId: Number(setup.eventId),
        status,
        buyer: { name: status, email: `${status}@example.test` },
        lines: [{ ticketId: setup.general, quantity: 1, unitPrice: 500 }],
        createdAt: clock.now(),
      });
    }
    const [confirmed] = placeOrders(setup, 1);
    const body = expectSuccess(await list({ eventId: setup.eventId, fromRecord: '0', toRecord: '50' }));
    expect((body.attendee as { orderNo: string }[]).map((record) => record.orderNo)).toEqual([confirmed]);
  });

  it("is read with the account holder's own token; E008 for another account's event; admin reads every event", async () => {
    const setup = await eventWithTickets(encoding);
    expectSuccess(await list({ eventId: setup.eventId, fromRecord: '0', toRecord: '50' }, sandbox.tokens.organizer));
    expectError(
      await list({ eventId: setup.eventId, fromRecord: '0', toRecord: '50' }, sandbox.mintToken('organizer', 'other-holder@example.test')),
      'E008',
      403,
    );
    expectSuccess(await list({ eventId: setup.eventId, fromRecord: '0', toRecord: '50' }));
    expectError(await list({ eventId: setup.eventId, fromRecord: '0', toRecord: '50' }, 'nope'), 'E001', 401);
  });

  it('refuses missing or non-numeric bounds (E002) and an unknown event (E007)', async () => {
    const setup = await eventWithTickets(encoding);
    expectError(await list({ eventId: setup.eventId, fromRecord: '0' }), 'E002', 400, 'toRecord');
    expectError(await list({ eventId: setup.eventId, fromRecord: 'first', toRecord: '50' }), 'E002', 400, 'fromRecord');
    expectError(await list({ eventId: setup.eventId, fromRecord: '-1', toRecord: '50' }), 'E002', 400, 'fromRecord');
    expectError(await list({ eventId: '31337', fromRecord: '0', toRecord: '50' }), 'E007', 404);
  });
});

describe('attendee-list batch positions', () => {
  it('counts as the contract says, and as the live service appears to with quirks', () => {
    expect(batchPositions(0, 50, false)).toEqual({ first: 1, last: 50 });
    expect(batchPositions(51, 100, false)).toEqual({ first: 51, last: 100 });
    expect(batchPositions(50, 100, false)).toEqual({ first: 50, last: 99 });
    expect(batchPositions(1, 500, false)).toEqual({ first: 1, last: 50 });
    expect(batchPositions(0, 50, true)).toEqual({ first: 1, last: 50 });
    expect(batchPositions(51, 100, true)).toEqual({ first: 52, last: 100 });
    expect(batchPositions(50, 100, true)).toEqual({ first: 51, last: 100 });
    expect(batchPositions(10, 5, true)).toEqual({ first: 11, last: 10 });
  });
});
