// The transport's behaviour over real loopback HTTP: validation before sending, the plain-http
// rule, error bodies (also with HTTP 200), retries with injected sleep, the rule that a create
// whose outcome is unknown is not repeated, proxies from the injected environment, and traces
// that never show a secret.
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/cli/framework/exit-codes.js';
import {
  AuthError,
  type BoxofficeClient,
  type ClientConfig,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  NotLoggedInError,
  PermissionError,
  RateLimitError,
  ResponseShapeError,
  UsageError,
  createClient,
} from '../../src/client/index.js';
import { type FixtureProxy, type FixtureServer, startFixtureProxy, startFixtureServer } from './fixture-server.js';
import * as sample from './sample-requests.js';

const TOKEN = 'organizer-token-secret-0001';
const PUBLISHER_KEY = 'publisher-key-secret-0001';

let server: FixtureServer;
let clients: BoxofficeClient[] = [];
let sleeps: number[];
let retries: Array<{ attempt: number; delayMs: number; error: unknown }>;
let trace: string[];

beforeEach(async () => {
  server = await startFixtureServer();
  sleeps = [];
  retries = [];
  trace = [];
});
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
  await server.close();
});

function makeClient(overrides: Partial<ClientConfig> = {}): BoxofficeClient {
  const client = createClient({
    apiUrl: server.url,
    publisherUrl: server.url,
    authUrl: server.url,
    token: TOKEN,
    publisherKey: PUBLISHER_KEY,
    env: {},
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onRetry: (info) => retries.push(info),
    trace: (line) => trace.push(line),
    retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000, maxTotalWaitMs: 10_000 },
    ...overrides,
  });
  clients.push(client);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('validation before sending', () => {
  it('a bad field is a UsageError naming it, and nothing reaches the network', async () => {
    const error = await failure(makeClient().events.createEvent({ ...sample.createEvent, startTime: '25:00' }));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('startTime: expected a time as HH:MM (24-hour)');
    expect((error as UsageError).field).toBe('startTime');
    expect(exitCodeFor(error)).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('a missing field is named as required', async () => {
    const { eventTitle: _omitted, ...withoutTitle } = sample.createEvent;
    const error = await failure(makeClient().events.createEvent(withoutTitle as typeof sample.createEvent));
    expect((error as UsageError).message).toBe('eventTitle: is required');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['category', { category: 'cooking' }, /^category: expected one of business, technology/],
    ['endDate', { endDate: '2029-12-31' }, /^endDate: end date-time must be later than start date-time$/],
    ['startDate', { startDate: '2030-02-30' }, /^startDate: not a calendar date$/],
    ['startDate', { startDate: '30-02-2030' }, /^startDate: expected a date as yyyy-mm-dd$/],
  ])('%s', async (_field, change, message) => {
    const error = await failure(makeClient().events.createEvent({ ...sample.createEvent, ...change } as typeof sample.createEvent));
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it('the conditional discount rules: a code discount needs code, a bulk one both quantities', async () => {
    const client = makeClient();
    const noCode = await failure(client.events.addDiscount({ ...sample.addDiscount, code: undefined }));
    expect((noCode as Error).message).toBe('code: required for a code discount');
    const bulk = await failure(client.events.addDiscount({ ...sample.addDiscount, discountCategory: 'bulk', fromQuantity: 2 }));
    expect((bulk as Error).message).toBe('toQuantity: required for a bulk discount');
    expect(server.requests).toHaveLength(0);
  });

  it('nested fields are named by their path', async () => {
    const error = await failure(makeClient().publisher.cartCalculation({ eventId: 101, tickets: [{ ticketId: 201, quantity: -1 }] }));
    expect((error as Error).message).toBe('tickets[0].quantity: expected 0 or more');
    expect(server.requests).toHaveLength(0);
  });

  it('the booking form checks the text limits of §8', () => {
    const client = makeClient();
    expect(() => client.booking.requestForm({ amount: 1, orderNo: 'A', bookingKey: 'k', callbackUrl: 'http://127.0.0.1/x', phoneNo: '1'.repeat(31) })).toThrow(
      'phoneNo: must be at most 30 characters',
    );
    expect(() => client.booking.requestForm({ amount: 1, orderNo: 'A', bookingKey: 'k', callbackUrl: 'http://127.0.0.1/x', pg: 'pg3' as 'pg1' })).toThrow(
      /^pg: expected one of pg1, pg2$/,
    );
  });

  it('OAuth inputs are named as the caller wrote them', () => {
    expect(() => makeClient().oauth.authorizeUrl({ clientId: '', state: 's' })).toThrow('clientId: must not be empty');
  });
});

describe('credentials', () => {
  it('no token: NotLoggedInError (exit 3), nothing sent', async () => {
    const error = await failure(makeClient({ token: undefined }).events.getAllEvents());
    expect(error).toBeInstanceOf(NotLoggedInError);
    expect(exitCodeFor(error)).toBe(3);
    expect(server.requests).toHaveLength(0);
  });

  it('no publisher key: NotLoggedInError naming the missing credential (the CLI says how to set it)', async () => {
    const error = await failure(makeClient({ publisherKey: undefined }).publisher.categories());
    expect(error).toBeInstanceOf(NotLoggedInError);
    expect((error as NotLoggedInError).missingCredential).toBe('publisherKey');
    expect((error as Error).message).toBe('no Publisher API key');
  });

  it('refuses to send a token over plain http to a non-loopback host, naming the URL', async () => {
    const client = makeClient({ apiUrl: 'http://api.example.test', publisherUrl: 'http://10.1.2.3:8080' });
    const error = await failure(client.events.getAllEvents());
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(
      /^refusing to send a token over plain http to http:\/\/api\.example\.test\/api\/e\/get-all-events: use https:\/\//,
    );
    expect(await failure(client.publisher.categories())).toBeInstanceOf(UsageError);
    expect(() => client.booking.requestForm({ amount: 1, orderNo: 'A', bookingKey: 'k', callbackUrl: 'http://127.0.0.1/x' })).toThrow(
      /refusing to send a booking key/,
    );
  });

  it('allows plain http to every loopback spelling', async () => {
    const client = makeClient({ apiUrl: `http://localhost:${server.port}` });
    await client.events.getAllEvents();
    expect(server.requests).toHaveLength(1);
  });

  it('an unusable base URL is a UsageError naming the setting', async () => {
    const error = await failure(makeClient({ apiUrl: 'not a url' }).events.getAllEvents());
    expect((error as Error).message).toBe('apiUrl: expected an absolute http(s) URL, got "not a url"');
  });
});

describe('error bodies', () => {
  it('an error body with HTTP 200 is an error, with its field', async () => {
    server.enqueue('/api/e/create', { status: 200, body: { status: 'error', message: 'E002', description: 'mandatory fields missing', field: 'eventTitle' } });
    const error = await failure(makeClient().events.createEvent(sample.createEvent));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'E002', httpStatus: 200, field: 'eventTitle' });
    expect((error as Error).message).toBe('error E002: mandatory fields missing: eventTitle');
    expect(exitCodeFor(error)).toBe(1);
  });

  it('maps the code to its class whatever the HTTP status', async () => {
    server.enqueue('/api/e/get-event', { status: 404, body: { status: 'error', message: 'E007' } });
    server.enqueue('/api/e/get-event', { status: 401, body: { status: 'error', message: 'E001' } });
    const client = makeClient();
    const notFound = await failure(client.events.getEvent({ eventId: '9' }));
    expect(notFound).toBeInstanceOf(NotFoundError);
    const auth = await failure(client.events.getEvent({ eventId: '9' }));
    expect(auth).toBeInstanceOf(AuthError);
    expect(exitCodeFor(auth)).toBe(3);
  });

  it('keeps the raw body on the error', async () => {
    const body = { status: 'error', message: 'E012', extra: [1, 2] };
    server.enqueue('/api/e/update-ticket', { status: 400, body });
    const error = await failure(makeClient().events.updateTicket(sample.updateTicket));
    expect((error as NotFoundError).raw).toEqual(body);
  });

  it('a non-JSON error page is an error by its HTTP status', async () => {
    server.enqueue('/api/e/get-event', { status: 400, body: '<html>Bad Request</html>' });
    const error = await failure(makeClient().events.getEvent({ eventId: '1' }));
    expect(error).toMatchObject({ code: 'HTTP 400', httpStatus: 400 });
  });

  it('an OAuth error body maps to AuthError', async () => {
    server.enqueue('/a/account/oauth/token', { status: 400, body: { error: 'invalid_grant', error_description: 'code expired' } });
    const error = await failure(makeClient().oauth.exchangeCode({ clientId: 'c', clientSecret: 'secret-value-1', code: 'code-value-1' }));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toBe('error invalid_grant: code expired');
  });

  it('a success body of the wrong shape is a ResponseShapeError naming the path', async () => {
    server.enqueue('/api/e/create', { body: { status: 'success', message: 'S001' } });
    const error = await failure(makeClient().events.createEvent(sample.createEvent));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(/^create event: unexpected response: eventId:/);
  });

  it('a 200 that is not JSON is a ResponseShapeError', async () => {
    server.enqueue('/api/e/get-all-events', { status: 200, body: 'maintenance' });
    const error = await failure(makeClient().events.getAllEvents());
    expect(error).toBeInstanceOf(ResponseShapeError);
  });
});

describe('onAnswer', () => {
  const range = { eventId: '101', fromRecord: 0, toRecord: 50 };

  it('is called once, for the answer the call keeps: after a retried attempt, not for the refusal before it', async () => {
    server.enqueue('/api/e/attendee-list', { status: 429, headers: { 'retry-after': '1' }, body: { status: 'error', message: 'E023' } });
    const requestsSeen: number[] = [];
    const response = await makeClient().events.attendeeList(range, { onAnswer: () => requestsSeen.push(server.requestsTo('/api/e/attendee-list').length) });
    expect(response.status).toBe('success');
    expect(requestsSeen).toEqual([2]);
  });

  it('is called before the body is checked: a body of the wrong shape is answered, then a ResponseShapeError', async () => {
    server.enqueue('/api/e/attendee-list', { body: { status: 'success', attendee: 'not a list' } });
    const events: string[] = [];
    const error = await failure(makeClient().events.attendeeList(range, { onAnswer: () => events.push('answered') }));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(events).toEqual(['answered']);
  });

  it('is not called when the call ends with an error body', async () => {
    server.enqueue('/api/e/attendee-list', { body: { status: 'error', message: 'E008', description: 'not your event' } });
    let answered = 0;
    const error = await failure(makeClient().events.attendeeList(range, { onAnswer: () => (answered += 1) }));
    expect(error).toBeInstanceOf(PermissionError);
    expect(answered).toBe(0);
  });
});

describe('retries', () => {
  it('retries E023 after the Retry-After seconds, and succeeds', async () => {
    server.enqueue('/api/e/get-all-events', { status: 429, headers: { 'retry-after': '3' }, body: { status: 'error', message: 'E023' } });
    const response = await makeClient().events.getAllEvents();
    expect(response.status).toBe('success');
    expect(server.requestsTo('/api/e/get-all-events')).toHaveLength(2);
    expect(sleeps).toEqual([3_000]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 3_000 });
    expect(retries[0].error).toBeInstanceOf(RateLimitError);
  });

  it('reads an HTTP-date Retry-After against the injected clock', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    server.enqueue('/api/e/get-all-events', {
      status: 503,
      headers: { 'retry-after': 'Tue, 01 Jan 2030 00:00:07 GMT' },
      body: { status: 'error', message: 'T005' },
    });
    await makeClient({ now: () => now }).events.getAllEvents();
    expect(sleeps).toEqual([7_000]);
  });

  it.each([
    ['E011', 200],
    ['T005', 503],
    ['T006', 200],
  ])('retries %s (HTTP %i) with backoff', async (code, status) => {
    server.enqueue('/api/e/get-event', { status, body: { status: 'error', message: code } }, { status, body: { status: 'error', message: code } });
    await makeClient().events.getEvent({ eventId: '101' });
    expect(server.requestsTo('/api/e/get-event')).toHaveLength(3);
    expect(sleeps).toEqual([50, 100]);
  });

  it.each([502, 503, 504])('retries a bare HTTP %i on a read', async (status) => {
    server.enqueue('/api/e/get-tickets', { status, body: '<html>gateway</html>' });
    await makeClient().events.getTickets({ eventId: '101' });
    expect(server.requestsTo('/api/e/get-tickets')).toHaveLength(2);
  });

  it('gives up after maxAttempts with the last error: still rate limited is exit 4', async () => {
    const limited = { status: 429, body: { status: 'error', message: 'E023' } };
    server.enqueue('/api/e/get-all-events', limited, limited, limited, limited, limited);
    const error = await failure(makeClient().events.getAllEvents());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(exitCodeFor(error)).toBe(4);
    expect(server.requestsTo('/api/e/get-all-events')).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
  });

  it('gives up at once when Retry-After is beyond the total wait cap', async () => {
    server.enqueue('/api/e/get-all-events', { status: 429, headers: { 'retry-after': '3600' }, body: { status: 'error', message: 'E023' } });
    const error = await failure(makeClient().events.getAllEvents());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a validation error from the service', async () => {
    server.enqueue('/api/e/create', { status: 400, body: { status: 'error', message: 'E006' } });
    await failure(makeClient().events.createEvent(sample.createEvent));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a read whose connection dropped after sending', async () => {
    server.enqueue('/api/e/get-event', { drop: true });
    const response = await makeClient().events.getEvent({ eventId: '101' });
    expect(response.event.id).toBe(101);
    expect(server.requestsTo('/api/e/get-event')).toHaveLength(2);
  });

  it.each([
    ['create event', (c: BoxofficeClient) => c.events.createEvent(sample.createEvent), '/api/e/create', /\(list the account's events\)/],
    ['add ticket', (c: BoxofficeClient) => c.events.addTicket(sample.addTicket), '/api/e/add-ticket', /\(list the tickets of event 101\)/],
    ['add discount', (c: BoxofficeClient) => c.events.addDiscount(sample.addDiscount), '/api/e/add-discount', /ticket details of event 101 list them/],
    ['generate order', (c: BoxofficeClient) => c.publisher.generateOrder(sample.cart), '/publisher/generate-order', /new, separate order/],
    [
      'confirm order',
      (c: BoxofficeClient) => c.publisher.confirmOrder({ orderNo: 'ORD1', status: 'confirm', referenceNo: 'R' }),
      '/publisher/confirm-order',
      /order details call/,
    ],
  ])('%s is not repeated when the connection drops after sending: outcome unknown', async (operation, call, path, hint) => {
    // Named in words: the reference's numbers (E1, P8) never reach a message.
    server.enqueue(path, { drop: true });
    const error = await failure(call(makeClient()));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveTakenEffect).toBe(true);
    expect((error as Error).message).toContain(`${operation}: the connection to ${server.url} broke`);
    expect((error as Error).message).toMatch(/the outcome is unknown and it was not repeated automatically/);
    expect((error as Error).message).toMatch(hint);
    // A library names no command of the CLI; the CLI's error formatting adds its own.
    expect((error as Error).message).not.toMatch(/boxoffice /);
    expect((error as ConnectionError).recheck?.hint).toMatch(hint);
    expect(server.requestsTo(path)).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(exitCodeFor(error)).toBe(1);
  });

  it('a read that gets no answer within headersMs times out and is retried', async () => {
    server.enqueue('/api/e/get-event', { hang: true });
    // Generous enough that the second, immediate answer never misses it on a loaded machine.
    const response = await makeClient({ timeouts: { headersMs: 1_000 } }).events.getEvent({ eventId: '101' });
    expect(response.status).toBe('success');
    expect(server.requestsTo('/api/e/get-event')).toHaveLength(2);
    expect(retries).toHaveLength(1);
  });

  it('a create that gets no answer within headersMs is an unknown outcome, not repeated', async () => {
    server.enqueue('/api/e/add-ticket', { hang: true });
    const error = await failure(makeClient({ timeouts: { headersMs: 150 } }).events.addTicket(sample.addTicket));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/UND_ERR_HEADERS_TIMEOUT\) after the request was sent, so the outcome is unknown/);
    expect(server.requestsTo('/api/e/add-ticket')).toHaveLength(1);
  });

  it('a create answered by a bare gateway 504 is an unknown outcome too', async () => {
    server.enqueue('/api/e/create', { status: 504, body: '<html>Gateway Timeout</html>' });
    const error = await failure(makeClient().events.createEvent(sample.createEvent));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/HTTP 504 without the service's reply/);
    expect(server.requests).toHaveLength(1);
  });

  it('a refused connection on this machine (nothing listening) is reported at once as not sent, not retried', async () => {
    const closedPort = await freePort();
    const client = makeClient({ apiUrl: `http://127.0.0.1:${closedPort}` });
    const error = await failure(client.events.createEvent(sample.createEvent));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveTakenEffect).toBe(false);
    expect((error as ConnectionError).origin).toBe(`http://127.0.0.1:${closedPort}`);
    expect((error as Error).message).toBe(`could not connect to http://127.0.0.1:${closedPort} (ECONNREFUSED): create event not completed`);
    expect(sleeps).toEqual([]);
    expect(retries).toEqual([]);
  });

  it('a create answered with E011 is retried: the service said it failed', async () => {
    server.enqueue('/api/e/create', { body: { status: 'error', message: 'E011' } });
    const response = await makeClient().events.createEvent(sample.createEvent);
    expect(response.eventId).toBe('101');
    expect(server.requestsTo('/api/e/create')).toHaveLength(2);
  });

  it('cancels a request in flight when the signal is aborted (Ctrl-C), and only that client', async () => {
    const controller = new AbortController();
    const held = new Promise<void>((resolve) => server.enqueue('/api/e/get-all-events', { hang: true, held: resolve }));
    const client = makeClient({ signal: controller.signal });
    const pending = failure(client.events.getAllEvents());
    await held;
    controller.abort();
    const error = await pending;
    expect((error as Error).name).toBe('CancelledError');
    expect(exitCodeFor(error)).toBe(130);
    expect(sleeps).toEqual([]);
    // Another client with a live signal is not affected.
    expect((await makeClient({ signal: new AbortController().signal }).events.getAllEvents()).events).toBeDefined();
  });

  it('stops waiting when the signal is aborted', async () => {
    const controller = new AbortController();
    server.enqueue('/api/e/get-all-events', { status: 503, body: { status: 'error', message: 'T005' } });
    const client = makeClient({
      signal: controller.signal,
      sleep: async () => {
        controller.abort();
        throw new Error('aborted');
      },
    });
    const error = await failure(client.events.getAllEvents());
    expect((error as Error).name).toBe('CancelledError');
    expect(exitCodeFor(error)).toBe(130);
    expect(server.requests).toHaveLength(1);
  });
});

