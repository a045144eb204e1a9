// The fuzz test of part 1 (fuzz.test.ts) extended to the Publisher API (P1–P12), the booking
// endpoints (E12, its completion, E13) and the sandbox-only questions endpoint: malformed
// requests in every encoding these endpoints take (form fields, `data` JSON in the query string,
// GET query), reproducible from a seed. Each must get a coded error envelope, never a 5xx, and
// leave the database exactly as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../src/client/errors.js';
import { readReturnForm } from '../helpers/booking-return.js';
import { databaseDigest, pick, seededRandom } from '../helpers/fuzz.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, encode, manualClock } from './api.js';
import { addQuestion, addTicket, answerAll, createEvent, generate } from './publisher-fixture.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20260602);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);

type Auth = 'publisher' | 'organizer' | 'none';
type Kind = 'id' | 'enum' | 'date' | 'posint' | 'number' | 'url';

/** An endpoint taking form fields (or, for GET, query parameters). */
interface FieldEndpoint {
  style: 'fields';
  method: 'POST' | 'GET';
  path: string;
  auth: Auth;
  base(): Record<string, string>;
  required: string[];
  typed: Record<string, Kind>;
  /** Whole-request variants refused by a rule across fields or by state (each overrides base fields). */
  cases?: Record<string, string>[];
}

/** An endpoint taking `data`, a JSON document in the query string. */
interface DataEndpoint {
  style: 'data';
  path: string;
  base(): Record<string, unknown>;
  /** Replacements that are each invalid, by top-level key. */
  invalid: Record<string, unknown[]>;
}

type Endpoint = FieldEndpoint | DataEndpoint;

const INJECTIONS = ["1' OR '1'='1", "'; DROP TABLE orders; --", '<script>alert(1)</script>', '../../etc/passwd', '${7*7}', '\u202e', '🎟️', 'null'];

const WRONG: Record<Kind, string[]> = {
  id: ['0', '-1', 'abc', '999999999', '1.5', '1e5', '100001 OR 1=1', ...INJECTIONS],
  enum: ['CONFIRM', 'Public', 'unknown', '1 OR 1=1', 'xyz', ...INJECTIONS],
  date: ['2026-02-30', '2026/07/01', 'tomorrow', '2026-13-01', '0000-00-00'],
  posint: ['0', '-3', '1.5', 'abc', 'NaN', '1e3'],
  number: ['abc', '-5', '1,5', 'NaN', 'Infinity', '--2'],
  url: ['not a url', 'javascript:alert(1)', 'ftp://x.example/', '//no-scheme'],
};

// Hundreds of bad keys on purpose: not slowed down as a guesser from 127.0.0.1 would be.
const sandbox = useTestSandbox({ clock: manualClock(TEST_NOW), failedAuth: { freeFailures: Infinity } });
let eventId = '';
let ticketId = 0;
let openOrder = '';
let attendees: Record<string, unknown> = {};
let completion: Record<string, string> = {};

