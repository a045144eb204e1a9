// Thousands of malformed requests (missing fields, wrong types, oversized values, odd
// encodings, injection strings, bad credentials), reproducible from a seed. Every one must get a
// coded error envelope, never a 5xx, and must leave the database exactly as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../src/client/errors.js';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../src/sandbox/fixtures.js';
import { databaseDigest, pick, seededRandom } from '../helpers/fuzz.js';
import { type TestSandbox, useTestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, expectSuccess, manualClock, post, validDiscount, validEvent, validTicket } from './api.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20260601);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);

type RequestBody = NonNullable<RequestInit['body']>;

type Kind = 'date' | 'time' | 'int' | 'posint' | 'number' | 'enum' | 'bool' | 'id' | 'slug' | 'text' | 'email';

interface Endpoint {
  path: string;
  /** `secret`: the sandbox secret of the /sandbox/* tools. */
  token: 'organizer' | 'admin' | 'secret' | 'none';
  base(): Record<string, string>;
  /** Mandatory fields: dropping or blanking any of them must be refused. */
  required: string[];
  /** Fields with a format: a wrong value must be refused. */
  typed: Record<string, Kind>;
}

const INJECTIONS = [
  "1' OR '1'='1",
  "'; DROP TABLE events; --",
  '1; DELETE FROM accounts',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '\u202e\u0000nul',
  '1 UNION SELECT password_hash FROM accounts',
  'null',
  'undefined',
  '[object Object]',
  '🎷🎺',
  '١٢٣',
  '\ud800',
];

const WRONG_VALUES: Record<Kind, string[]> = {
  date: ['2026-02-30', '2026/07/01', '07-10-2026', '2026-7-1', '20260710', 'tomorrow', '2026-13-01', '0000-00-00'],
  time: ['24:00', '9:00', '18:60', '6pm', '18.00', '1800', '18:00:00:00', '-1:00'],
  int: ['abc', '1.5', '-1', '1e3', '0x10', '1,000', '--2', 'Infinity', 'NaN', '12abc'],
  posint: ['0', 'abc', '1.5', '-3', '1e3', 'NaN'],
  number: ['abc', '-5', '1e3', '0x10', '1,5', 'NaN', 'Infinity', '12abc', '--2'],
  enum: ['ACTIVE', 'Public', 'unknown', '1 OR 1=1', 'fixed ', 'xyz'],
  bool: ['yes', '1', 'TRUE', 'on', 'nope'],
  id: ['0', '-1', 'abc', '999999999', '1.5', '1e5', '100001 OR 1=1'],
  slug: ['has space', 'a/b', 'ünïcode', 'a..b', '-lead', 'trail-', "x' OR 1=1"],
  text: [],
  email: ['not-an-email', 'a@', '@b.example', 'a b@c.example'],
};

// Hundreds of bad credentials on purpose: not slowed down as a guesser from 127.0.0.1 would be.
const sandbox = useTestSandbox({ clock: manualClock(TEST_NOW), failedAuth: { freeFailures: Infinity } });
let eventId = '';
let ticketId = '';
let discountId = '';
let slugCounter = 0;
const freshSlug = () => `fuzz-${++slugCounter}`;