describe('trace', () => {
  it('prints method, URL, status, duration and bodies, with every secret redacted', async () => {
    await makeClient().events.bookingList({ fromDate: '2030-01-01', toDate: '2030-01-31', bookingKey: 'booking-key-secret-1' });
    await makeClient().oauth.exchangeCode({
      clientId: 'boxoffice-cli',
      clientSecret: 'sandbox-client-secret',
      code: 'auth-code-secret',
      codeVerifier: 'verifier-secret-1',
    });
    const text = trace.join('\n');
    expect(text).toMatch(new RegExp(`--> POST ${server.url}/api/e/get-booking-list`));
    expect(text).toMatch(/<-- 200 POST http:\/\/127\.0\.0\.1:\d+\/api\/e\/get-booking-list \(\d+ ms\)/);
    expect(text).toContain('"authorization":"Bearer [REDACTED]"');
    expect(text).toContain('"bookingKey":"[REDACTED]"');
    expect(text).toContain('"fromDate":"2030-01-01"');
    expect(text).toContain('"client_secret":"[REDACTED]"');
    expect(text).toContain('"access_token":"[REDACTED]"');
    expect(text).toContain('"orderNo":"B1"');
    for (const secret of [TOKEN, 'booking-key-secret-1', 'sandbox-client-secret', 'auth-code-secret', 'verifier-secret-1', 'issued-access-token-123']) {
      expect(text).not.toContain(secret);
    }
  });

  it('an error carries no secret either', async () => {
    server.enqueue('/api/e/get-all-events', { status: 400, body: { status: 'error', message: 'E001', description: `token ${TOKEN} unknown` } });
    const error = await failure(makeClient().events.getAllEvents());
    expect(JSON.stringify((error as AuthError).raw)).not.toContain(TOKEN);
    expect((error as AuthError).description).toBe('token [REDACTED] unknown');
  });

  it('notes each retry', async () => {
    server.enqueue('/api/e/get-all-events', { status: 503, body: { status: 'error', message: 'T005' } });
    await makeClient().events.getAllEvents();
    expect(trace.some((line) => /^\.\.\. retrying POST .*get-all-events in 50 ms \(attempt 2 of 4\)$/.test(line))).toBe(true);
  });
});