function endpoints(): Endpoint[] {
  const cartBase = () => ({ eventId: Number(eventId), tickets: [{ ticketId, quantity: 1, discountCode: '' }] });
  const badTickets = [
    [],
    {},
    'x',
    [null],
    [{ ticketId: 'x', quantity: 1 }],
    [{ ticketId, quantity: -1 }],
    [{ ticketId, quantity: 1.5 }],
    [{ ticketId, quantity: 'lots' }],
    [{ ticketId: 999_999, quantity: 1 }],
    [{ ticketId, quantity: 0 }],
    [{ ticketId, quantity: 11 }],
    [
      { ticketId, quantity: 1 },
      { ticketId, quantity: 1 },
    ],
    [{ quantity: 1 }],
  ];
  const badEventIds = ['abc', -1, 1.5, null, {}, [], 999_999, "1' OR '1'='1"];
  return [
    {
      style: 'fields',
      method: 'POST',
      path: '/publisher/segments',
      auth: 'publisher',
      base: () => ({ eventType: 'public', type: 'ticketing' }),
      required: [],
      typed: { eventType: 'enum', type: 'enum' },
    },
    { style: 'fields', method: 'POST', path: '/publisher/categories', auth: 'publisher', base: () => ({}), required: [], typed: {} },
    { style: 'fields', method: 'POST', path: '/publisher/topics', auth: 'publisher', base: () => ({}), required: [], typed: {} },
    {
      style: 'fields',
      method: 'POST',
      path: '/publisher/events',
      auth: 'publisher',
      base: () => ({
        keyword: 'jazz',
        price: 'paid',
        fromDate: '2026-06-01',
        toDate: '2026-12-31',
        fromPrice: '1',
        toPrice: '900',
        sortBy: 'latest',
        page: '1',
      }),
      required: [],
      typed: { price: 'enum', fromDate: 'date', toDate: 'date', fromPrice: 'number', toPrice: 'number', sortBy: 'enum', page: 'posint' },
      cases: [{ fromDate: '2026-12-31', toDate: '2026-01-01' }],
    },
    {
      style: 'fields',
      method: 'GET',
      path: '/publisher/event-details',
      auth: 'publisher',
      base: () => ({ eventId }),
      required: ['eventId'],
      typed: { eventId: 'id' },
    },
    {
      style: 'fields',
      method: 'GET',
      path: '/publisher/ticket-details',
      auth: 'publisher',
      base: () => ({ eventId }),
      required: ['eventId'],
      typed: { eventId: 'id' },
    },
    { style: 'data', path: '/publisher/cart-calculation', base: cartBase, invalid: { eventId: badEventIds, tickets: badTickets } },
    { style: 'data', path: '/publisher/generate-order', base: cartBase, invalid: { eventId: badEventIds, tickets: badTickets } },
    {
      style: 'fields',
      method: 'POST',
      path: '/publisher/attendee-form',
      auth: 'publisher',
      base: () => ({ orderNo: openOrder }),
      required: ['orderNo'],
      typed: { orderNo: 'id' },
    },
    {
      style: 'data',
      path: '/publisher/save-attendee',
      base: () => ({ orderNo: openOrder, attendees }),
      invalid: {
        orderNo: ['', 'NOPE', 42, null, {}, ...INJECTIONS],
        attendees: [
          {},
          [],
          'x',
          null,
          { person_1: [] },
          { attendee_1: 'x' },
          { attendee_1: [{ id: 'default_1', value: 'only a name' }] },
          { attendee_1: [{ id: 'default_1', label: 'Name', value: {} }] },
          { attendee_0: [] },
          { ...attendees, attendee_9: [] },
        ],
      },
    },
    {
      style: 'fields',
      method: 'POST',
      path: '/publisher/confirm-order',
      auth: 'publisher',
      // attendees of this order are never saved, so even this base is refused (T002)
      base: () => ({ orderNo: openOrder, status: 'confirm', referenceNo: 'REF-1' }),
      required: ['orderNo', 'status', 'referenceNo'],
      typed: { status: 'enum', orderNo: 'id' },
      cases: [{}],
    },
    {
      style: 'fields',
      method: 'POST',
      path: '/publisher/order-details',
      auth: 'publisher',
      base: () => ({ orderNo: 'NOPE' }),
      required: ['orderNo'],
      typed: { orderNo: 'id' },
    },
    {
      style: 'fields',
      method: 'POST',
      path: '/em/booking',
      auth: 'none',
      base: () => ({ amount: '10', orderNo: 'B-1', bookingKey: sandbox.tokens.bookingKey, callbackUrl: 'http://127.0.0.1:9/cb', currency: 'INR', pg: 'pg2' }),
      required: ['amount', 'orderNo', 'bookingKey', 'callbackUrl'],
      typed: { amount: 'number', currency: 'enum', pg: 'enum', callbackUrl: 'url', bookingKey: 'id' },
    },
    {
      style: 'fields',
      method: 'POST',
      path: '/em/booking/complete',
      auth: 'none',
      base: () => ({ ...completion }),
      required: ['bookingId', 'orderNo', 'amount', 'signature', 'outcome'],
      typed: { bookingId: 'id', outcome: 'enum', signature: 'id', amount: 'number' },
      // the base itself: this booking was completed in beforeAll (T010)
      cases: [{}, { outcome: 'fail' }],
    },
    {
      style: 'fields',
      method: 'POST',
      path: '/api/e/get-booking-list',
      auth: 'none',
      base: () => ({ fromDate: '2026-06-01', toDate: '2026-06-30', bookingKey: sandbox.tokens.bookingKey }),
      required: ['fromDate', 'toDate', 'bookingKey'],
      typed: { fromDate: 'date', toDate: 'date', bookingKey: 'id' },
      cases: [
        { fromDate: '2026-01-01', toDate: '2026-03-01' },
        { fromDate: '2026-06-30', toDate: '2026-06-01' },
      ],
    },
    {
      style: 'fields',
      method: 'POST',
      path: '/sandbox/questions',
      auth: 'organizer',
      base: () => ({ eventId, label: 'Company', type: 'Text', mandatory: 'true' }),
      required: ['eventId', 'label'],
      typed: { eventId: 'id', type: 'enum' },
    },
  ];
}

