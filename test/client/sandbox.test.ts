// The client against the real sandbox over loopback HTTP (real SQLite): the organizer's
// E-endpoints end to end, the buyer's P-endpoints, the OAuth code flow, the service's own
// errors mapped to the hierarchy, and the sandbox's limits, faults and quirks exercising the
// retry policy and the tolerant parsing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/cli/framework/exit-codes.js';
import {
  AuthError,
  type BoxofficeClient,
  type ClientConfig,
  ConflictError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  createClient,
} from '../../src/client/index.js';
import { SANDBOX_CLIENT_CALLBACK, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, ORGANIZER_EMAIL, SANDBOX_PASSWORD } from '../../src/sandbox/fixtures.js';
import { type TestSandbox, startTestSandbox, useTestSandbox } from '../helpers/sandbox.js';
import { authorizeFormToken } from '../helpers/authorize.js';
import * as sample from './sample-requests.js';

function clientFor(sandbox: TestSandbox, overrides: Partial<ClientConfig> = {}): BoxofficeClient {
  return createClient({
    apiUrl: sandbox.url,
    publisherUrl: sandbox.url,
    authUrl: sandbox.url,
    token: sandbox.tokens.organizer,
    publisherKey: sandbox.tokens.publisher,
    env: {},
    sleep: async () => {},
    random: () => 0.5,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

function uniqueUrl(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

describe('organizer endpoints against the sandbox', () => {
  let sandbox: TestSandbox;
  let client: BoxofficeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = clientFor(sandbox);
  });
  afterAll(async () => {
    await client.close();
    await sandbox.close();
  });

  it('E1–E10: create, read back, update an event with its ticket and discount', async () => {
    const url = uniqueUrl('launch');
    const created = await client.events.createEvent({ ...sample.createEvent, url });
    expect(created).toMatchObject({ status: 'success', message: 'S001' });
    const eventId = created.eventId;

    const { event } = await client.events.getEvent({ eventId });
    expect(event.name).toBe('Launch night');
    expect(event.startDate.date).toMatch(/^2030-01-01 10:00/);

    const { events } = await client.events.getAllEvents();
    expect(events.map((e) => e.eventId)).toContain(eventId);

    const updated = await client.events.updateEvent({ ...sample.updateEvent, eventId, url });
    expect(updated).toMatchObject({ message: 'S002', eventId });
    expect((await client.events.getEvent({ eventId })).event.name).toBe('Launch night (moved)');

    const ticket = await client.events.addTicket({ ...sample.addTicket, eventId });
    expect(ticket.message).toBe('S003');
    const { tickets } = await client.events.getTickets({ eventId });
    expect(tickets.map((t) => String(t.id))).toContain(ticket.ticketId);

    const ticketUpdate = await client.events.updateTicket({ ...sample.updateTicket, eventId, ticketId: ticket.ticketId, quantity: 60 });
    expect(ticketUpdate).toMatchObject({ message: 'S003' });
    const after = (await client.events.getTickets({ eventId })).tickets.find((t) => String(t.id) === ticket.ticketId);
    expect(after?.quantity).toBe(60);

    const discount = await client.events.addDiscount({ ...sample.addDiscount, eventId, ticketId: ticket.ticketId });
    expect(discount.message).toBe('S004');
    const discountUpdate = await client.events.updateDiscount({ ...sample.updateDiscount, eventId, discountId: discount.discountId });
    expect(discountUpdate).toMatchObject({ message: 'S004', discountId: discount.discountId });

    const report = await client.events.getReport({ eventId });
    expect(report.status).toBe('success');
    expect(Array.isArray(report.tickets)).toBe(true);
  });

  it('the service refuses a taken url with E006 (ConflictError) and an unknown event with E007 (NotFoundError)', async () => {
    const url = uniqueUrl('taken');
    await client.events.createEvent({ ...sample.createEvent, url });
    const conflict = await failure(client.events.createEvent({ ...sample.createEvent, url }));
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ code: 'E006' });
    const missing = await failure(client.events.getEvent({ eventId: '999999' }));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: 'E007' });
  });

  it('an unknown token is E001 (AuthError, exit 3)', async () => {
    const stranger = clientFor(sandbox, { token: 'not-a-sandbox-token-123' });
    const error = await failure(stranger.events.getAllEvents());
    expect(error).toBeInstanceOf(AuthError);
    expect(exitCodeFor(error)).toBe(3);
    await stranger.close();
  });

  it("E11 takes the event's own account's token; another account gets E008 (PermissionError), the admin the list", async () => {
    const { eventId } = await client.events.createEvent({ ...sample.createEvent, url: uniqueUrl('admin') });
    expect(await client.events.attendeeList({ eventId, fromRecord: 0, toRecord: 50 })).toMatchObject({ status: 'success', attendee: [] });
    const other = clientFor(sandbox, { token: sandbox.mintToken('organizer', 'client-test-other@example.test') });
    const denied = await failure(other.events.attendeeList({ eventId, fromRecord: 0, toRecord: 50 }));
    await other.close();
    expect(denied).toBeInstanceOf(PermissionError);
    expect(exitCodeFor(denied)).toBe(3);
    const admin = clientFor(sandbox, { token: sandbox.tokens.admin });
    const list = await admin.events.attendeeList({ eventId, fromRecord: 0, toRecord: 50 });
    expect(list).toMatchObject({ status: 'success', attendee: [] });
    await admin.close();
  });

  it('E13 lists bookings by booking key', async () => {
    const response = await client.events.bookingList({ fromDate: '2030-01-01', toDate: '2030-01-31', bookingKey: sandbox.tokens.bookingKey });
    expect(response).toMatchObject({ status: 'success', bookings: [] });
  });

  it('E12 requestForm points at the sandbox /em/booking, which accepts the fields', async () => {
    const form = client.booking.requestForm({
      amount: 100,
      orderNo: uniqueUrl('MY'),
      bookingKey: sandbox.tokens.bookingKey,
      callbackUrl: 'http://127.0.0.1:9/back',
    });
    expect(form.action).toBe(`${sandbox.url}/em/booking`);
    const page = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Pay/);
  });
});