function endpoints(): Endpoint[] {
  const eventTyped: Record<string, Kind> = {
    eventType: 'enum',
    type: 'enum',
    category: 'enum',
    startDate: 'date',
    endDate: 'date',
    startTime: 'time',
    endTime: 'time',
    url: 'slug',
    subdomain: 'slug',
  };
  const eventRequired = [
    'eventType',
    'type',
    'eventTitle',
    'url',
    'category',
    'startDate',
    'endDate',
    'startTime',
    'endTime',
    'aboutEvent',
    'listingImage',
    'headerImage',
    'contactInfo',
  ];
  const ticketTyped: Record<string, Kind> = {
    eventId: 'id',
    price: 'number',
    currency: 'enum',
    quantity: 'int',
    status: 'enum',
    startDate: 'date',
    startTime: 'time',
    endDate: 'date',
    endTime: 'time',
    minQuantity: 'posint',
    maxQuantity: 'posint',
    serviceFee: 'enum',
    allowCancellation: 'bool',
  };
  const ticketRequired = ['eventId', 'ticketName', 'currency', 'quantity', 'status', 'serviceFee', 'allowCancellation'];
  const discountTyped: Record<string, Kind> = {
    eventId: 'id',
    discountCategory: 'enum',
    discount: 'number',
    discountType: 'enum',
    startDate: 'date',
    startTime: 'time',
    endDate: 'date',
    endTime: 'time',
    limit: 'int',
  };
  return [
    { path: '/api/e/create', token: 'organizer', base: () => validEvent({ url: freshSlug() }), required: [...eventRequired, 'segment'], typed: eventTyped },
    {
      path: '/api/e/update',
      token: 'organizer',
      base: () => ({ ...validEvent({ url: freshSlug() }), eventId }),
      required: [...eventRequired, 'eventId'],
      typed: { ...eventTyped, eventId: 'id' },
    },
    { path: '/api/e/add-ticket', token: 'organizer', base: () => validTicket(eventId), required: ticketRequired, typed: ticketTyped },
    {
      path: '/api/e/update-ticket',
      token: 'organizer',
      base: () => ({ ...validTicket(eventId, { status: 'published' }), ticketId, shippingCharge: '10', shippingChargeType: 'INR' }),
      required: [...ticketRequired, 'ticketId'],
      typed: { ...ticketTyped, ticketId: 'id', shippingCharge: 'number', shippingChargeType: 'enum' },
    },
    {
      path: '/api/e/add-discount',
      token: 'organizer',
      base: () => validDiscount(eventId, ticketId, { discountCategory: 'bulk', fromQuantity: '2', toQuantity: '5' }),
      required: ['eventId', 'ticketId', 'discountCategory', 'discount', 'discountType', 'fromQuantity', 'toQuantity'],
      typed: { ...discountTyped, ticketId: 'id', fromQuantity: 'posint', toQuantity: 'posint' },
    },
    {
      path: '/api/e/update-discount',
      token: 'organizer',
      base: () => ({ ...validDiscount(eventId, ticketId, { discountCategory: 'code', code: 'FUZZ' }), discountId }),
      required: ['eventId', 'discountId', 'discountCategory', 'discount', 'discountType', 'code'],
      typed: { ...discountTyped, discountId: 'id' },
    },
    { path: '/api/e/get-event', token: 'organizer', base: () => ({ eventId }), required: ['eventId'], typed: { eventId: 'id' } },
    { path: '/api/e/get-tickets', token: 'organizer', base: () => ({ eventId }), required: ['eventId'], typed: { eventId: 'id' } },
    { path: '/api/e/get-report', token: 'organizer', base: () => ({ eventId }), required: ['eventId'], typed: { eventId: 'id' } },
    { path: '/api/e/get-all-events', token: 'organizer', base: () => ({}), required: [], typed: {} },
    {
      path: '/api/e/attendee-list',
      token: 'admin',
      base: () => ({ eventId, fromRecord: '0', toRecord: '50' }),
      required: ['eventId', 'fromRecord', 'toRecord'],
      typed: { eventId: 'id', fromRecord: 'int', toRecord: 'int' },
    },
    {
      path: '/a/account/oauth/token',
      token: 'none',
      base: () => ({ client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET, grant_type: 'authorization_code', code: 'sbx_code_unknown' }),
      required: ['client_id', 'client_secret', 'grant_type', 'code'],
      typed: { grant_type: 'enum', client_id: 'id', client_secret: 'id', code: 'id' },
    },
    {
      path: '/sandbox/token',
      token: 'secret',
      base: () => ({ role: 'organizer', account: 'organizer@sandbox.local' }),
      required: [],
      typed: { role: 'enum', account: 'email' },
    },
  ];
}

interface Malformed {
  description: string;
  path: string;
  headers: Record<string, string>;
  body: RequestBody | undefined;
}

function asBody(fields: Record<string, string>, random: () => number): { headers: Record<string, string>; body: RequestBody } {
  if (random() < 0.5) return { headers: {}, body: new URLSearchParams(fields) };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { headers: {}, body: form };
}

type Credentials = TestSandbox['tokens'] & { secret: string };