/** Whether an oversized value can be put in a field the endpoint reads (and so must refuse). */
function alwaysInvalid(endpoint: FieldEndpoint): boolean {
  return endpoint.required.length > 0 || Object.keys(endpoint.typed).length > 0;
}

interface Malformed {
  description: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: FormData | URLSearchParams | string;
}

function authHeaders(random: () => number, auth: Auth, broken: boolean): Record<string, string> {
  if (auth === 'none') return {};
  const good = auth === 'publisher' ? sandbox.tokens.publisher : sandbox.tokens.organizer;
  if (!broken) return { authorization: `Bearer ${good}` };
  const wrong = auth === 'publisher' ? sandbox.tokens.organizer : sandbox.tokens.publisher;
  const choices: Record<string, string>[] = [
    {},
    { authorization: 'Bearer forged' },
    { authorization: `Bearer ${wrong}` },
    { authorization: `Basic ${good}` },
    { authorization: 'Bearer' },
  ];
  return pick(random, choices);
}

function fieldRequest(random: () => number, endpoint: FieldEndpoint): Malformed {
  const fields = endpoint.base();
  const strategies: string[] = [];
  if (endpoint.required.length > 0) strategies.push('drop', 'blank');
  if (Object.keys(endpoint.typed).length > 0) strategies.push('wrong', 'wrong', 'wrong');
  if (endpoint.auth !== 'none') strategies.push('auth', 'auth');
  if (alwaysInvalid(endpoint)) strategies.push('oversized');
  if (endpoint.cases) strategies.push('case', 'case');
  const strategy = pick(random, strategies);
  let changed = { ...fields };
  let description = strategy;
  let broken = false;
  if (strategy === 'drop') {
    const name = pick(random, endpoint.required);
    delete changed[name];
    description = `drop ${name}`;
  } else if (strategy === 'blank') {
    const name = pick(random, endpoint.required);
    changed[name] = pick(random, ['', ' ', '\t']);
    description = `blank ${name}`;
  } else if (strategy === 'wrong') {
    const name = pick(random, Object.keys(endpoint.typed));
    changed[name] = pick(random, WRONG[endpoint.typed[name]]);
    description = `${name}=${JSON.stringify(changed[name])}`;
  } else if (strategy === 'case') {
    const override = pick(random, endpoint.cases ?? [{}]);
    changed = { ...changed, ...override };
    description = `case ${JSON.stringify(override)}`;
  } else if (strategy === 'oversized') {
    const name = pick(random, endpoint.required.length > 0 ? endpoint.required : Object.keys(endpoint.typed));
    // in a query string, stay under Node's 16 KiB header limit so that the sandbox, not the
    // HTTP parser (431, no body), is what refuses it
    const spare = endpoint.method === 'GET' ? 4_000 : 20_000;
    changed = { ...changed, [name]: 'x'.repeat(10_001 + Math.floor(random() * spare)) };
    description = `oversized ${name}`;
  } else {
    broken = true;
  }
  const headers = authHeaders(random, endpoint.auth, broken);
  if (endpoint.method === 'GET') {
    return { description, method: 'GET', url: `${endpoint.path}?${new URLSearchParams(changed)}`, headers };
  }
  return { description, method: 'POST', url: endpoint.path, headers, body: encode(changed, random() < 0.5 ? 'multipart' : 'urlencoded') };
}