describe('buyer flow (Publisher API) against the sandbox', () => {
  let sandbox: TestSandbox;
  let organizer: BoxofficeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    organizer = clientFor(sandbox);
  });
  afterAll(async () => {
    await organizer.close();
    await sandbox.close();
  });

  it('cart, order, attendee form, save, confirm, details; then the admin sees the attendee', async () => {
    const { eventId } = await organizer.events.createEvent({ ...sample.createEvent, url: uniqueUrl('buy') });
    const { ticketId } = await organizer.events.addTicket({ ...sample.addTicket, eventId });
    const buyer = organizer.publisher;

    const details = await buyer.eventDetails({ eventId });
    expect(String(details.events.id)).toBe(eventId);
    const { tickets } = await buyer.ticketDetails({ eventId });
    expect(tickets.map((t) => String(t.id))).toContain(ticketId);

    const cart = { eventId: Number(eventId), tickets: [{ ticketId: Number(ticketId), quantity: 1 }] };
    const { cart: priced } = await buyer.cartCalculation(cart);
    expect(priced.price).toBe(100);
    const order = await buyer.generateOrder(cart);
    const form = await buyer.attendeeForm({ orderNo: order.orderNo });
    const fields = form.attendeeForm.attendee_1;
    expect(fields.map((f) => f.id)).toEqual(expect.arrayContaining(['default_1', 'default_2']));
    const answers = fields.map((f) => ({
      id: f.id,
      label: f.label,
      value: f.id === 'default_2' ? 'asha@example.test' : f.id === 'default_3' ? '9999999999' : 'Asha',
    }));
    await buyer.saveAttendee({ orderNo: order.orderNo, attendees: { attendee_1: answers } });
    const confirmed = await buyer.confirmOrder({ orderNo: order.orderNo, status: 'confirm', referenceNo: 'REF-1' });
    expect(confirmed.orderNo).toBe(order.orderNo);
    const orderDetails = await buyer.orderDetails({ orderNo: order.orderNo });
    expect(orderDetails.orderDetails.attendee[0].attendeeName).toBe('Asha');

    const admin = clientFor(sandbox, { token: sandbox.tokens.admin });
    const list = await admin.events.attendeeList({ eventId, fromRecord: 0, toRecord: 50 });
    expect(list.attendee.map((r) => r.orderNo)).toEqual([order.orderNo]);
    await admin.close();
  });

  it('P1–P4 catalogue and search answer in their documented shapes', async () => {
    const buyer = organizer.publisher;
    expect((await buyer.segments()).status).toBe('success');
    expect((await buyer.categories()).status).toBe('success');
    expect((await buyer.topics()).status).toBe('success');
    expect(Array.isArray((await buyer.searchEvents({ page: 1 })).events)).toBe(true);
  });
});

describe('OAuth code flow against the sandbox', () => {
  const sandbox = useTestSandbox();

  it('authorizeUrl → allow → exchangeCode gives a token that works; the code is single-use', async () => {
    const client = clientFor(sandbox, { token: undefined });
    const verifier = 'v'.repeat(43);
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(
      client.oauth.authorizeUrl({ clientId: SANDBOX_CLIENT_ID, state: 'st', redirectUri: SANDBOX_CLIENT_CALLBACK, codeChallenge: challenge }),
    );
    const consent = await fetch(authorize);
    expect(consent.status).toBe(200);

    const csrf_token = await authorizeFormToken(authorize.origin, Object.fromEntries(authorize.searchParams));
    const decision = new URLSearchParams({
      ...Object.fromEntries(authorize.searchParams),
      email: ORGANIZER_EMAIL,
      password: SANDBOX_PASSWORD,
      decision: 'allow',
      csrf_token,
    });
    const redirect = await fetch(`${authorize.origin}${authorize.pathname}`, { method: 'POST', body: decision, redirect: 'manual' });
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe('st');
    const code = location.searchParams.get('code') ?? '';

    const exchange = { clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET, code, redirectUri: SANDBOX_CLIENT_CALLBACK, codeVerifier: verifier };
    const token = await client.oauth.exchangeCode(exchange);
    expect(token.access_token.length).toBeGreaterThan(10);

    const loggedIn = clientFor(sandbox, { token: token.access_token });
    expect((await loggedIn.events.getAllEvents()).status).toBe('success');

    const again = await failure(client.oauth.exchangeCode(exchange));
    expect(again).toBeInstanceOf(AuthError);
    await Promise.all([client.close(), loggedIn.close()]);
  });
});

