// bookings list against a real sandbox: any range is fetched in windows the service accepts
// (never T009), bookings on every window's first and last day are all there, once each, and
// nothing outside the range appears. Bookings are created through the sandbox's own E12 form
// post, at chosen instants of its injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxExtension } from '../../../../src/sandbox/context.js';
import { defaultExtensions } from '../../../../src/sandbox/app.js';
import { splitIntoWindows } from '../../../../src/bookings/windows.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';
import { runInProcess } from '../../../helpers/cli.js';
import { registerBookingsList } from '../../../../src/cli/commands/bookings/list.js';
import { parseVerb, verbAt } from '../../support/verb.js';

interface Created {
  orderNo: string;
  /** UTC date the sandbox recorded it on. */
  date: string;
}

let sandbox: TestSandbox;
let configDir: string;
let now = new Date('2026-01-01T12:00:00.000Z');
const created: Created[] = [];
/** Every E13 answer the sandbox gave: the range asked and the code when refused. */
const listCalls: { status: number; code?: string }[] = [];

/** Records E13 outcomes as the sandbox sends them, independently of what the CLI reports. */
const recorder: SandboxExtension = {
  name: 'test-e13-recorder',
  middleware(app) {
    app.use('/api/e/get-booking-list', async (c, next) => {
      await next();
      const body = (await c.res.clone().json()) as { status: string; message?: string };
      listCalls.push({ status: c.res.status, code: body.status === 'error' ? body.message : undefined });
    });
  },
};

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A booking made at `instant` through the service's form post, as a buyer's browser would. */
async function book(instant: string): Promise<void> {
  now = new Date(instant);
  const orderNo = `B-${instant}`;
  const response = await fetch(`${sandbox.url}/em/booking`, {
    method: 'POST',
    body: new URLSearchParams({
      amount: '100',
      orderNo,
      bookingKey: sandbox.tokens.bookingKey,
      callbackUrl: 'http://127.0.0.1:9/return',
    }),
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Sandbox payment');
  created.push({ orderNo, date: instant.slice(0, 10) });
}

/** Bookings at the first and last instant of each window's first and last day, and just outside the range. */
async function bookEdges(fromDate: string, toDate: string): Promise<void> {
  const days = new Set<string>([addDays(fromDate, -1), addDays(toDate, 1)]);
  for (const window of splitIntoWindows(fromDate, toDate)) {
    days.add(window.fromDate);
    days.add(window.toDate);
  }
  for (const day of days) {
    await book(`${day}T00:00:00.000Z`);
    await book(`${day}T23:59:59.999Z`);
  }
}

function env(): Record<string, string> {
  return {
    ...organizerEnv(sandbox, configDir),
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
  };
}

const RANGES = [
  { days: 1, fromDate: '2026-02-10' },
  { days: 31, fromDate: '2026-01-01' },
  { days: 32, fromDate: '2026-03-01' },
  { days: 95, fromDate: '2026-04-20' },
  // Crosses a year end and the leap day 2028-02-29.
  { days: 400, fromDate: '2027-11-20' },
] as const;

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-list-'));
  sandbox = await startTestSandbox({ clock: { now: () => now }, extensions: [recorder, ...defaultExtensions()] });
  for (const range of RANGES) await bookEdges(range.fromDate, addDays(range.fromDate, range.days - 1));
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('bookings list over windows, against the sandbox', () => {
  it.each(RANGES)('$days-day range from $fromDate: every booking once, no T009', async ({ days, fromDate }) => {
    const toDate = addDays(fromDate, days - 1);
    const callsBefore = listCalls.length;
    const result = await runInProcess(['bookings', 'list', '--from-date', fromDate, '--to-date', toDate, '--json'], { env: env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as { status: string; bookings: { orderNo: string }[] };
    expect(body.status).toBe('success');

    const got = body.bookings.map((booking) => booking.orderNo);
    const expected = created.filter((booking) => booking.date >= fromDate && booking.date <= toDate).map((b) => b.orderNo);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual([...expected].sort());
    // The bookings just outside the range exist, and were not listed.
    expect(created.some((booking) => booking.date === addDays(fromDate, -1))).toBe(true);
    expect(got.every((orderNo) => !orderNo.includes(addDays(fromDate, -1)) && !orderNo.includes(addDays(toDate, 1)))).toBe(true);

    const calls = listCalls.slice(callsBefore);
    expect(calls).toHaveLength(Math.ceil(days / 31));
    expect(calls.every((call) => call.status === 200 && call.code === undefined)).toBe(true);
  });

  it('the sandbox itself refuses a 33-day span with T009 (the limit the windows stay inside)', async () => {
    const response = await fetch(`${sandbox.url}/api/e/get-booking-list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.tokens.organizer}` },
      body: new URLSearchParams({ fromDate: '2026-01-01', toDate: '2026-02-02', bookingKey: sandbox.tokens.bookingKey }),
    });
    expect(((await response.json()) as { message: string }).message).toBe('T009');
  });
});

describe('bookings list output', () => {
  const range = ['bookings', 'list', '--from-date', '2026-02-10', '--to-date', '2026-02-10'];

  it('is one tab-separated line per booking when piped', async () => {
    const result = await runInProcess(range, { env: env() });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    // The fixed columns: orderNo, createdOn, status, amount, currency.
    expect(lines[0].split('\t')).toEqual(['B-2026-02-10T00:00:00.000Z', '2026-02-10 00:00:00', 'initiated', '100', 'INR']);
    expect(lines[0]).toContain('\t2026-02-10 00:00:00\t');
    expect(result.stdout).not.toContain('│');
  });

  it('is a table with a header on a terminal', async () => {
    const result = await runInProcess(range, { env: { ...env(), NO_COLOR: '1' }, stdoutIsTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Order +Created +Status +Amount +Currency\n─+\n/);
    expect(result.stdout).toContain('B-2026-02-10T23:59:59.999Z');
    expect(result.stdout).not.toContain('┌');
  });

  it('is CSV with a header row with --format csv, the fixed columns first, then every other field', async () => {
    const result = await runInProcess([...range, '--format', 'csv'], { env: env() });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0].startsWith('orderNo,createdOn,status,amount,currency,')).toBe(true);
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['bookingId', 'amountInr', 'pg']));
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith('B-2026-02-10T00:00:00.000Z,2026-02-10 00:00:00,initiated,100,INR')).toBe(true);
  });

  it('shows one progress line that updates in place on a terminal stderr, cleared at the end; none when not a terminal', async () => {
    const args = ['bookings', 'list', '--from-date', '2026-04-20', '--to-date', '2026-07-23'];
    const tty = await runInProcess(args, { env: env(), stderrIsTTY: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).not.toContain('\n');
    const redraws = tty.stderr.split('\r\x1b[K');
    expect(redraws).toEqual([
      '',
      expect.stringMatching(/^reading bookings: window 1 of 4 \(up to 2026-05-20\), \d+ bookings? so far$/),
      expect.stringMatching(/^reading bookings: window 2 of 4 \(up to 2026-06-20\), \d+ bookings? so far$/),
      expect.stringMatching(/^reading bookings: window 3 of 4 \(up to 2026-07-21\), \d+ bookings? so far$/),
      expect.stringMatching(/^reading bookings: window 4 of 4 \(up to 2026-07-23\), \d+ bookings? so far$/),
      '',
    ]);
    expect((await runInProcess(args, { env: env() })).stderr).toBe('');
  });

  it('says so on a terminal when the range has no bookings, and prints nothing when piped', async () => {
    const empty = ['bookings', 'list', '--from-date', '2030-01-01', '--to-date', '2030-01-31'];
    const tty = await runInProcess(empty, { env: env(), stdoutIsTTY: true });
    expect(tty).toMatchObject({ code: 0, stdout: '' });
    expect(tty.stderr).toContain('no bookings');
    const piped = await runInProcess(empty, { env: env() });
    expect(piped).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a wrong booking key is E001, exit 3, the key not echoed', async () => {
    const result = await runInProcess(range, { env: { ...env(), BOXOFFICE_BOOKING_KEY: 'not-a-key' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('E001');
    expect(result.stderr).not.toContain('not-a-key');
  });
});

describe('bookings list: flags → options', () => {
  const verb = verbAt('bookings list', registerBookingsList);

  it("defaults: a table, no key named, the client's own wait", async () => {
    const parsed = await parseVerb(verb, ['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      { fromDate: '2026-01-01', toDate: '2026-01-31', bookingKeyFile: undefined, format: 'table', yes: undefined, maxWaitMs: undefined },
    ]);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'bookings',
      'list',
      '--from-date',
      '2026-01-01',
      '--to-date',
      '2026-12-31',
      '--booking-key-file',
      'key.txt',
      '--format',
      'csv',
      '--yes',
      '--max-wait',
      '10m',
    ]);
    expect(parsed.runs).toEqual([{ fromDate: '2026-01-01', toDate: '2026-12-31', bookingKeyFile: 'key.txt', format: 'csv', yes: true, maxWaitMs: 600_000 }]);
  });

  it.each([
    [['bookings', 'list', '--to-date', '2026-01-31'], '--from-date'],
    [['bookings', 'list', '--from-date', '2026-02-30', '--to-date', '2026-03-01'], '--from-date'],
    [['bookings', 'list', '--from-date', '2026-03-01', '--to-date', '2026-02-01'], '--to-date'],
    [['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31', '--format', 'xml'], '--format'],
    [['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31', '--max-wait', 'ever'], '--max-wait'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
