// Real-world tolerance (cli-contract): what the live service is seen to send is read as well as
// what the reference documents. Checked through the client over loopback HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxofficeClient, InvalidRequestError, createClient } from '../../src/client/index.js';
import { type FixtureServer, startFixtureServer } from './fixture-server.js';

let server: FixtureServer;
let client: BoxofficeClient;

beforeAll(async () => {
  server = await startFixtureServer();
  client = createClient({
    apiUrl: server.url,
    publisherUrl: server.url,
    authUrl: server.url,
    token: 'token-tolerance-1',
    publisherKey: 'key-tolerance-1',
    env: {},
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const purchaseDate = { date: '2029-12-05 12:00:00', timezone_type: '3', timezone: 'Asia/Kolkata' };

function record(orderNo: string, attendee: unknown) {
  return {
    orderNo,
    orderCost: '200.50',
    quantity: '2',
    status: 'success',
    paidBy: 'guest',
    paidTo: null,
    refundAmount: null,
    city: 'Pune',
    state: null,
    country: 'India',
    address: null,
    zipcode: 411001,
    phoneNo: 99,
    purchaseDate,
    name: 'Buyer',
    email: 'b@example.test',
    attendee,
  };
}

const entry = (ticketNo: string, details: unknown) => ({
  ticketName: 'General',
  ticketId: 201,
  name: 'A',
  email: 'a@example.test',
  checkin: 'no',
  ticketNo,
  status: 'attending',
  details,
});

describe('attendee list (E11)', () => {
  it("keeps an order's amounts as sent (numeric text stays text for the export), ids as text", async () => {
    server.enqueue('/api/e/attendee-list', { body: { status: 'success', attendee: [record('O1', [entry('T1', [])])] } });
    const { attendee } = await client.events.attendeeList({ eventId: '1', fromRecord: 0, toRecord: 50 });
    expect(attendee[0].orderCost).toBe('200.50');
    expect(attendee[0].quantity).toBe('2');
    expect(attendee[0].purchaseDate?.timezone_type).toBe(3);
    expect(attendee[0].attendee[0].ticketId).toBe('201');
    expect(attendee[0].zipcode).toBe(411001);
  });

  it('reads `attendee` as an object keyed by batch position, in position order', async () => {
    server.enqueue('/api/e/attendee-list', {
      body: { status: 'success', attendee: { '10': record('O10', [entry('T3', [])]), '2': record('O2', { '0': entry('T1', []), '1': entry('T2', []) }) } },
    });
    const { attendee } = await client.events.attendeeList({ eventId: '1', fromRecord: 0, toRecord: 50 });
    expect(attendee.map((r) => r.orderNo)).toEqual(['O2', 'O10']);
    expect(attendee[0].attendee.map((a) => a.ticketNo)).toEqual(['T1', 'T2']);
  });

  it('reads `details` as [] or as an object of answers', async () => {
    server.enqueue('/api/e/attendee-list', {
      body: { status: 'success', attendee: [record('O1', [entry('T1', []), entry('T2', { 'T-shirt size': 'M', Age: 30 })])] },
    });
    const { attendee } = await client.events.attendeeList({ eventId: '1', fromRecord: 0, toRecord: 50 });
    expect(attendee[0].attendee[0].details).toEqual([]);
    expect(attendee[0].attendee[1].details).toEqual({ 'T-shirt size': 'M', Age: 30 });
  });

  it('reads an empty batch sent as null, [] or {}', async () => {
    for (const empty of [null, [], {}]) {
      server.enqueue('/api/e/attendee-list', { body: { status: 'success', attendee: empty } });
      const { attendee } = await client.events.attendeeList({ eventId: '1', fromRecord: 51, toRecord: 100 });
      expect(attendee).toEqual([]);
    }
  });

  it('keeps fields it does not know', async () => {
    server.enqueue('/api/e/attendee-list', { body: { status: 'success', total: '3', attendee: [{ ...record('O1', []), coupon: 'X' }] } });
    const response = await client.events.attendeeList({ eventId: '1', fromRecord: 0, toRecord: 50 });
    expect(response).toMatchObject({ total: '3' });
    expect(response.attendee[0]).toMatchObject({ coupon: 'X' });
  });
});

describe('other numeric strings and shapes', () => {
  it('ticket and report numbers as strings', async () => {
    server.enqueue('/api/e/get-report', {
      body: {
        status: 'success',
        amount: '1200.00',
        platformFee: '30',
        cancel: '0',
        tickets: { '0': { ticketId: 201, ticketName: 'General', tickets: '12', platformFee: '30', cancel: '0' } },
      },
    });
    const report = await client.events.getReport({ eventId: '1' });
    expect(report.amount).toBe(1200);
    expect(report.tickets).toEqual([{ ticketId: '201', ticketName: 'General', tickets: 12, platformFee: 30, cancel: 0 }]);
  });

  it('cart numbers and codeApplied as strings', async () => {
    server.enqueue('/publisher/cart-calculation', {
      body: { status: 'success', cart: { price: '200', discount: '0', processingFee: '4.5', serviceTax: '1', grandTotal: '205.5', codeApplied: 'false' } },
    });
    const { cart } = await client.publisher.cartCalculation({ eventId: 1, tickets: [{ ticketId: 2, quantity: 2 }] });
    expect(cart).toEqual({ price: 200, discount: 0, processingFee: 4.5, serviceTax: 1, grandTotal: 205.5, codeApplied: false });
  });

  it('ids sent as numbers where the reference shows text', async () => {
    server.enqueue('/api/e/create', { body: { status: 'success', message: 'S001', eventId: 555 } });
    const response = await client.events.createEvent({
      eventType: 'public',
      type: 'rsvp',
      eventTitle: 'T',
      url: 'u',
      segment: 's',
      category: 'other',
      startDate: '2030-01-01',
      endDate: '2030-01-02',
      startTime: '10:00',
      endTime: '10:00',
      aboutEvent: 'a',
      listingImage: 'l',
      headerImage: 'h',
      contactInfo: 'c',
    });
    expect(response.eventId).toBe('555');
  });

  it('an error body with HTTP 200 is an error, not a success', async () => {
    server.enqueue('/api/e/get-tickets', { status: 200, body: { status: 'error', message: 'E007' } });
    await expect(client.events.getTickets({ eventId: '404' })).rejects.toMatchObject({ code: 'E007', httpStatus: 200 });
    server.enqueue('/api/e/add-ticket', { status: 200, body: { status: 'error', message: 'E013', field: 'quantity' } });
    await expect(
      client.events.addTicket({
        eventId: '1',
        ticketName: 'x',
        price: 1,
        currency: 'INR',
        quantity: 1,
        status: 'active',
        serviceFee: 1,
        allowCancellation: true,
      }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
  });
});
