// The built CLI against the shapes of the third round of public code (live-service-evidence.md,
// "Third round"), served by a stand-in on loopback: a plain-date purchaseDate, the 2020 capture in
// full (refundAmount null, name null for every attendee, one email for two attendees of an order,
// order-number tails that are not contiguous), and E007 / E008 as the service's library words them.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The importer's fixture, whose values match the service's documentation samples: purchaseDate a plain date. */
const PLAIN_DATE = [
  {
    orderNo: 'E4CACB-690',
    orderCost: '500',
    quantity: '1',
    status: 'success',
    paidBy: 'guest',
    purchaseDate: '2013-11-13',
    name: 'Sample Buyer',
    email: 'buyer@example.test',
    attendee: [
      { ticketName: 'General', ticketId: '77', name: 'Sample One', email: 'one@example.test', checkin: 'no', ticketNo: 'E4CACB-690', status: 'attending' },
    ],
  },
  {
    orderNo: 'E4CACB-691',
    orderCost: '500',
    quantity: '1',
    status: 'success',
    paidBy: 'guest',
    purchaseDate: '2013-11-14',
    name: 'Second Buyer',
    email: 'second@example.test',
    attendee: [
      { ticketName: 'General', ticketId: '77', name: 'Sample Two', email: 'two@example.test', checkin: 'no', ticketNo: 'E4CACB-691', status: 'attending' },
    ],
  },
];

const attendee2020 = (ticketNo: number, first: string, email: string) => ({
  ticketName: 'Early Bird',
  ticketId: `TKCFGG${ticketNo}`,
  name: null,
  email,
  checkin: 'no',
  ticketNo: String(ticketNo),
  status: 'attending',
  details: { 'First Name': first, 'Last Name': 'Rao', Gender: 'F' },
});

/**
 * The 2020 capture in full: newest first, tails 1484, 1478, 1473, 1467, 1283 while ticket numbers
 * run 148–162, name null for every attendee, refundAmount null, the first order's three attendees
 * under one email.
 */
const TAILS = [1484, 1478, 1473, 1467, 1283];
const CAPTURE_2020 = TAILS.map((tail, order) => {
  const firstTicket = 162 - order * 3;
  const email = `buyer${tail}@example.test`;
  return {
    orderNo: `RK610K-EFAAIIF-200227-2258${String(order).padStart(2, '0')}-${tail}`,
    orderCost: 0,
    quantity: 3,
    status: 'success',
    paidBy: 'Free',
    paidTo: '',
    refundAmount: null,
    city: '',
    phoneNo: '+33 1234567890',
    purchaseDate: { date: `2020-02-${27 - order} 00:00:00.000000`, timezone_type: 3, timezone: 'Asia/Calcutta' },
    name: null,
    email,
    attendee: [0, 1, 2].map((seat) => attendee2020(firstTicket - seat, `Guest${tail}x${seat}`, order === 0 ? email : `guest${tail}-${seat}@example.test`)),
  };
});

let server: FixtureServer;
let list: unknown[] = [];
let dir: string;
let env: Record<string, string>;
let eventAnswer: FixtureReply | undefined;

function routes(request: RecordedRequest): FixtureReply {
  if (request.path === '/api/e/attendee-list') {
    if (eventAnswer) return eventAnswer;
    const from = Number(request.fields.fromRecord);
    const records = list.slice(from, Number(request.fields.toRecord));
    return { body: { status: 'success', attendee: from === 0 ? records : Object.fromEntries(records.map((record, index) => [String(from + index), record])) } };
  }
  if (request.path === '/api/e/get-event') {
    if (eventAnswer) return eventAnswer;
    const at = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Calcutta' });
    return {
      body: { status: 'success', event: { id: 4242, name: 'Live', url: 'live', startDate: at('2020-03-01 10:00:00'), endDate: at('2020-03-01 18:00:00') } },
    };
  }
  if (request.path === '/api/e/get-tickets') return { body: { status: 'success', tickets: [] } };
  if (request.path === '/api/e/get-report') return { body: { status: 'success', amount: 0, tickets: [] } };
  return { status: 404, body: { status: 'error', message: 'HTTP 404' } };
}

