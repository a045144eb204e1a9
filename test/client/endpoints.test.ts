// Every operation over real HTTP on loopback: the path, method, encoding and bearer header the
// server receives, and the parsed response the caller gets back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BoxofficeClient, createClient } from '../../src/client/index.js';
import { type FixtureServer, type RecordedRequest, startFixtureServer } from './fixture-server.js';
import * as sample from './sample-requests.js';

const TOKEN = 'organizer-token-0001';
const PUBLISHER_KEY = 'publisher-key-0001';

let server: FixtureServer;
let client: BoxofficeClient;

beforeAll(async () => {
  server = await startFixtureServer();
  client = createClient({ apiUrl: server.url, publisherUrl: `${server.url}/`, authUrl: server.url, token: TOKEN, publisherKey: PUBLISHER_KEY, env: {} });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

function only(): RecordedRequest {
  expect(server.requests).toHaveLength(1);
  return server.requests[0];
}

function expectMultipart(request: RecordedRequest, fields: Record<string, string>): void {
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(request.fields).toEqual(fields);
  expect([...request.query.keys()]).toEqual([]);
}

function dataParam(request: RecordedRequest): unknown {
  return JSON.parse(request.query.get('data') ?? 'null');
}

describe('Event & Registration API: multipart fields and the organizer token', () => {
  it('E1 create sends every given field, and nothing for the fields left out', async () => {
    const response = await client.events.createEvent(sample.createEvent);
    const request = only();
    expect(request.path).toBe('/api/e/create');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expectMultipart(request, {
      eventType: 'public',
      type: 'ticketing',
      eventTitle: 'Launch night',
      url: 'launch-night',
      segment: 'arts',
      category: 'music',
      topics: 'jazz',
      startDate: '2030-01-01',
      endDate: '2030-01-01',
      startTime: '10:00',
      endTime: '18:00',
      aboutEvent: '<p>Music & more</p>',
      listingImage: 'https://img.example.test/l.png',
      headerImage: 'https://img.example.test/h.png',
      contactInfo: 'org@example.test',
      city: 'Pune',
    });
    expect(response).toEqual({ status: 'success', message: 'S001', eventId: '101' });
  });

  it('E2 update', async () => {
    await client.events.updateEvent(sample.updateEvent);
    const request = only();
    expect(request.path).toBe('/api/e/update');
    expect(request.fields.eventId).toBe('101');
    expect(request.fields).not.toHaveProperty('segment');
  });

  it('E3 add ticket sends numbers as text and booleans as true/false', async () => {
    const response = await client.events.addTicket(sample.addTicket);
    expectMultipart(only(), {
      eventId: '101',
      ticketName: 'General',
      price: '100',
      currency: 'INR',
      quantity: '50',
      status: 'active',
      serviceFee: '2',
      allowCancellation: 'false',
      maxQuantity: '4',
    });
    expect(response.ticketId).toBe('201');
  });

  it('E3 add ticket sends a blank price (any amount) as an empty field', async () => {
    await client.events.addTicket({ ...sample.addTicket, price: '' });
    expect(only().fields.price).toBe('');
  });

  it('E4 update ticket', async () => {
    await client.events.updateTicket(sample.updateTicket);
    const request = only();
    expect(request.path).toBe('/api/e/update-ticket');
    expect(request.fields).toMatchObject({ ticketId: '201', status: 'pause', shippingCharge: '5', shippingChargeType: 'INR' });
  });

  it('E5 add discount', async () => {
    const response = await client.events.addDiscount(sample.addDiscount);
    expectMultipart(only(), { eventId: '101', ticketId: '201', discountCategory: 'code', discount: '10', discountType: 'percentage', code: 'EARLY10' });
    expect(response.discountId).toBe('301');
  });

  it('E6 update discount', async () => {
    await client.events.updateDiscount(sample.updateDiscount);
    expect(only().fields).toEqual({
      eventId: '101',
      discountId: '301',
      discountCategory: 'bulk',
      discount: '50',
      discountType: 'fixed',
      fromQuantity: '2',
      toQuantity: '5',
    });
  });

  it('E7 get event', async () => {
    const response = await client.events.getEvent({ eventId: '101' });
    expectMultipart(only(), { eventId: '101' });
    expect(response.event.startDate.date).toBe('2030-01-01 10:00:00');
    expect(response.event).toHaveProperty('isFree', null);
  });

  it('E7 takes a numeric id as its text', async () => {
    await client.events.getEvent({ eventId: 101 as unknown as string });
    expect(only().fields).toEqual({ eventId: '101' });
  });

  it('E8 get tickets', async () => {
    const response = await client.events.getTickets({ eventId: '101' });
    expect(only().path).toBe('/api/e/get-tickets');
    expect(response.tickets[0].typeName).toBe('General');
  });

  it('E9 get all events has no input fields', async () => {
    const response = await client.events.getAllEvents();
    expectMultipart(only(), {});
    expect(response.events[0].eventId).toBe('101');
  });

  it('E10 get report', async () => {
    const response = await client.events.getReport({ eventId: '101' });
    expect(only().path).toBe('/api/e/get-report');
    expect(response.tickets[0].platformFee).toBe(10);
  });

  it('E11 attendee list', async () => {
    const response = await client.events.attendeeList({ eventId: '101', fromRecord: 0, toRecord: 50 });
    expectMultipart(only(), { eventId: '101', fromRecord: '0', toRecord: '50' });
    expect(response.attendee[0].attendee[0].ticketNo).toBe('T1');
  });

  it('E13 booking list', async () => {
    const response = await client.events.bookingList({ fromDate: '2030-01-01', toDate: '2030-01-31', bookingKey: 'booking-key-1' });
    const request = only();
    expect(request.path).toBe('/api/e/get-booking-list');
    expectMultipart(request, { fromDate: '2030-01-01', toDate: '2030-01-31', bookingKey: 'booking-key-1' });
    expect(response.bookings[0].orderNo).toBe('B1');
  });
});

describe('Publisher API: per-endpoint encodings and the publisher key', () => {
  it('P1 segments: form fields', async () => {
    const response = await client.publisher.segments({ eventType: 'public', type: 'ticketing' });
    const request = only();
    expect(request.path).toBe('/publisher/segments');
    expect(request.headers.authorization).toBe(`Bearer ${PUBLISHER_KEY}`);
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.fields).toEqual({ eventType: 'public', type: 'ticketing' });
    expect(response.segments[0].category[0].topics[0].topicId).toBe('jazz');
  });

  it('P2 categories and P3 topics: POST without input', async () => {
    expect((await client.publisher.categories()).categories).toEqual({ music: 'Music' });
    expect((await client.publisher.topics()).topics).toEqual({ arts: ['Jazz'] });
    expect(server.requests.map((r) => [r.method, r.path, r.rawBody.length])).toEqual([
      ['POST', '/publisher/categories', 0],
      ['POST', '/publisher/topics', 0],
    ]);
  });

  it('P4 events: form fields, numbers as text', async () => {
    const response = await client.publisher.searchEvents({
      keyword: 'jazz night',
      price: 'paid',
      fromDate: '2030-01-01',
      toDate: '2030-02-01',
      fromPrice: 0,
      toPrice: 500,
      sortBy: 'latest',
      page: 2,
    });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.fields).toEqual({
      keyword: 'jazz night',
      price: 'paid',
      fromDate: '2030-01-01',
      toDate: '2030-02-01',
      fromPrice: '0',
      toPrice: '500',
      sortBy: 'latest',
      page: '2',
    });
    expect(response.events[0].minPrice).toBe('100');
  });

  it('P5 event details and P6 ticket details: GET query parameters', async () => {
    const details = await client.publisher.eventDetails({ eventId: '101' });
    const tickets = await client.publisher.ticketDetails({ eventId: 101 });
    expect(server.requests.map((r) => [r.method, r.path, r.query.toString(), r.rawBody.length])).toEqual([
      ['GET', '/publisher/event-details', 'eventId=101', 0],
      ['GET', '/publisher/ticket-details', 'eventId=101', 0],
    ]);
    expect(details.events.title).toBe('Launch');
    expect(tickets.tickets[0].name).toBe('General');
  });

  it('P7 cart calculation: data as URL-encoded JSON in the query string, no body', async () => {
    const response = await client.publisher.cartCalculation(sample.cart);
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/publisher/cart-calculation');
    expect(dataParam(request)).toEqual(sample.cart);
    expect(request.rawBody.length).toBe(0);
    expect(response.cart.grandTotal).toBe(205);
  });

  it('P7 fills in an empty discountCode', async () => {
    await client.publisher.cartCalculation({ eventId: 101, tickets: [{ ticketId: 201, quantity: 1 }] });
    expect(dataParam(only())).toEqual({ eventId: 101, tickets: [{ ticketId: 201, quantity: 1, discountCode: '' }] });
  });

  it('P8 generate order: data in the query string plus an empty multipart body', async () => {
    const response = await client.publisher.generateOrder(sample.cart);
    const request = only();
    expect(dataParam(request)).toEqual(sample.cart);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.fields).toEqual({});
    expect(response.orderNo).toBe('ORD1');
  });

  it('P9 attendee form: multipart', async () => {
    const response = await client.publisher.attendeeForm({ orderNo: 'ORD1' });
    expectMultipart(only(), { orderNo: 'ORD1' });
    expect(response.attendeeForm.attendee_1[1].id).toBe('default_2');
  });

  it('P10 save attendee: data in the query string', async () => {
    await client.publisher.saveAttendee(sample.attendees);
    const request = only();
    expect(request.path).toBe('/publisher/save-attendee');
    expect(dataParam(request)).toEqual(sample.attendees);
  });

  it('P11 confirm order and P12 order details: multipart', async () => {
    await client.publisher.confirmOrder({ orderNo: 'ORD1', status: 'confirm', referenceNo: 'REF-9' });
    const details = await client.publisher.orderDetails({ orderNo: 'ORD1' });
    expect(server.requests.map((r) => [r.path, r.fields])).toEqual([
      ['/publisher/confirm-order', { orderNo: 'ORD1', status: 'confirm', referenceNo: 'REF-9' }],
      ['/publisher/order-details', { orderNo: 'ORD1' }],
    ]);
    expect(details.orderDetails.attendee[0].additionalInfo).toEqual({ Name: 'A' });
  });
});