function malformedRequest(random: () => number, endpoint: Endpoint, tokens: Credentials): Malformed {
  const fields = endpoint.base();
  const auth: Record<string, string> = endpoint.token === 'none' ? {} : { authorization: `Bearer ${tokens[endpoint.token]}` };
  const strategies: string[] = [];
  if (endpoint.required.length > 0) strategies.push('drop', 'blank', 'odd-content-type', 'broken-multipart', 'json-array');
  if (Object.keys(endpoint.typed).length > 0) strategies.push('wrong-type', 'injection', 'wrong-type', 'injection');
  strategies.push('oversized-field', 'oversized-body', 'nested-json', 'file-upload');
  if (endpoint.token !== 'none') strategies.push('no-token', 'bad-token', 'wrong-scheme');
  const strategy = pick(random, strategies);
  const sent = (description: string, changed: Record<string, string>) => ({ description, path: endpoint.path, ...mergeHeaders(auth, asBody(changed, random)) });

  switch (strategy) {
    case 'drop': {
      const count = 1 + Math.floor(random() * Math.min(3, endpoint.required.length));
      const dropped = Array.from({ length: count }, () => pick(random, endpoint.required));
      const changed = { ...fields };
      for (const name of dropped) delete changed[name];
      return sent(`drop ${dropped.join(',')}`, changed);
    }
    case 'blank': {
      const name = pick(random, endpoint.required);
      return sent(`blank ${name}`, { ...fields, [name]: pick(random, ['', ' ', '\t', '\n  ']) });
    }
    case 'wrong-type': {
      const name = pick(random, Object.keys(endpoint.typed));
      const kind = endpoint.typed[name];
      const value = kind === 'id' ? pick(random, WRONG_VALUES.id) : pick(random, WRONG_VALUES[kind]);
      return sent(`${name}=${JSON.stringify(value)}`, { ...fields, [name]: value });
    }
    case 'injection': {
      const name = pick(random, Object.keys(endpoint.typed));
      // an injection string that happens to be a valid address part ("null") is not malformed there
      const candidates = endpoint.typed[name] === 'slug' ? INJECTIONS.filter((text) => !/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/i.test(text)) : INJECTIONS;
      const value = pick(random, candidates);
      return sent(`inject ${name}=${JSON.stringify(value)}`, { ...fields, [name]: value });
    }
    case 'oversized-field': {
      const names = Object.keys(fields);
      const name = names.length > 0 ? pick(random, names) : 'eventId';
      const size = 10_001 + Math.floor(random() * 50_000);
      return sent(`oversized ${name} (${size})`, { ...fields, [name]: 'x'.repeat(size) });
    }
    case 'oversized-body':
      return {
        description: 'body over 1 MiB',
        path: endpoint.path,
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: `${new URLSearchParams(fields)}&pad=${'y'.repeat(1024 * 1024 + 10)}`,
      };
    case 'odd-content-type':
      return {
        description: 'fields as text/plain',
        path: endpoint.path,
        headers: { ...auth, 'content-type': pick(random, ['text/plain', 'application/xml', 'application/octet-stream', 'image/png']) },
        body: new URLSearchParams(fields).toString(),
      };
    case 'broken-multipart':
      return {
        description: 'multipart with a boundary that never appears',
        path: endpoint.path,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=----never' },
        body: `------other\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n${eventId}\r\n`,
      };
    case 'json-array':
      return { description: 'JSON array body', path: endpoint.path, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify([fields]) };
    case 'nested-json': {
      const names = Object.keys(fields);
      const name = names.length > 0 ? pick(random, names) : 'eventId';
      return {
        description: `JSON with ${name} as an object`,
        path: endpoint.path,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, [name]: pick(random, [{ $gt: '' }, [1, 2], null]) }),
      };
    }
    case 'file-upload': {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const names = Object.keys(fields);
      const name = names.length > 0 ? pick(random, names) : 'eventId';
      form.set(name, new Blob(['file contents']), 'upload.txt');
      return { description: `${name} as a file`, path: endpoint.path, headers: auth, body: form };
    }
    case 'no-token':
      return { description: 'no token', path: endpoint.path, ...asBody(fields, random) };
    case 'bad-token':
      return {
        description: 'unknown token',
        path: endpoint.path,
        ...mergeHeaders(
          { authorization: `Bearer ${pick(random, ['x', 'sbx_at_forged', INJECTIONS[1].replaceAll(' ', ''), tokens.publisher])}` },
          asBody(fields, random),
        ),
      };
    default:
      return {
        description: 'wrong auth scheme',
        path: endpoint.path,
        ...mergeHeaders(
          { authorization: pick(random, [`Basic ${tokens[endpoint.token as 'organizer']}`, 'Bearer', `Token ${tokens.organizer}`]) },
          asBody(fields, random),
        ),
      };
  }
}

function mergeHeaders(extra: Record<string, string>, request: { headers: Record<string, string>; body: RequestBody }) {
  return { headers: { ...extra, ...request.headers }, body: request.body };
}

beforeAll(async () => {
  const token = sandbox.tokens.organizer;
  eventId = String(expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token })).eventId);
  ticketId = String(expectSuccess(await post(sandbox.url, '/api/e/add-ticket', validTicket(eventId), { token })).ticketId);
  discountId = String(expectSuccess(await post(sandbox.url, '/api/e/add-discount', validDiscount(eventId, ticketId), { token })).discountId);
});

describe(`fuzz (seed ${SEED}, ${REQUESTS} requests)`, () => {
  it('answers every malformed request with a coded error, no 5xx, and an unchanged database', async () => {
    const random = seededRandom(SEED);
    const list = endpoints();
    const before = databaseDigest(sandbox.db);
    const codes = new Map<string, number>();
    for (let index = 0; index < REQUESTS; index += 1) {
      const endpoint = pick(random, list);
      const request = malformedRequest(random, endpoint, { ...sandbox.tokens, secret: sandbox.secret });
      const label = `#${index} POST ${request.path} ${request.description} (FUZZ_SEED=${SEED})`;
      const response = await fetch(`${sandbox.url}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
      const text = await response.text();
      expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
      const body = JSON.parse(text) as { status?: unknown; message?: unknown; description?: unknown };
      expect(body.status, label).toBe('error');
      expect(isErrorCode(body.message), `${label}: ${text.slice(0, 300)}`).toBe(true);
      expect(typeof body.description, label).toBe('string');
      expect(databaseDigest(sandbox.db), `${label} changed the database`).toBe(before);
      codes.set(String(body.message), (codes.get(String(body.message)) ?? 0) + 1);
    }
    // The generator reaches a spread of rules, not one refusal over and over.
    expect(codes.size).toBeGreaterThanOrEqual(12);
  }, 240_000);
});