describe('E12 booking submission (client.booking.submit)', () => {
  const booking = { amount: 12.5, orderNo: 'ORD-77', bookingKey: 'booking-key-secret-77', callbackUrl: 'https://shop.example/paid' };

  it('posts the form urlencoded on the client transport and takes the payment page as success', async () => {
    server.enqueue('/em/booking', { status: 200, body: '<html>pay here</html>' });
    await makeClient().booking.submit(booking);
    const [request] = server.requestsTo('/em/booking');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.fields).toMatchObject({ orderNo: 'ORD-77', bookingKey: booking.bookingKey, amount: '12.5' });
    expect(request.headers.authorization).toBeUndefined();
    // Traced through the client's hook, the booking key redacted.
    expect(trace.some((line) => line.startsWith('--> POST') && line.includes('/em/booking'))).toBe(true);
    expect(trace.join('\n')).not.toContain(booking.bookingKey);
  });

  it('waits by the client clock and retry policy when the service is busy', async () => {
    server.enqueue('/em/booking', { status: 503, body: { status: 'error', message: 'T005' } });
    server.enqueue('/em/booking', { status: 200, body: '<html>pay here</html>' });
    await makeClient().booking.submit(booking);
    expect(server.requestsTo('/em/booking')).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(retries).toHaveLength(1);
  });

  it('is not repeated when the connection drops after sending; the outcome is unknown', async () => {
    server.enqueue('/em/booking', { drop: true });
    const error = await failure(makeClient().booking.submit(booking));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).recheck?.operationId).toBe('E12');
    expect((error as Error).message).not.toContain(booking.bookingKey);
    expect(server.requestsTo('/em/booking')).toHaveLength(1);
  });
});

