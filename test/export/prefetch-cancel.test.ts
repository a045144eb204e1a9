// The export asks for batches ahead of the one it writes (--prefetch), one after another; past
// the end of the list those requests are dropped, and dropping one must cancel it: the sandbox sees the connection
// close before it answers, and the export does not wait for the answer. The sandbox here holds
// every answer past the first empty batch until the client goes away (or 20 s), and counts the
// requests the client cancelled. Runs the built CLI as a process.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExtension } from '../../src/sandbox/context.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { seedAttendeeEvent, type SeededEvent } from './sandbox-seed.js';

const run = promisify(execFile);
const HOLD_MS = 20_000;
const PREFETCH = 4;

/** fromRecord of every empty batch asked for, and how many held answers the client cancelled. */
const emptyBatchStarts = new Set<number>();
let cancelledAtSandbox = 0;
let answeredPastEnd = 0;

const holdPastTheEnd: SandboxExtension = {
  name: 'hold attendee-list answers past the first empty batch',
  middleware(app) {
    app.use('*', async (c, next) => {
      await next();
      if (c.req.path !== '/api/e/attendee-list' || c.res.status !== 200) return;
      const body = (await c.res.clone().json()) as { attendee?: unknown[] };
      if (!Array.isArray(body.attendee) || body.attendee.length > 0) return;
      const fromRecord = Number((await c.req.parseBody()).fromRecord);
      emptyBatchStarts.add(fromRecord);
      // Requests ahead are chained (each sent once the one before was answered): the first empty
      // batch arrives first, and is answered.
      if (fromRecord === Math.min(...emptyBatchStarts)) return;
      const signal = c.req.raw.signal;
      await new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        // timer under test: an answer the sandbox holds until the client goes away, or HOLD_MS.
        const timer = setTimeout(resolve, HOLD_MS);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (signal.aborted) cancelledAtSandbox += 1;
      else answeredPastEnd += 1;
    });
  },
};

let sandbox: TestSandbox;
let event: SeededEvent;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-prefetch-'));
  sandbox = await startTestSandbox({ extensions: [...defaultExtensions(), holdPastTheEnd] });
  event = seedAttendeeEvent(sandbox.db, { orders: 120 });
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('attendees export --prefetch', () => {
  it('cancels the requests it drops past the end of the list instead of waiting for them', async () => {
    const file = join(dir, 'attendees.csv');
    const started = Date.now();
    const result = await run(process.execPath, ['bin/boxoffice.js', 'attendees', 'export', event.eventId, '-o', file, '--prefetch', String(PREFETCH)], {
      env: {
        ...process.env,
        BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
        BOXOFFICE_API_URL: sandbox.url,
        BOXOFFICE_PUBLISHER_URL: sandbox.url,
        BOXOFFICE_AUTH_URL: sandbox.url,
        BOXOFFICE_TOKEN: sandbox.tokens.admin,
        CI: 'true',
      },
      timeout: 60_000,
    });
    const elapsedMs = Date.now() - started;
    expect(result.stderr).toMatch(/exported [\d,]+ attendees/);
    expect((await readFile(file, 'utf8')).split('\n').length).toBeGreaterThan(event.attendees);
    // Every request asked for after the first empty batch was dropped and cancelled. Requests
    // ahead are chained (each sent once the one before was answered), so at most one follows it.
    await expect.poll(() => cancelledAtSandbox, { timeout: 5_000 }).toBe(emptyBatchStarts.size - 1);
    expect(emptyBatchStarts.size - 1).toBeLessThanOrEqual(1);
    expect(answeredPastEnd).toBe(0);
    expect(elapsedMs).toBeLessThan(HOLD_MS / 2);
  }, 90_000);
});