describe('OAuth and the booking form', () => {
  it('authorizeUrl carries response_type, client_id, state, redirect_uri and the S256 challenge', () => {
    const url = new URL(
      client.oauth.authorizeUrl({ clientId: 'boxoffice-cli', state: 'st4te', redirectUri: 'http://127.0.0.1:8976/callback', codeChallenge: 'ch4llenge' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/a/account/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'boxoffice-cli',
      state: 'st4te',
      redirect_uri: 'http://127.0.0.1:8976/callback',
      code_challenge: 'ch4llenge',
      code_challenge_method: 'S256',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('exchangeCode posts the form fields without a bearer and reads the token', async () => {
    const token = await client.oauth.exchangeCode({
      clientId: 'boxoffice-cli',
      clientSecret: 'sandbox-client-secret',
      code: 'auth-code-1',
      redirectUri: 'http://127.0.0.1:8976/callback',
      codeVerifier: 'verifier-1',
    });
    const request = only();
    expect(request.path).toBe('/a/account/oauth/token');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.fields).toEqual({
      client_id: 'boxoffice-cli',
      client_secret: 'sandbox-client-secret',
      grant_type: 'authorization_code',
      code: 'auth-code-1',
      redirect_uri: 'http://127.0.0.1:8976/callback',
      code_verifier: 'verifier-1',
    });
    expect(token).toMatchObject({ access_token: 'issued-access-token-123', token_type: 'Bearer', expires_in: 7_776_000 });
  });

  it('requestForm gives the /em/booking action and the fields as text, defaults applied, nothing sent', () => {
    const form = client.booking.requestForm({
      amount: 250.5,
      orderNo: 'MY-1',
      bookingKey: 'booking-key-1',
      callbackUrl: 'http://127.0.0.1:9000/back',
      name: 'Asha',
    });
    expect(form).toEqual({
      action: `${server.url}/em/booking`,
      fields: {
        amount: '250.5',
        orderNo: 'MY-1',
        name: 'Asha',
        bookingKey: 'booking-key-1',
        callbackUrl: 'http://127.0.0.1:9000/back',
        currency: 'INR',
        pg: 'pg2',
      },
    });
    expect(server.requests).toHaveLength(0);
  });
});