describe('proxies from the injected environment', () => {
  let proxy: FixtureProxy;
  beforeEach(async () => {
    proxy = await startFixtureProxy();
  });
  afterEach(async () => {
    await proxy.close();
  });

  it('HTTP_PROXY carries requests to a named host', async () => {
    const apiUrl = `http://localhost:${server.port}`;
    const client = makeClient({ apiUrl, env: { HTTP_PROXY: proxy.url } });
    const response = await client.events.getAllEvents();
    expect(response.status).toBe('success');
    expect(proxy.tunnels).toEqual([`localhost:${server.port}`]);
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('lower-case http_proxy works too', async () => {
    const client = makeClient({ apiUrl: `http://localhost:${server.port}`, env: { http_proxy: proxy.url } });
    await client.events.getAllEvents();
    expect(proxy.tunnels).toHaveLength(1);
  });

  it('NO_PROXY hosts bypass the proxy', async () => {
    const client = makeClient({ apiUrl: `http://localhost:${server.port}`, env: { HTTP_PROXY: proxy.url, NO_PROXY: 'example.test,localhost' } });
    await client.events.getAllEvents();
    expect(proxy.tunnels).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('loopback IP addresses never go through the proxy', async () => {
    const client = makeClient({ env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url } });
    await client.events.getAllEvents();
    expect(proxy.tunnels).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('without proxy variables in the injected env, none is used', async () => {
    const client = makeClient({ apiUrl: `http://localhost:${server.port}`, env: {} });
    await client.events.getAllEvents();
    expect(proxy.tunnels).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
