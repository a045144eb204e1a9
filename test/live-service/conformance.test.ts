// Conformance with the live service as public code shows it (../shared/live-service-evidence.md,
// docs/live-service.md): every fact is a canned body served by a small fixture server, and the
// built CLI (`node bin/boxoffice.js`, build first) or the client library is shown handling it.
// The last part runs the export against a default and a --quirks sandbox holding the same data.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BoxofficeClient, createClient } from '../../src/client/index.js';
import { findAccountByEmail } from '../../src/sandbox/db/accounts.js';
import { insertEvent, insertTicket } from '../../src/sandbox/db/events.js';
import { insertOrder } from '../../src/sandbox/db/orders.js';
import { ORGANIZER_EMAIL } from '../../src/sandbox/fixtures.js';
import { idCode } from '../../src/sandbox/id-codes.js';
import { type FixtureReply, type FixtureServer, type RecordedRequest, startFixtureServer } from '../client/fixture-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const REPO = new URL('../../', import.meta.url).pathname;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built CLI as a process, with nothing of the caller's BOXOFFICE_* environment. */
function runBuilt(argv: string[], env: Record<string, string | undefined>): Promise<Run> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BOXOFFICE_') && name !== 'CI'));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['bin/boxoffice.js', ...argv],
      { cwd: REPO, env: { ...inherited, CI: 'true', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

// ---------------------------------------------------------------------------------------------
// The live service's shapes, as canned bodies
// ---------------------------------------------------------------------------------------------

const EVENT_CODE = 'EKDJHH';
const EVENT_NUMBER = 4242;
const TICKET_CODE = 'TKCIGJ';
const TICKET_NUMBER = 7007;
const DISCOUNT_CODE = 'DKFJ';

const dateTime = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Kolkata' });

/** get-all-events: a numeric `id` and a code `eventId`; no `status` (no public client reads it). */
const LIVE_EVENT_LIST = {
  events: [
    {
      id: EVENT_NUMBER,
      eventId: EVENT_CODE,
      eventType: 'public',
      type: 'ticketing',
      eventTitle: 'Live Gala',
      actualUrl: 'live-gala',
      url: 'https://www.example.test/live-gala',
      mobileUrl: null,
      subdomain: null,
      category: 'music',
      startDate: '2031-03-01',
      endDate: '2031-03-01',
      startTime: '18:00:00',
      endTime: '23:00:00',
      aboutEvent: '<p>x</p>',
      shortDescription: 'x',
      listingImage: null,
      headerImage: null,
      terms: '',
      createdOn: '2030-12-01 10:00:00',
      status: 'published',
      organiserNote: 'kept',
    },
  ],
};

/** get-tickets: `active` as responses say it, the ticket's code beside its numeric id. */
const LIVE_TICKETS = {
  status: 'success',
  tickets: [
    {
      id: TICKET_NUMBER,
      ticketId: TICKET_CODE,
      typeName: 'General',
      typeDesc: '',
      price: 500,
      includeFee: 0,
      quantity: 100,
      initialQuantity: 100,
      availableFrom: dateTime('2030-12-01 00:00:00'),
      availableTo: dateTime('2031-03-01 18:00:00'),
      maxQuantity: 10,
      minQuantity: 1,
      allowCancel: '1',
      status: 'active',
      currency: 'INR',
      shippingCharge: null,
      shippingType: null,
      eventId: EVENT_CODE,
    },
  ],
};

const LIVE_TICKET_DETAILS = {
  status: 'success',
  tickets: [
    {
      id: TICKET_NUMBER,
      eventId: String(EVENT_NUMBER),
      name: 'General',
      description: '',
      price: 500,
      quantity: 100,
      startDate: '2030-12-01',
      endDate: '2031-03-01',
      startTime: '00:00:00',
      endTime: '18:00:00',
      minQuantity: 1,
      maxQuantity: 10,
      status: 'published',
      availability: 'Available',
      currency: 'INR',
      discounts: [],
    },
  ],
  currency: 'INR',
};

const STATUSES = ['attending', 'cancelled', 'lcancelled'] as const;
const LABELS = ['Phone', 'Job title', 'Company name', 'Twitter handle'];

/** Order number `offset` (0-based) of the live attendee list: extra fields, details by label or []. */
function liveRecord(offset: number) {
  const entry = (position: number) => ({
    ticketName: 'General',
    ticketId: TICKET_CODE,
    name: `Attendee ${offset}-${position}`,
    email: `a${offset}-${position}@example.test`,
    checkin: 'no',
    ticketNo: `TN${offset}-${position}`,
    status: STATUSES[(offset + position) % 3],
    details: (offset + position) % 4 === 0 ? [] : Object.fromEntries(LABELS.map((label) => [label, `${label} ${offset}`])),
  });
  return {
    id: 900_000 + offset,
    orderNo: `LIVE${String(offset).padStart(4, '0')}`,
    orderCost: '500.00',
    quantity: 2,
    status: 'success',
    paidBy: 'guest',
    paidTo: null,
    refundAmount: null,
    city: 'Pune',
    state: null,
    country: 'India',
    address: null,
    zipcode: null,
    phoneNo: null,
    phoneNumber: '+91 98450 00000',
    purchaseDate: dateTime(`2030-12-0${1 + (offset % 9)} 10:00:00`),
    name: `Buyer ${offset}`,
    email: `b${offset}@example.test`,
    attendee: [entry(0), entry(1)],
  };
}

const LIVE_ORDERS = 53;

/** One batch of the live attendee list: 0-based offsets, toRecord exclusive, later batches keyed by offset. */
function liveBatch(fromRecord: number, toRecord: number): FixtureReply | undefined {
  const records: ReturnType<typeof liveRecord>[] = [];
  for (let offset = fromRecord; offset < Math.min(toRecord, LIVE_ORDERS); offset += 1) records.push(liveRecord(offset));
  if (records.length === 0) return undefined;
  if (fromRecord === 0) return { body: { status: 'success', attendee: records } };
  return { body: { status: 'success', attendee: Object.fromEntries(records.map((record, index) => [String(fromRecord + index), record])) } };
}

type EndOfList = FixtureReply;

const END_SHAPES: [string, EndOfList][] = [
  ['a missing attendee', { body: { status: 'success' } }],
  ['a null attendee', { body: { status: 'success', attendee: null } }],
  ['an empty array', { body: { status: 'success', attendee: [] } }],
  ['an empty object', { body: { status: 'success', attendee: {} } }],
  ['an error body with HTTP 200', { body: { status: 'error', message: 'E007' } }],
  ['a {success: "fail"} body', { body: { success: 'fail', message: 'No records found' } }],
];

let server: FixtureServer;
let endOfList: EndOfList = END_SHAPES[0][1];
let dir: string;
let env: Record<string, string>;

function organizerRoutes(request: RecordedRequest): FixtureReply | undefined {
  switch (request.path) {
    case '/api/e/get-all-events':
      return { body: LIVE_EVENT_LIST };
    case '/api/e/get-tickets':
      return { body: LIVE_TICKETS };
    case '/publisher/ticket-details':
      return { body: LIVE_TICKET_DETAILS };
    case '/api/e/attendee-list': {
      const from = Number(request.fields.fromRecord);
      return liveBatch(from, Number(request.fields.toRecord)) ?? endOfList;
    }
    default:
      return undefined;
  }
}

beforeAll(async () => {
  server = await startFixtureServer((request) => organizerRoutes(request) as FixtureReply);
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-live-'));
  env = {
    BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
    BOXOFFICE_API_URL: server.url,
    BOXOFFICE_PUBLISHER_URL: server.url,
    BOXOFFICE_AUTH_URL: server.url,
    BOXOFFICE_TOKEN: 'live-organizer-token',
    BOXOFFICE_PUBLISHER_KEY: 'live-publisher-key',
  };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
  endOfList = END_SHAPES[0][1];
});

// ---------------------------------------------------------------------------------------------
// Transport and error bodies
// ---------------------------------------------------------------------------------------------

describe('error bodies', () => {
  it('{"success":"fail","message":…} with HTTP 200 is an API error with that message (exit 1), not a shape error', async () => {
    server.enqueue('/publisher/event-details', { status: 200, body: { success: 'fail', message: 'Event is not live yet' } });
    const result = await runBuilt(['event', 'details', String(EVENT_NUMBER)], env);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe('error: the service refused the request: Event is not live yet\n');
  });

  it('{"status":"error","message":"E007"} with HTTP 200 is error E007', async () => {
    server.enqueue('/api/e/get-event', { status: 200, body: { status: 'error', message: 'E007' } });
    const result = await runBuilt(['event', 'get', EVENT_CODE], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error E007: event EKDJHH not found, or the token is not valid for this API (the service's E007 means either); to tell them apart run boxoffice event list: if it fails or lists event EKDJHH, the token is the problem (log in with the account holder's access token: boxoffice login); if it works without event EKDJHH, the id is wrong\n",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Event ids: a code for the Event & Registration calls, a number for the buyer side
// ---------------------------------------------------------------------------------------------

describe('event ids', () => {
  it('event list shows the code and the numeric id, and --json keeps every field as sent', async () => {
    const table = await runBuilt(['event', 'list'], env);
    expect(table.code).toBe(0);
    expect(table.stdout).toBe(
      `${EVENT_CODE}\t${EVENT_NUMBER}\tLive Gala\t2031-03-01 18:00\t2031-03-01 23:00\tticketing\tpublished\thttps://www.example.test/live-gala\n`,
    );
    const json = await runBuilt(['--json', 'event', 'list'], env);
    expect(JSON.parse(json.stdout).events[0]).toMatchObject({ id: EVENT_NUMBER, eventId: EVENT_CODE, organiserNote: 'kept' });
  });

  it('event get, ticket list and report send the code form as given', async () => {
    server.enqueue('/api/e/get-event', {
      body: {
        status: 'success',
        event: { id: EVENT_NUMBER, name: 'Live Gala', url: 'live-gala', startDate: dateTime('2031-03-01 18:00:00'), endDate: dateTime('2031-03-01 23:00:00') },
      },
    });
    expect((await runBuilt(['event', 'get', EVENT_CODE], env)).stdout).toContain('title\tLive Gala');
    expect((await runBuilt(['report', EVENT_CODE], env)).code).toBe(0);
    const tickets = await runBuilt(['ticket', 'list', EVENT_CODE], env);
    expect(tickets.code).toBe(0);
    // The code first (what ticket update takes), the numeric id (what order place takes), and
    // the status in update-ticket's words: `active` in the response is `published`.
    expect(tickets.stdout).toBe(`${TICKET_CODE}\t${TICKET_NUMBER}\tGeneral\t500\tINR\t100\tpublished\t2030-12-01 00:00\t2031-03-01 18:00\n`);
    for (const path of ['/api/e/get-event', '/api/e/get-report', '/api/e/get-tickets']) {
      expect(server.requestsTo(path)[0].fields.eventId).toBe(EVENT_CODE);
    }
  }, 90_000);

  it('ticket update finds the ticket by its code and sends `active` as `published`', async () => {
    server.enqueue('/api/e/update-ticket', { body: { status: 'success', message: 'S003', ticketId: TICKET_CODE } });
    const result = await runBuilt(['ticket', 'update', EVENT_CODE, TICKET_CODE, '--status', 'active', '--service-fee', '1'], env);
    expect(result).toEqual({ code: 0, stdout: `${TICKET_CODE}\n`, stderr: '' });
    const sent = server.requestsTo('/api/e/update-ticket')[0].fields;
    expect(sent).toMatchObject({ eventId: EVENT_CODE, ticketId: TICKET_CODE, status: 'published', allowCancellation: 'true', quantity: '100' });
  });

  it("ticket add accepts --status published (the service's own library sends it) as the reference's active", async () => {
    server.enqueue('/api/e/add-ticket', { body: { status: 'success', message: 'S003', ticketId: 'TKNEWX' } });
    const result = await runBuilt(
      [
        'ticket',
        'add',
        EVENT_CODE,
        '--ticket-name',
        'Early',
        '--price',
        '100',
        '--currency',
        'INR',
        '--quantity',
        '5',
        '--status',
        'published',
        '--service-fee',
        '1',
        '--allow-cancellation',
        'false',
      ],
      env,
    );
    expect(result).toEqual({ code: 0, stdout: 'TKNEWX\n', stderr: '' });
    expect(server.requestsTo('/api/e/add-ticket')[0].fields).toMatchObject({ eventId: EVENT_CODE, status: 'active' });
  });

  it('ticket add and update still refuse a word no status has, naming the flag', async () => {
    const result = await runBuilt(['ticket', 'update', EVENT_CODE, TICKET_CODE, '--status', 'open'], env);
    expect(result).toMatchObject({ code: 2, stderr: 'error: invalid --status "open": expected one of published, pause, cancel\n' });
    expect(server.requests).toHaveLength(0);
  });

  it("discount update takes the discount's code", async () => {
    server.enqueue('/api/e/update-discount', { body: { status: 'success', message: 'S004', discountId: DISCOUNT_CODE } });
    const result = await runBuilt(
      ['discount', 'update', EVENT_CODE, DISCOUNT_CODE, '--discount-category', 'flat', '--discount', '7', '--discount-type', 'fixed'],
      env,
    );
    expect(result).toEqual({ code: 0, stdout: `${DISCOUNT_CODE}\n`, stderr: '' });
    expect(server.requestsTo('/api/e/update-discount')[0].fields).toMatchObject({ eventId: EVENT_CODE, discountId: DISCOUNT_CODE });
  });

  it('event details maps the code to the numeric id through the event list (the buyer side takes the number)', async () => {
    const result = await runBuilt(['event', 'details', EVENT_CODE], env);
    expect(result.code).toBe(0);
    expect(server.requestsTo('/api/e/get-all-events')).toHaveLength(1);
    expect(server.requestsTo('/publisher/event-details')[0].query.get('eventId')).toBe(String(EVENT_NUMBER));
    expect(server.requestsTo('/publisher/ticket-details')[0].query.get('eventId')).toBe(String(EVENT_NUMBER));
  });

  it('event details with a numeric id asks nothing of the organizer side; a code without a token says what to do', async () => {
    expect((await runBuilt(['event', 'details', String(EVENT_NUMBER)], { ...env, BOXOFFICE_TOKEN: undefined })).code).toBe(0);
    expect(server.requestsTo('/api/e/get-all-events')).toHaveLength(0);
    const refused = await runBuilt(['event', 'details', EVENT_CODE], { ...env, BOXOFFICE_TOKEN: undefined });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(
      /^error: event EKDJHH is a code, and the buyer side takes the numeric id: give the numeric id \(boxoffice event list shows both\)/,
    );
  }, 90_000);

  it('an unknown code is E007 naming the event list', async () => {
    const result = await runBuilt(['event', 'details', 'EZZZZZ'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error E007: event EZZZZZ not found; list the events with boxoffice event list\n');
  });
});

// ---------------------------------------------------------------------------------------------
// Tickets left: get-tickets' quantity falls as tickets sell; the number offered is initialQuantity
// ---------------------------------------------------------------------------------------------

describe('get-tickets as the live service answers it, quantity being what is left', () => {
  const sold = { ...LIVE_TICKETS, tickets: [{ ...LIVE_TICKETS.tickets[0], quantity: 82, initialQuantity: 100 }] };

  it('ticket list shows the 100 on sale (initialQuantity); --json keeps quantity as sent', async () => {
    server.enqueue('/api/e/get-tickets', { body: sold }, { body: sold });
    expect((await runBuilt(['ticket', 'list', EVENT_CODE], env)).stdout.split('\t')[5]).toBe('100');
    expect(JSON.parse((await runBuilt(['--json', 'ticket', 'list', EVENT_CODE], env)).stdout).tickets[0]).toMatchObject({ quantity: 82, initialQuantity: 100 });
  });

  it('ticket list shows quantity where a service sends no initialQuantity', async () => {
    const { initialQuantity: _left, ...withoutInitial } = LIVE_TICKETS.tickets[0];
    server.enqueue('/api/e/get-tickets', { body: { ...LIVE_TICKETS, tickets: [{ ...withoutInitial, quantity: 64 }] } });
    expect((await runBuilt(['ticket', 'list', EVENT_CODE], env)).stdout.split('\t')[5]).toBe('64');
  });

  it('ticket update without --quantity sends back the 100 on sale, not the 82 left', async () => {
    server.enqueue('/api/e/get-tickets', { body: sold });
    server.enqueue('/api/e/update-ticket', { body: { status: 'success', message: 'S003', ticketId: TICKET_CODE } });
    const result = await runBuilt(['ticket', 'update', EVENT_CODE, TICKET_CODE, '--max-quantity', '8', '--service-fee', '1'], env);
    expect(result).toEqual({ code: 0, stdout: `${TICKET_CODE}\n`, stderr: '' });
    expect(server.requestsTo('/api/e/update-ticket')[0].fields).toMatchObject({ ticketId: TICKET_CODE, quantity: '100', maxQuantity: '8' });
  });
});

describe("the Publisher API under /api (an integration platform's paths)", () => {
  it('events search reaches /api/publisher/events when the publisher URL ends in /api', async () => {
    server.enqueue('/api/publisher/events', { body: { status: 'success', events: [] } });
    const result = await runBuilt(['events', 'search', '--category', 'music'], { ...env, BOXOFFICE_PUBLISHER_URL: `${server.url}/api` });
    expect(result.code, result.stderr).toBe(0);
    expect(server.requestsTo('/api/publisher/events')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Buyer flow: carts totals, generate-order with only orderNo, MultiCheckbox answers as lists
// ---------------------------------------------------------------------------------------------

describe('order place against the live buyer side', () => {
  it('maps event and ticket codes, reads `carts` and a bare orderNo, and saves a MultiCheckbox answer as a list', async () => {
    server.enqueue('/publisher/cart-calculation', { body: { status: 'success', carts: { actualCost: 1000, discount: 0, servieFeeTotal: 40, total: 1040 } } });
    server.enqueue('/publisher/generate-order', { body: { orderNo: 'LIVEORD1' } });
    server.enqueue('/publisher/attendee-form', {
      body: {
        status: 'success',
        attendeeForm: Object.fromEntries(
          ['attendee_1', 'attendee_2'].map((key) => [
            key,
            [
              { id: 'default_1', type: 'Text', label: 'Name', description: '', validation: '', mandatory: true },
              { id: 'default_2', type: 'Text', label: 'Email', description: '', validation: 'EmailAddress', mandatory: true },
              { id: 'q7', type: 'MultiCheckbox', label: 'Sessions', description: '', validation: '', mandatory: true, options: ['Jazz', 'Blues', 'Folk'] },
              { id: 'q8', type: 'Radio', label: 'Meal', description: '', validation: '', mandatory: false, options: ['Veg', 'Non-veg'] },
            ],
          ]),
        ),
      },
    });
    server.enqueue('/publisher/save-attendee', { body: { status: 'success', message: 'saved', orderNo: 'LIVEORD1' } });
    server.enqueue('/publisher/confirm-order', { body: { status: 'success', message: 'confirmed', orderNo: 'LIVEORD1', orderStatus: 'confirm' } });
    server.enqueue('/publisher/order-details', {
      body: {
        status: 'success',
        orderNo: 'LIVEORD1',
        orderDetails: {
          eventId: EVENT_NUMBER,
          eventName: 'Live Gala',
          orderNo: 'LIVEORD1',
          datePurchased: '2031-01-02',
          quantity: 2,
          ticketCost: 1000,
          paidAmount: 1040,
          orderStatus: 'confirm',
          buyerName: 'Asha',
          buyerEmail: 'asha@example.test',
          buyerPhoneNo: '',
          attendee: [
            {
              ticketId: TICKET_NUMBER,
              ticketName: 'General',
              ticketNo: 'T1',
              seatNo: null,
              bibNo: null,
              attendeeName: 'Asha',
              attendeeEmailId: 'asha@example.test',
              additionalInfo: { Sessions: ['Jazz', 'Blues'], Photo: 'https://files.example.test/p.png' },
            },
          ],
        },
      },
    });
    const people = join(dir, 'people.csv');
    writeFileSync(people, 'name,email,Sessions\nAsha,asha@example.test,Jazz; Blues\nRavi,ravi@example.test,Folk\n');
    const result = await runBuilt(['--json', 'order', 'place', EVENT_CODE, '--ticket', `${TICKET_CODE}:2`, '--attendees-file', people], env);
    expect(result.stderr).toMatch(/^order \S+: generated; its tickets are held until it is confirmed\n$/);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({ eventId: String(EVENT_NUMBER), orderNo: 'LIVEORD1', cartCalculation: { cart: { grandTotal: 1040, processingFee: 40 } } });

    const cartData = JSON.parse(server.requestsTo('/publisher/cart-calculation')[0].query.get('data') ?? '{}');
    expect(cartData).toEqual({ eventId: EVENT_NUMBER, tickets: [{ ticketId: TICKET_NUMBER, quantity: 2, discountCode: '' }] });
    const saved = JSON.parse(server.requestsTo('/publisher/save-attendee')[0].query.get('data') ?? '{}');
    expect(saved.attendees.attendee_1).toContainEqual({ id: 'q7', label: 'Sessions', value: ['Jazz', 'Blues'] });
    expect(saved.attendees.attendee_2).toContainEqual({ id: 'q7', label: 'Sessions', value: ['Folk'] });
  });

  it('a {success: "fail"} answer mid-flow stops with that message', async () => {
    server.enqueue('/publisher/cart-calculation', { body: { success: 'fail', message: 'Ticket sale has ended' } });
    const result = await runBuilt(['order', 'place', String(EVENT_NUMBER), '--ticket', `${TICKET_NUMBER}:1`, '--fake'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the service refused the request: Ticket sale has ended');
    expect(server.requestsTo('/publisher/generate-order')).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Attendee list (E11)
// ---------------------------------------------------------------------------------------------

function readCsv(path: string): Record<string, string>[] {
  return csvRecords(readFileSync(path, 'utf8'));
}

describe('attendees export against the live attendee list', () => {
  it.each(END_SHAPES)('reads later batches keyed by offset and ends at %s after records were received', async (_name, end) => {
    endOfList = end;
    const file = join(dir, `export-${server.requests.length}-${Math.random().toString(36).slice(2)}.csv`);
    const result = await runBuilt(['attendees', 'export', EVENT_CODE, '-o', file], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`exported ${LIVE_ORDERS * 2} attendees from ${LIVE_ORDERS} orders`));
    const rows = readCsv(file);
    expect(rows).toHaveLength(LIVE_ORDERS * 2);
    expect(new Set(rows.map((row) => row.orderNo)).size).toBe(LIVE_ORDERS);
    expect(rows.map((row) => row.orderNo).slice(0, 2)).toEqual(['LIVE0000', 'LIVE0000']);
    expect(rows.at(-1)?.orderNo).toBe(`LIVE00${LIVE_ORDERS - 1}`);
    const requested = server.requestsTo('/api/e/attendee-list').map((request) => `${request.fields.fromRecord}-${request.fields.toRecord}`);
    // Each batch starts where the last ended (0-based, toRecord exclusive): none is skipped.
    expect(requested[0]).toBe('0-50');
    expect(requested).toEqual(expect.arrayContaining(['50-100', '100-150']));
    expect(requested.every((span) => ['0-50', '50-100', '100-150', '150-200'].includes(span))).toBe(true);
  });

  it('keeps the statuses and the answers keyed by label; --status attending keeps only those attendees', async () => {
    const all = join(dir, 'all.csv');
    expect((await runBuilt(['attendees', 'export', EVENT_CODE, '-o', all], env)).code).toBe(0);
    const rows = readCsv(all);
    expect(new Set(rows.map((row) => row.attendeeStatus))).toEqual(new Set(STATUSES));
    expect(Object.keys(rows[0]).slice(14)).toEqual(LABELS);
    expect(rows[0]['Job title']).toBe('');
    expect(rows[1]['Job title']).toBe('Job title 0');
    expect(rows[1].purchaseDate).toBe('2030-12-01 10:00:00');

    const attending = join(dir, 'attending.csv');
    const filtered = await runBuilt(['attendees', 'export', EVENT_CODE, '--status', 'attending', '-o', attending], env);
    expect(filtered.code).toBe(0);
    const kept = readCsv(attending);
    expect(kept.length).toBe(rows.filter((row) => row.attendeeStatus === 'attending').length);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => row.attendeeStatus === 'attending')).toBe(true);
  }, 90_000);

  it('an error body on the first call is an error, never an empty list', async () => {
    server.enqueue('/api/e/attendee-list', { body: { status: 'error', message: 'E007' } });
    const file = join(dir, 'never.csv');
    const result = await runBuilt(['attendees', 'export', EVENT_CODE, '-o', file], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "error E007: event EKDJHH not found, or the token is not valid for this API (the service's E007 means either); to tell them apart run boxoffice event list: if it fails or lists event EKDJHH, the token is the problem (log in with the account holder's access token: boxoffice login); if it works without event EKDJHH, the id is wrong",
    );
  });

  it('a refused token past the end is still an error (exit 3), not the end of the list', async () => {
    endOfList = { status: 401, body: { status: 'error', message: 'E001' } };
    const result = await runBuilt(['attendees', 'export', EVENT_CODE, '-o', join(dir, 'refused.csv')], env);
    expect(result.code).toBe(3);
  });
});

describe('the client library', () => {
  let client: BoxofficeClient;
  beforeAll(() => {
    client = createClient({ apiUrl: server.url, publisherUrl: server.url, authUrl: server.url, token: 't', publisherKey: 'k', env: {} });
  });
  afterAll(() => client.close());

  it("keeps the fields the reference does not name (an order's id and phoneNumber)", async () => {
    const batch = await client.events.attendeeList({ eventId: EVENT_CODE, fromRecord: 50, toRecord: 100 });
    expect(batch.attendee[0]).toMatchObject({ id: 900_050, phoneNumber: '+91 98450 00000', orderNo: 'LIVE0050' });
    expect(batch.attendee[0].attendee[0].details).toEqual({
      Phone: 'Phone 50',
      'Job title': 'Job title 50',
      'Company name': 'Company name 50',
      'Twitter handle': 'Twitter handle 50',
    });
  });

  it('reads a {success: "fail"} body as an ApiError carrying the message', async () => {
    server.enqueue('/publisher/generate-order', { body: { success: 'fail', message: 'Quantity not available' } });
    await expect(client.publisher.generateOrder({ eventId: 1, tickets: [{ ticketId: 2, quantity: 1 }] })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'fail',
      description: 'Quantity not available',
      httpStatus: 200,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// OAuth: the service uses the callback registered with the application, not redirect_uri
// ---------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('login against an authorization server that ignores redirect_uri and PKCE', () => {
  let oauth: FixtureServer;
  let registeredCallback = '';
  let stateSent: (state: string) => string = (state) => state;
  let browser: string;

  beforeAll(async () => {
    // Authorize: straight to the registered callback with a code and the state; token: any code.
    oauth = await startFixtureServer((request) => {
      if (request.path === '/a/account/oauth/authorize') {
        const target = new URL(registeredCallback);
        target.searchParams.set('code', 'live-code-1');
        target.searchParams.set('state', stateSent(request.query.get('state') ?? ''));
        return { status: 302, headers: { location: target.toString() }, body: '' };
      }
      if (request.path === '/a/account/oauth/token') return { body: { access_token: 'live-access-token-1', token_type: 'Bearer', expires_in: 7_776_000 } };
      return { status: 404, body: { status: 'error', message: 'HTTP 404' } };
    });
    // A "browser" that follows the redirects, as a person's browser would.
    browser = join(dir, 'follow-redirects.mjs');
    writeFileSync(browser, '#!/usr/bin/env node\nawait fetch(process.argv[2]).catch(() => undefined);\n');
    chmodSync(browser, 0o755);
  });
  afterAll(() => oauth.close());

  it('logs in, having sent state, redirect_uri and PKCE all the same', async () => {
    const port = await freePort();
    registeredCallback = `http://127.0.0.1:${port}/callback`;
    stateSent = (state) => state;
    const config = join(dir, 'login-config');
    const loginEnv = {
      BOXOFFICE_CONFIG_DIR: config,
      BOXOFFICE_AUTH_URL: oauth.url,
      BOXOFFICE_API_URL: oauth.url,
      BOXOFFICE_PUBLISHER_URL: oauth.url,
      BROWSER: browser,
    };
    const result = await runBuilt(['login', '--port', String(port), '--timeout', '20'], loginEnv);
    expect(result.stderr).toMatch(/logged in \(profile local\)/);
    expect(result.code).toBe(0);
    const authorize = oauth.requestsTo('/a/account/oauth/authorize')[0].query;
    expect(authorize.get('redirect_uri')).toBe(registeredCallback);
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('state')).toMatch(/.{16,}/);
    const token = oauth.requestsTo('/a/account/oauth/token')[0].fields;
    expect(token).toMatchObject({ grant_type: 'authorization_code', code: 'live-code-1', redirect_uri: registeredCallback });
    expect(token.code_verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(JSON.parse(readFileSync(join(config, 'config.json'), 'utf8')).profiles.local.token).toBe('live-access-token-1');
  });

  it("still refuses a callback whose state is not this login's, storing nothing", async () => {
    const port = await freePort();
    registeredCallback = `http://127.0.0.1:${port}/callback`;
    stateSent = () => 'forged-state';
    const config = join(dir, 'forged-config');
    const result = await runBuilt(['login', '--port', String(port), '--timeout', '20'], {
      BOXOFFICE_CONFIG_DIR: config,
      BOXOFFICE_AUTH_URL: oauth.url,
      BOXOFFICE_API_URL: oauth.url,
      BOXOFFICE_PUBLISHER_URL: oauth.url,
      BROWSER: browser,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('state mismatch');
    expect(oauth.requestsTo('/a/account/oauth/token').length).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The same attendees from a default and a --quirks sandbox
// ---------------------------------------------------------------------------------------------

/** An event whose attendees have every status and answers, some none; returns its numeric id. */
function seedLiveLikeEvent(sandbox: TestSandbox, orders: number): number {
  const { db } = sandbox;
  const owner = findAccountByEmail(db, ORGANIZER_EMAIL);
  if (!owner) throw new Error('no organizer account');
  const now = new Date('2026-02-01T09:00:00Z');
  const eventId = insertEvent(
    db,
    owner.id,
    {
      event_type: 'public',
      type: 'ticketing',
      title: 'Same attendees',
      url: `same-attendees-${Math.random().toString(36).slice(2, 8)}`,
      subdomain: null,
      segment: null,
      category: 'music',
      topics: null,
      start_date: '2031-06-01',
      start_time: '09:00',
      end_date: '2031-06-01',
      end_time: '18:00',
      about: 'x',
      listing_image: 'https://example.test/l.png',
      header_image: 'https://example.test/h.png',
      contact_info: 'x@example.test',
      country: null,
      state: null,
      city: 'Pune',
      postal: null,
      address: null,
    },
    now,
  );
  const ticketId = insertTicket(
    db,
    eventId,
    {
      name: 'General',
      description: null,
      price: 300,
      currency: 'INR',
      quantity: orders * 2 + 5,
      status: 'active',
      start_date: '2026-01-01',
      start_time: '00:00',
      end_date: '2031-05-31',
      end_time: '23:59',
      min_quantity: 1,
      max_quantity: 10,
      service_fee: 1,
      allow_cancellation: 1,
      shipping_charge: null,
      shipping_charge_type: null,
    },
    now,
  );
  const setStatus = db.prepare('UPDATE attendees SET status = ? WHERE ticket_no = ?');
  for (let index = 0; index < orders; index += 1) {
    const order = insertOrder(db, {
      eventId,
      buyer: { name: `Buyer ${index}`, email: `b${index}@example.test`, phone: null, city: 'Pune' },
      lines: [{ ticketId, quantity: 2, unitPrice: 300 }],
      attendees: [0, 1].map((position) => ({
        ticketId,
        name: `Guest ${index}-${position}`,
        email: `g${index}-${position}@example.test`,
        answers:
          (index + position) % 3 === 0
            ? []
            : [
                { label: 'Job title', value: `Role ${index}` },
                { label: 'Company name', value: `Firm ${index % 7}` },
              ],
      })),
      createdAt: new Date(now.getTime() + index * 1000),
    });
    setStatus.run(STATUSES[index % 3], `${order.orderNo}-2`);
  }
  return eventId;
}

describe('the same attendees from the default and the --quirks sandbox', () => {
  const sandboxes: TestSandbox[] = [];
  afterAll(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  });

  /** What must not depend on the list's shapes: each attendee's ticket, status, name, email, cost, city, answers. */
  const attendeeKey = (row: Record<string, string>) =>
    [row.ticketName, row.attendeeStatus, row.attendeeName, row.attendeeEmail, row.orderCost, row.city, row['Job title'], row['Company name']].join('|');
  const sorted = (rows: Record<string, string>[]) => rows.map(attendeeKey).sort();

  it("export and insights give the same figures, the --quirks list (live shapes, newest first) asked by the event's code", async () => {
    const exports: Record<string, string>[][] = [];
    const figures: Record<string, unknown>[] = [];
    for (const quirks of [false, true]) {
      const sandbox = await startTestSandbox({ quirks });
      sandboxes.push(sandbox);
      const eventId = seedLiveLikeEvent(sandbox, 120);
      const file = join(dir, `same-${quirks ? 'quirks' : 'default'}.csv`);
      const asked = quirks ? idCode('event', eventId) : String(eventId);
      const sandboxEnv = {
        BOXOFFICE_CONFIG_DIR: join(dir, 'same-config'),
        BOXOFFICE_API_URL: sandbox.url,
        BOXOFFICE_PUBLISHER_URL: sandbox.url,
        BOXOFFICE_AUTH_URL: sandbox.url,
        BOXOFFICE_TOKEN: sandbox.tokens.organizer,
      };
      const result = await runBuilt(['attendees', 'export', asked, '-o', file], sandboxEnv);
      expect(result.stderr).toMatch(/exported 240 attendees from 120 orders/);
      expect(result.code).toBe(0);
      exports.push(csvRecords(readFileSync(file, 'utf8')));
      const insights = await runBuilt(['--json', 'insights', asked, '--timezone', 'Asia/Kolkata'], sandboxEnv);
      expect(insights.stderr).toBe('');
      const document = JSON.parse(insights.stdout) as Record<string, unknown>;
      figures.push({ totals: document.totals, daily: document.daily, tickets: document.tickets, cities: document.cities });
    }
    const [plain, live] = exports;
    // The live shapes: newest first, a code per issued ticket, short ticket numbers, 2020 order numbers, date precision.
    expect(live[0].orderNo).toMatch(/^RK610K-E[A-Z]{5,}-\d{6}-\d{6}-\d+$/);
    expect(live[0].purchaseDate).toMatch(/^\d{4}-\d\d-\d\d 00:00:00\.000000$/);
    expect([live[0].ticketNo, live[1].ticketNo, live.at(-1)?.ticketNo]).toEqual(['239', '240', '2']);
    expect(new Set(live.map((row) => row.ticketId)).size).toBe(240);
    // Every third order's attendees come with name: null, their names only in details: the column is filled all the same.
    expect(live.every((row) => row.attendeeName !== '')).toBe(true);
    expect(sorted(live)).toEqual(sorted(plain));
    expect(figures[1]).toEqual(figures[0]);
    expect((figures[0].totals as { orders: number }).orders).toBe(120);
  }, 120_000);
});