function dataRequest(random: () => number, endpoint: DataEndpoint): Malformed {
  const document = endpoint.base();
  const strategy = pick(random, ['invalid', 'invalid', 'invalid', 'drop', 'text', 'auth', 'oversized']);
  let data: string;
  let description = strategy;
  let broken = false;
  if (strategy === 'invalid') {
    const key = pick(random, Object.keys(endpoint.invalid));
    const value = pick(random, endpoint.invalid[key]);
    data = JSON.stringify({ ...document, [key]: value });
    description = `${key}=${JSON.stringify(value)}`.slice(0, 120);
  } else if (strategy === 'drop') {
    const key = pick(random, Object.keys(endpoint.invalid));
    const copy = { ...document };
    delete copy[key];
    data = JSON.stringify(copy);
    description = `drop ${key}`;
  } else if (strategy === 'text') {
    data = pick(random, ['', '{', 'null', '[]', '42', '"text"', JSON.stringify([document]), "{'single':'quotes'}"]);
    description = `data=${data.slice(0, 40)}`;
  } else if (strategy === 'oversized') {
    data = JSON.stringify({ ...document, pad: 'x'.repeat(10_001) });
    description = 'oversized data';
  } else {
    data = JSON.stringify(document);
    broken = true;
  }
  const headers = authHeaders(random, 'publisher', broken);
  const body = random() < 0.5 ? encode({}, 'multipart') : undefined;
  return { description, method: 'POST', url: `${endpoint.path}?${new URLSearchParams({ data })}`, headers, body };
}

beforeAll(async () => {
  eventId = await createEvent(sandbox);
  ticketId = await addTicket(sandbox, eventId, { quantity: '100', maxQuantity: '10' });
  await addQuestion(sandbox, eventId, { label: 'Company', mandatory: 'true' });
  openOrder = await generate(sandbox, eventId, [{ ticketId, quantity: 1 }]);
  attendees = await answerAll(sandbox, openOrder);
  // a real, signed payment form, completed once so that every later completion is refused
  const page = await fetch(`${sandbox.url}/em/booking`, {
    method: 'POST',
    body: new URLSearchParams({ amount: '10', orderNo: 'FUZZ-B', bookingKey: sandbox.tokens.bookingKey, callbackUrl: 'http://127.0.0.1:9/cb' }),
  });
  const html = await page.text();
  for (const match of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) completion[match[1]] = match[2];
  completion = { ...completion, outcome: 'pay' };
  const done = await fetch(`${sandbox.url}/em/booking/complete`, { method: 'POST', body: new URLSearchParams(completion) });
  expect((await readReturnForm(done)).fields.status).toBe('success');
});

describe(`publisher and booking fuzz (seed ${SEED}, ${REQUESTS} requests)`, () => {
  it('answers every malformed request with a coded error, no 5xx, and an unchanged database', async () => {
    const random = seededRandom(SEED);
    const list = endpoints();
    const before = databaseDigest(sandbox.db);
    const codes = new Map<string, number>();
    const reached = new Set<string>();
    for (let index = 0; index < REQUESTS; index += 1) {
      const endpoint = pick(random, list);
      const request = endpoint.style === 'data' ? dataRequest(random, endpoint) : fieldRequest(random, endpoint);
      const label = `#${index} ${request.method} ${request.url.slice(0, 80)} ${request.description} (FUZZ_SEED=${SEED})`;
      const response = await fetch(`${sandbox.url}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
      });
      const text = await response.text();
      expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
      expect(response.headers.get('content-type'), `${label}: ${text.slice(0, 300)}`).toContain('application/json');
      const body = JSON.parse(text) as { status?: unknown; message?: unknown; description?: unknown };
      expect(body.status, label).toBe('error');
      expect(isErrorCode(body.message), `${label}: ${text.slice(0, 300)}`).toBe(true);
      expect(typeof body.description, label).toBe('string');
      expect(databaseDigest(sandbox.db), `${label} changed the database`).toBe(before);
      codes.set(String(body.message), (codes.get(String(body.message)) ?? 0) + 1);
      reached.add(endpoint.path);
    }
    expect(reached.size).toBe(list.length);
    expect(codes.size, JSON.stringify([...codes])).toBeGreaterThanOrEqual(13);
  }, 240_000);
});