beforeAll(async () => {
  server = await startFixtureServer(routes);
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-third-round-'));
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

async function exportedAs(format: 'csv' | 'json', records: unknown[]): Promise<Record<string, string>[]> {
  list = records;
  const file = join(dir, `export-${Math.random().toString(36).slice(2)}.${format}`);
  const result = await runBuilt(['attendees', 'export', EVENT, '-o', file, '--format', format], env);
  expect(result.stderr).toMatch(/^exported /m);
  expect(result.code).toBe(0);
  const text = readFileSync(file, 'utf8');
  return format === 'csv' ? csvRecords(text) : (JSON.parse(text) as Record<string, string>[]);
}

/** `attendees sync` into a new SQLite file; its attendee rows. */
async function synced(records: unknown[]): Promise<Record<string, unknown>[]> {
  list = records;
  const file = join(dir, `sync-${Math.random().toString(36).slice(2)}.db`);
  const result = await runBuilt(['attendees', 'sync', EVENT, '--to', file], env);
  expect(result.stderr).not.toMatch(/error/);
  expect(result.code).toBe(0);
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('SELECT attendee_key, order_no, purchase_date, as_sent, attendee_name, attendee_email, ticket_no FROM boxoffice_attendees ORDER BY ticket_no')
      .all();
  } finally {
    db.close();
  }
}

describe('a purchaseDate sent as a plain date ("2013-11-13")', () => {
  it('is kept as given in the CSV and the JSON export', async () => {
    for (const format of ['csv', 'json'] as const) {
      const rows = await exportedAs(format, PLAIN_DATE);
      expect(rows.map((row) => [row.orderNo, row.purchaseDate])).toEqual([
        ['E4CACB-690', '2013-11-13'],
        ['E4CACB-691', '2013-11-14'],
      ]);
    }
  });

  it('is stored as the start of that day by attendees sync, the date as sent kept beside it', async () => {
    const rows = await synced(PLAIN_DATE);
    expect(rows.map((row) => row.purchase_date)).toEqual(['2013-11-13T00:00:00.000Z', '2013-11-14T00:00:00.000Z']);
    expect(rows.map((row) => JSON.parse(String(row.as_sent)).purchaseDate)).toEqual(['2013-11-13', '2013-11-14']);
  });

  it('counts on its day in insights', async () => {
    list = PLAIN_DATE;
    const result = await runBuilt(['--json', 'insights', EVENT, '--timezone', 'Asia/Kolkata'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { daily: { date: string; orders: number }[]; totals: { orders: number } };
    expect(document.totals.orders).toBe(2);
    expect(document.daily.map((day) => [day.date, day.orders])).toEqual([
      ['2013-11-13', 1],
      ['2013-11-14', 1],
    ]);
  });
});

describe('the 2020 capture in full', () => {
  it('exports every attendee: refundAmount null, names only in details, one email for an order, tails not contiguous', async () => {
    const rows = await exportedAs('csv', CAPTURE_2020);
    expect(rows).toHaveLength(15);
    expect(rows.map((row) => Number(row.orderNo.split('-').at(-1)))).toEqual(TAILS.flatMap((tail) => [tail, tail, tail]));
    expect(rows.map((row) => Number(row.ticketNo)).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, index) => 148 + index));
    expect(rows.every((row) => /^Guest\d+x\d Rao$/.test(row.attendeeName))).toBe(true);
    expect(rows.slice(0, 3).map((row) => row.attendeeEmail)).toEqual(['buyer1484@example.test', 'buyer1484@example.test', 'buyer1484@example.test']);
    expect(new Set(rows.slice(0, 3).map((row) => row.attendeeName)).size).toBe(3);
    expect(rows[0].phoneNo).toBe('+33 1234567890');
  });

  it('syncs every attendee, those sharing an email each under its own key', async () => {
    const rows = await synced(CAPTURE_2020);
    expect(rows).toHaveLength(15);
    const shared = rows.filter((row) => row.attendee_email === 'buyer1484@example.test');
    expect(shared.map((row) => row.attendee_key)).toEqual([
      'RK610K-EFAAIIF-200227-225800-1484/160',
      'RK610K-EFAAIIF-200227-225800-1484/161',
      'RK610K-EFAAIIF-200227-225800-1484/162',
    ]);
  });
});

describe('E007 and E008 as the service words them', () => {
  it('E007 names both of its meanings and the command that tells them apart', async () => {
    eventAnswer = {
      body: { status: 'error', message: 'E007', description: "Invalid Event Id or Invalid API key for requested API (use the admin account's access token)" },
    };
    try {
      for (const argv of [
        ['event', 'get', EVENT],
        ['attendees', 'export', EVENT, '-o', join(dir, 'never.csv')],
      ]) {
        const result = await runBuilt(argv, env);
        expect(result.code, argv.join(' ')).toBe(1);
        expect(result.stderr).toBe(
          `error E007: event ${EVENT} not found, or the token is not valid for this API (the service's E007 means either); ` +
            `to tell them apart run boxoffice event list: if it fails or lists event ${EVENT}, the token is the problem ` +
            `(log in with the account holder's access token: boxoffice login); if it works without event ${EVENT}, the id is wrong\n`,
        );
      }
    } finally {
      eventAnswer = undefined;
    }
  });

  it("E008 stays another account's event (exit 3)", async () => {
    eventAnswer = { body: { status: 'error', message: 'E008', description: 'Invalid API Key for given Event Id' } };
    try {
      const exported = await runBuilt(['attendees', 'export', EVENT, '-o', join(dir, 'never.csv')], env);
      expect(exported.code).toBe(3);
      expect(exported.stderr).toBe(
        `error E008: event ${EVENT} belongs to another account; its attendee list is read with that account's token (log in as it: boxoffice login)\n`,
      );
      const read = await runBuilt(['event', 'get', EVENT], env);
      expect(read.code).toBe(3);
      expect(read.stderr).toMatch(new RegExp(`^error E008: event ${EVENT} belongs to another organizer account`));
    } finally {
      eventAnswer = undefined;
    }
  });
});
