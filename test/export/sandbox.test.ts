// Acceptance: `boxoffice attendees export` against the real sandbox over loopback HTTP, in-process
// and as a process. The same seeded data must give byte-identical files under the sandbox's own
// counting, under --quirks (the live service's counting and shapes), under --faults rate=0.1, and
// after an interruption followed by --resume.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/session/deps.js';
import type { SandboxExtension } from '../../src/sandbox/context.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { runInProcess } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox, type TestSandboxOptions } from '../helpers/sandbox.js';
import { untilFile } from '../helpers/file-event.js';
import { nextRecordOf } from './fixtures.js';
import { seedAttendeeEvent, type SeededEvent } from './sandbox-seed.js';

const run = promisify(execFile);
const ORDERS = 260;
const SEED = { orders: ORDERS, lateLabelFrom: 255, hostileAt: 7 };

/** The client's retry waits pass at once: no test sleeps for real. */
const instantClock: Clock = { now: () => new Date(), sleep: async (_ms, signal) => signal?.throwIfAborted() };

let dir: string;
const sandboxes: TestSandbox[] = [];

async function seededSandbox(options: TestSandboxOptions = {}): Promise<{ sandbox: TestSandbox; event: SeededEvent }> {
  const sandbox = await startTestSandbox(options);
  sandboxes.push(sandbox);
  return { sandbox, event: seedAttendeeEvent(sandbox.db, SEED) };
}

function envFor(sandbox: TestSandbox): Record<string, string> {
  return {
    BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_TOKEN: sandbox.tokens.admin,
  };
}

async function exportInProcess(sandbox: TestSandbox, event: SeededEvent, file: string, extra: string[] = [], signal?: AbortSignal) {
  return runInProcess(['attendees', 'export', event.eventId, '-o', file, ...extra], {
    env: envFor(sandbox),
    clock: instantClock,
    signal,
  });
}

let reference: string;
let normal: { sandbox: TestSandbox; event: SeededEvent };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-sandbox-'));
  normal = await seededSandbox();
  const result = await exportInProcess(normal.sandbox, normal.event, join(dir, 'reference.csv'));
  expect(result.stderr).toMatch(/exported/);
  expect(result.code).toBe(0);
  reference = await readFile(join(dir, 'reference.csv'), 'utf8');
});

afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('attendees export against the sandbox', () => {
  it('exports every attendee exactly once with the contract columns, late labels and neutralised cells', () => {
    const rows = csvRecords(reference);
    expect(rows).toHaveLength(normal.event.attendees);
    expect(new Set(rows.map((row) => row.ticketNo)).size).toBe(normal.event.attendees);
    expect(new Set(rows.map((row) => row.orderNo)).size).toBe(ORDERS);
    const header = Object.keys(rows[0]);
    expect(header).toEqual([
      'orderNo',
      'purchaseDate',
      'buyerName',
      'buyerEmail',
      'phoneNo',
      'city',
      'ticketId',
      'ticketName',
      'ticketNo',
      'attendeeName',
      'attendeeEmail',
      'checkin',
      'attendeeStatus',
      'orderCost',
      'Company',
      'T-shirt size',
      '\'@risky, "label"',
      'Notes',
      'Wheelchair access',
    ]);
    expect(rows.filter((row) => row['Wheelchair access'] === 'yes').length).toBeGreaterThan(0);
    expect(rows[0].purchaseDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const hostile = rows.find((row) => row.attendeeName.includes('HYPERLINK')) as Record<string, string>;
    expect(hostile.attendeeName).toBe('\'=HYPERLINK("http://evil.test","click")');
    expect(hostile['\'@risky, "label"']).toBe("'+1+cmd|' /C calc'!A0");
    expect(hostile.Notes).toBe('line one\nline two, "quoted"; -2+3 ✓ Zürich');
  });

  it('gives the same attendees against a --quirks sandbox (0-based counting, keyed records, newest first, the live shapes)', async () => {
    const quirky = await seededSandbox({ quirks: true });
    const file = join(dir, 'quirks.csv');
    const result = await exportInProcess(quirky.sandbox, quirky.event, file);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^exported \d+ attendees from \d+ orders in /m);
    // What does not depend on the list's shapes: who, with which ticket and answers, for what cost.
    const people = (csv: string) =>
      csvRecords(csv)
        .map((row) => [row.attendeeName, row.attendeeEmail, row.ticketName, row.orderCost, row.Company, row.Notes].join('|'))
        .sort();
    expect(people(await readFile(file, 'utf8'))).toEqual(people(reference));
  });

  it('gives the identical file against --faults rate=0.1 (the client retries)', async () => {
    const faulty = await seededSandbox({ faults: 'rate=0.1,seed=7' });
    const file = join(dir, 'faults.csv');
    const result = await exportInProcess(faulty.sandbox, faulty.event, file);
    expect(result.stderr).toMatch(/waiting \d+s before retrying/);
    expect(result.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(reference);
  });

  it('leaves no file when interrupted, and --resume yields the identical file', async () => {
    const controller = new AbortController();
    let calls = 0;
    const interrupter: SandboxExtension = {
      name: 'interrupt after three batches',
      middleware(app) {
        app.use('*', async (c, next) => {
          if (c.req.path === '/api/e/attendee-list' && ++calls === 4) controller.abort(new Error('interrupted'));
          await next();
        });
      },
    };
    const target = await seededSandbox({ extensions: [...defaultExtensions(), interrupter] });
    const file = join(dir, 'resumed.csv');
    const first = await exportInProcess(target.sandbox, target.event, file, [], controller.signal);
    expect(first.code).toBe(130);
    expect(existsSync(file)).toBe(false);
    expect(first.stderr).toContain('--resume');

    const second = await exportInProcess(target.sandbox, target.event, file, ['--resume']);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/^resuming at record [1-9]\d*/);
    expect(await readFile(file, 'utf8')).toBe(reference);
  });

  it('stops with the checkpoint kept when a fault outlasts the retries, and resumes to the identical file', async () => {
    let calls = 0;
    let down = true;
    const outage: SandboxExtension = {
      name: 'a lasting outage after three batches',
      middleware(app) {
        app.use('*', async (c, next) => {
          if (c.req.path === '/api/e/attendee-list' && down && ++calls > 3) {
            return c.json({ status: 'error', message: 'E011', description: 'unspecified failure; retry later' }, 503);
          }
          await next();
        });
      },
    };
    const failing = await seededSandbox({ extensions: [...defaultExtensions(), outage] });
    const file = join(dir, 'failing.csv');
    const first = await exportInProcess(failing.sandbox, failing.event, file);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/error E011/);
    expect(first.stderr).toContain(`-o ${file} --format csv --resume`);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.checkpoint.json`)).toBe(true);

    down = false;
    const second = await exportInProcess(failing.sandbox, failing.event, file, ['--resume']);
    expect(second.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(reference);
  });

  it('stops with the error of an answer that fails its check, though the next request went out meanwhile; resumes to the identical file', async () => {
    let broken = true;
    const fromRecords: number[] = [];
    const brokenAnswer: SandboxExtension = {
      name: 'an attendee-list answer of the wrong shape for the records from 100',
      middleware(app) {
        app.use('*', async (c, next) => {
          await next();
          if (c.req.path !== '/api/e/attendee-list') return;
          const fromRecord = Number((await c.req.parseBody()).fromRecord);
          fromRecords.push(fromRecord);
          if (broken && fromRecord === 100) c.res = Response.json({ status: 'success', attendee: [{ orderNo: 'A100', attendee: 'not a list' }] });
        });
      },
    };
    const failing = await seededSandbox({ extensions: [...defaultExtensions(), brokenAnswer] });
    const file = join(dir, 'broken-answer.csv');
    const first = await exportInProcess(failing.sandbox, failing.event, file);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/^error: get the attendee list: unexpected response: attendee: /);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.checkpoint.json`)).toBe(true);
    // Requests went out in list order, the one after the broken answer before it was checked.
    expect(fromRecords).toEqual([...fromRecords].sort((a, b) => a - b));
    expect(fromRecords).toContain(150);

    broken = false;
    const second = await exportInProcess(failing.sandbox, failing.event, file, ['--resume']);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/^resuming at record 100 /);
    expect(await readFile(file, 'utf8')).toBe(reference);
  });

  it("refuses another account's token with exit 3 (E008) and leaves nothing behind", async () => {
    const file = join(dir, 'refused.csv');
    const result = await runInProcess(['attendees', 'export', normal.event.eventId, '-o', file], {
      env: { ...envFor(normal.sandbox), BOXOFFICE_TOKEN: normal.sandbox.mintToken('organizer', 'not-the-holder@example.test') },
      clock: instantClock,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/E008/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.checkpoint.json`)).toBe(false);
    expect(existsSync(`${file}.spool`)).toBe(false);
    expect(existsSync(`${file}.orders.ndjson`)).toBe(false);
  });

  it('works as a process: CSV to a file, NDJSON to stdout with the summary on stderr', async () => {
    const file = join(dir, 'process.csv');
    const env = { ...process.env, ...envFor(normal.sandbox), CI: 'true' };
    await run(process.execPath, ['bin/boxoffice.js', 'attendees', 'export', normal.event.eventId, '-o', file], { env });
    expect(await readFile(file, 'utf8')).toBe(reference);

    const piped = await run(process.execPath, ['bin/boxoffice.js', 'attendees', 'export', normal.event.eventId, '--format', 'ndjson'], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines).toHaveLength(normal.event.attendees);
    expect(lines.find((line) => line.attendeeName.includes('HYPERLINK'))?.attendeeName).toBe('=HYPERLINK("http://evil.test","click")');
    expect(piped.stderr).toMatch(new RegExp(`exported ${normal.event.attendees} attendees from ${ORDERS} orders`));
  });

  it("as a process, leaves the next run's code cache as it is (V8's heap flags are put back before the CLI writes it)", async () => {
    const cacheHome = join(dir, 'code-cache');
    const env = { ...process.env, ...envFor(normal.sandbox), CI: 'true', XDG_CACHE_HOME: cacheHome };
    const exportOnce = () =>
      run(process.execPath, ['bin/boxoffice.js', 'attendees', 'export', normal.event.eventId, '-o', join(dir, 'cached.csv'), '--force'], { env });
    await exportOnce();
    const [cache] = readdirSync(join(cacheHome, 'boxoffice')).filter((name) => name.endsWith('-attendees-export.v8'));
    const cacheFile = join(cacheHome, 'boxoffice', cache);
    utimesSync(cacheFile, new Date(0), new Date(0));
    await exportOnce();
    expect(statSync(cacheFile).mtimeMs).toBe(0);
    expect(await readFile(join(dir, 'cached.csv'), 'utf8')).toBe(reference);
  });

  it('survives kill -9 after checkpoints were written: --resume gives the file an uninterrupted run gives', async () => {
    // Every call held 60 ms, so the export runs long enough to checkpoint (once a second) before the kill.
    const slow = await startTestSandbox({ faults: 'rate=1,kinds=delay,delay=60ms' });
    sandboxes.push(slow);
    const event = seedAttendeeEvent(slow.db, { orders: 2_500, lateLabelFrom: 2_450, hostileAt: 7 });
    const whole = join(dir, 'whole.csv');
    expect((await exportInProcess(slow, event, whole)).code).toBe(0);

    const file = join(dir, 'killed.csv');
    const env = { ...process.env, ...envFor(slow), CI: 'true' };
    const child = spawn(process.execPath, ['bin/boxoffice.js', 'attendees', 'export', event.eventId, '-o', file], { env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await untilFile(`${file}.checkpoint.json`, (path) => nextRecordOf(path) >= 500);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(existsSync(file)).toBe(false);

    const resumed = await exportInProcess(slow, event, file, ['--resume']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/^resuming at record [1-9]\d* /m);
    expect(await readFile(file, 'utf8')).toBe(await readFile(whole, 'utf8'));
  }, 60_000);
});
