// The CLI against the attendee list as the live service sent it in the pasted 2020 response and
// a 2016 fixture (live-service-evidence "Attendee list"), one fact a test: a fixture server
// serves the live shapes, and the built CLI (`node bin/boxoffice.js`, build first) exports them
// and counts them with insights.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FixtureReply, type FixtureServer, type RecordedRequest, startFixtureServer } from '../client/fixture-server.js';

const REPO = new URL('../../', import.meta.url).pathname;
const EVENT = 'EFAAIIF';

function runBuilt(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BOXOFFICE_') && name !== 'CI'));
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/boxoffice.js', ...argv], { cwd: REPO, env: { ...inherited, CI: 'true', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const calcutta = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Calcutta' });

/** An attendee as in the 2020 capture: a code per issued ticket, name null, names in details. */
const issued = (code: string, ticketNo: string, first: string, last: string, extra: Record<string, unknown> = {}) => ({
  ticketName: 'Early Bird',
  ticketId: code,
  name: null,
  email: `${first.toLowerCase()}@example.test`,
  checkin: 'no',
  ticketNo,
  status: 'attending',
  details: { 'First Name': first, 'Last Name': last, Gender: 'F', 'T-shirt size': 'M', ...extra },
});

/** The 2020 capture's records, newest first, JSON numbers, date precision, "" for unknown fields. */
const CAPTURE_2020 = [
  {
    orderNo: 'RK610K-EFAAIIF-200227-225802-1484',
    orderCost: 0,
    quantity: 2,
    status: 'success',
    paidBy: 'Free',
    paidTo: '',
    refundAmount: '',
    city: '',
    state: '',
    country: '',
    address: '',
    zipcode: '',
    phoneNo: '+91 96118 00000',
    purchaseDate: calcutta('2020-02-27 00:00:00.000000'),
    name: 'Meera Rao',
    email: 'meera@example.test',
    attendee: [issued('TKCFGGIJG', '161', 'Meera', 'Rao'), issued('TKCFGGIJJ', '162', 'Kavya', 'Rao')],
  },
  {
    orderNo: 'RK610K-EFAAIIF-200226-101500-1483',
    orderCost: 500,
    quantity: 1,
    status: 'success',
    paidBy: 'online',
    paidTo: '',
    refundAmount: '',
    city: 'Pune',
    state: '',
    country: '',
    address: '',
    zipcode: '',
    phoneNo: '',
    purchaseDate: calcutta('2020-02-26 00:00:00.000000'),
    name: null,
    email: 'dev@example.test',
    attendee: [issued('TKCFGGIJH', '160', 'Dev', 'Shah', { Designation: 'CTO' })],
  },
];

/** A 2016 fixture: numbers as numeric text, seconds precision, a paidBy beyond the sample, nulls. */
const FIXTURE_2016 = [
  {
    orderNo: 'E4CACB-694',
    orderCost: '127.19',
    quantity: '2',
    status: 'success',
    paidBy: 'cash on delivery',
    paidTo: null,
    refundAmount: null,
    city: null,
    state: null,
    country: null,
    address: null,
    zipcode: null,
    phoneNo: null,
    purchaseDate: { date: '2016-05-04 18:22:10', timezone_type: 3, timezone: 'Asia/Calcutta' },
    name: 'Old Buyer',
    email: null,
    attendee: [
      { ticketName: 'General', ticketId: '77', name: 'Old One', email: null, checkin: null, ticketNo: 'E4CACB-694', status: 'attending', details: [] },
      { ticketName: null, ticketId: null, name: null, email: null, checkin: null, ticketNo: null, status: null, details: null },
    ],
  },
];

/** A record with nothing but its order number: null or missing everywhere else. */
const BARE = [{ orderNo: 'BARE-1', orderCost: null, quantity: null, purchaseDate: null, name: null, email: null, attendee: null }];

let server: FixtureServer;
let list: unknown[] = [];
let dir: string;
let env: Record<string, string>;