describe('sandbox modes exercising the client', () => {
  it('--limits realistic: a burst E023 waits out its Retry-After (injected sleep); past the daily quota it is exit 4', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const sandbox = await startTestSandbox({ limits: 'realistic', clock: { now: () => new Date(now) } });
    const sleeps: number[] = [];
    const client = clientFor(sandbox, {
      retry: { maxAttempts: 3, maxTotalWaitMs: 10_000 },
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    });
    try {
      // Burst limit (10 a second on the frozen clock): the 11th call waits the 1 s Retry-After.
      for (let i = 0; i < 11; i++) await client.events.getAllEvents();
      expect(sleeps).toEqual([1_000]);

      let error: unknown;
      for (let i = 0; i < 12 && error === undefined; i++) {
        error = await client.events.createEvent({ ...sample.createEvent, url: uniqueUrl('quota') }).then(
          () => undefined,
          (e: unknown) => e,
        );
      }
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(10_000);
      expect(exitCodeFor(error)).toBe(4);
    } finally {
      await client.close();
      await sandbox.close();
    }
  });

  it('--faults: injected E011, T005, 503 and resets on reads are retried until they succeed', async () => {
    const sandbox = await startTestSandbox({ faults: 'rate=0.5,kinds=E011+T005+503+reset,seed=7' });
    const retried: unknown[] = [];
    const client = clientFor(sandbox, { retry: { maxAttempts: 10 }, onRetry: ({ error }) => retried.push(error) });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await client.events.getAllEvents()).status).toBe('success');
      }
      expect(retried.length).toBeGreaterThan(0);
    } finally {
      await client.close();
      await sandbox.close();
    }
  });

  it('--quirks: numbers as text, keyed attendee objects and errors with HTTP 200 are read as documented', async () => {
    const sandbox = await startTestSandbox({ quirks: true });
    const organizer = clientFor(sandbox);
    const admin = clientFor(sandbox, { token: sandbox.tokens.admin });
    try {
      const { eventId } = await organizer.events.createEvent({ ...sample.createEvent, url: uniqueUrl('quirk') });
      expect(eventId).toMatch(/^E[A-Z]{5}$/);
      const { ticketId } = await organizer.events.addTicket({ ...sample.addTicket, eventId });
      expect(ticketId).toMatch(/^T[A-Z]{5}$/);
      const { tickets } = await organizer.events.getTickets({ eventId });
      expect(typeof tickets[0].quantity).toBe('number');
      expect(tickets[0].ticketId).toBe(ticketId);
      // The buyer side takes the numeric ids, which the organizer's lists give beside the codes.
      const { events } = await organizer.events.getAllEvents();
      const numericEvent = Number(events.find((event) => event.eventId === eventId)?.id);

      const cart = { eventId: numericEvent, tickets: [{ ticketId: tickets[0].id, quantity: 2 }] };
      const order = await organizer.publisher.generateOrder(cart);
      const form = await organizer.publisher.attendeeForm({ orderNo: order.orderNo });
      const attendees = Object.fromEntries(
        Object.entries(form.attendeeForm).map(([key, fields], index) => [
          key,
          fields.map((f) => ({
            id: f.id,
            label: f.label,
            value: f.id === 'default_2' ? `a${index}@example.test` : f.id === 'default_3' ? '9999999999' : `Guest ${index}`,
          })),
        ]),
      );
      await organizer.publisher.saveAttendee({ orderNo: order.orderNo, attendees });
      await organizer.publisher.confirmOrder({ orderNo: order.orderNo, status: 'confirm', referenceNo: 'R' });

      const list = await admin.events.attendeeList({ eventId, fromRecord: 0, toRecord: 50 });
      expect(list.attendee).toHaveLength(1);
      expect(typeof list.attendee[0].orderCost).toBe('number');
      // name is null for every attendee (the live service's 2020 list), the names in details.
      expect(list.attendee[0].attendee.map((a) => [a.name, (a.details as Record<string, string>)['First Name']])).toEqual([
        [null, 'Guest'],
        [null, 'Guest'],
      ]);

      const error = await failure(organizer.events.getEvent({ eventId: '999999' }));
      expect(error).toMatchObject({ code: 'E007', httpStatus: 200 });
    } finally {
      await Promise.all([organizer.close(), admin.close()]);
      await sandbox.close();
    }
  });
});