function routes(request: RecordedRequest): FixtureReply {
  if (request.path === '/api/e/attendee-list') {
    const from = Number(request.fields.fromRecord);
    const records = list.slice(from, Number(request.fields.toRecord));
    return { body: { status: 'success', attendee: from === 0 ? records : Object.fromEntries(records.map((record, index) => [String(from + index), record])) } };
  }
  if (request.path === '/api/e/get-event')
    return {
      body: {
        status: 'success',
        event: { id: 4242, name: 'Live 2020', url: 'live-2020', startDate: calcutta('2020-03-01 10:00:00'), endDate: calcutta('2020-03-01 18:00:00') },
      },
    };
  if (request.path === '/api/e/get-tickets') return { body: { status: 'success', tickets: [] } };
  if (request.path === '/api/e/get-report') return { body: { status: 'success', amount: 0, tickets: [] } };
  return { status: 404, body: { status: 'error', message: 'HTTP 404' } };
}

beforeAll(async () => {
  server = await startFixtureServer(routes);
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-evidence-'));
  env = {
    BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
    BOXOFFICE_API_URL: server.url,
    BOXOFFICE_PUBLISHER_URL: server.url,
    BOXOFFICE_AUTH_URL: server.url,
    BOXOFFICE_TOKEN: 'live-token',
  };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

async function exported(records: unknown[]): Promise<Record<string, string>[]> {
  list = records;
  const file = join(dir, `export-${Math.random().toString(36).slice(2)}.csv`);
  const result = await runBuilt(['attendees', 'export', EVENT, '-o', file], env);
  expect(result.stderr).toMatch(/^exported /m);
  expect(result.code).toBe(0);
  return csvRecords(readFileSync(file, 'utf8'));
}

describe('attendee list as the live service sent it', () => {
  it("keeps each issued ticket's ticketId code as sent and its short ticketNo", async () => {
    const rows = await exported(CAPTURE_2020);
    expect(rows.map((row) => [row.ticketId, row.ticketNo, row.ticketName])).toEqual([
      ['TKCFGGIJG', '161', 'Early Bird'],
      ['TKCFGGIJJ', '162', 'Early Bird'],
      ['TKCFGGIJH', '160', 'Early Bird'],
    ]);
  });

  it('fills the attendee name from First Name and Last Name when name is null', async () => {
    const rows = await exported(CAPTURE_2020);
    expect(rows.map((row) => row.attendeeName)).toEqual(['Meera Rao', 'Kavya Rao', 'Dev Shah']);
    expect(rows[0]['First Name']).toBe('Meera');
    expect(rows[2].buyerName).toBe('');
  });

  it('keeps microsecond and date-only purchase dates, "" fields, JSON numbers and numeric text as sent', async () => {
    const rows = await exported([...CAPTURE_2020, ...FIXTURE_2016]);
    expect(rows.map((row) => row.purchaseDate)).toEqual([
      '2020-02-27 00:00:00.000000',
      '2020-02-27 00:00:00.000000',
      '2020-02-26 00:00:00.000000',
      '2016-05-04 18:22:10',
      '2016-05-04 18:22:10',
    ]);
    expect(rows.map((row) => row.orderCost)).toEqual(['0', '0', '500', '127.19', '127.19']);
    expect(rows[0].city).toBe('');
    expect(rows[0].phoneNo).toBe('+91 96118 00000');
  });

  it('reads null anywhere in a record, a record with nothing but its order number included', async () => {
    const rows = await exported([...FIXTURE_2016, ...BARE]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ orderNo: 'E4CACB-694', ticketId: '', ticketName: '', attendeeName: '', attendeeStatus: '', checkin: '' });
  });

  it('insights counts them all: tickets by name (not by the per-ticket code), every paidBy, dates of either precision, numbers of either kind', async () => {
    list = [...CAPTURE_2020, ...FIXTURE_2016];
    const result = await runBuilt(['--json', 'insights', EVENT, '--timezone', 'Asia/Kolkata'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.totals).toMatchObject({ orders: 3, attendees: 5, revenue: 627.19 });
    expect(document.tickets.map((ticket: { ticket: string; attendees: number }) => [ticket.ticket, ticket.attendees])).toEqual([
      ['Early Bird', 3],
      ['(unnamed ticket)', 1],
      ['General', 1],
    ]);
    expect(document.daily.map((day: { date: string; orders: number }) => [day.date, day.orders])).toEqual([
      ['2016-05-04', 1],
      ['2020-02-26', 1],
      ['2020-02-27', 1],
    ]);
  });
});
