// `boxoffice sandbox start` and `boxoffice sandbox token` as a user runs them: the built CLI as a
// process (start-up line, signals, database file), and in-process for the token verb's errors.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { expectSuccess, post, validEvent } from './api.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'boxoffice.js');
let scratch: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  scratch = mkdtempSync(join(tmpdir(), 'boxoffice-cli-sandbox-'));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  firstLine: string;
  stdout: string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function boxoffice(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true', ...env } });
}

async function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'start', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stdout: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const firstLine = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      stdout.push(line);
      if (stdout.length === 1) resolve(line);
    });
    void exited.then(({ code }) => reject(new Error(`sandbox start exited with ${code} before listening: ${stderr}`)));
  });
  return { child, url: firstLine.replace(/^listening on /, ''), firstLine, stdout, stderr: () => stderr, exited };
}

describe('boxoffice sandbox start (process)', () => {
  it('prints exactly "listening on http://127.0.0.1:PORT", serves, and stops cleanly on SIGTERM', async () => {
    const sandbox = await start(['--port', '0', '--db', ':memory:']);
    expect(sandbox.firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const token = boxoffice(['sandbox', 'token', '--url', sandbox.url]);
    expect(token.status).toBe(0);
    expect(token.stdout).toMatch(/^sbx_at_[A-Za-z0-9_-]+\n$/);
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: token.stdout.trim() }));
    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
    expect(sandbox.stdout).toEqual([sandbox.firstLine]);
  });

  it('stops cleanly on SIGINT', async () => {
    const sandbox = await start(['--port', '0', '--db', ':memory:']);
    sandbox.child.kill('SIGINT');
    const exit = await sandbox.exited;
    expect(exit.signal).toBeNull();
    expect([0, 130]).toContain(exit.code);
    await expect(fetch(`${sandbox.url}/api/e/get-all-events`, { method: 'POST' })).rejects.toThrow();
  });

  it('keeps data in --db FILE across restarts; the default file is in the data directory', async () => {
    const file = join(scratch, 'kept.db');
    const first = await start(['--port', '0', '--db', file]);
    const token = boxoffice(['sandbox', 'token', '--url', first.url]).stdout.trim();
    const fields = validEvent({ startDate: '2099-01-01', endDate: '2099-01-02' });
    const created = expectSuccess(await post(first.url, '/api/e/create', fields, { token }));
    first.child.kill('SIGTERM');
    await first.exited;

    const second = await start(['--port', '0', '--db', file]);
    const read = expectSuccess(await post(second.url, '/api/e/get-event', { eventId: String(created.eventId) }, { token }));
    expect((read.event as { name: string }).name).toBe(fields.eventTitle);
    second.child.kill('SIGTERM');
    await second.exited;

    const dataDir = join(scratch, 'data');
    const byDefault = await start(['--port', '0'], { BOXOFFICE_DATA_DIR: dataDir });
    expect(existsSync(join(dataDir, 'sandbox.db'))).toBe(true);
    byDefault.child.kill('SIGTERM');
    await byDefault.exited;
  });

  it('refuses a bad --port (exit 2) and a port in use (exit 1)', async () => {
    const bad = boxoffice(['sandbox', 'start', '--port', 'eighty', '--db', ':memory:']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--port');
    const running = await start(['--port', '0', '--db', ':memory:']);
    const port = new URL(running.url).port;
    const clash = boxoffice(['sandbox', 'start', '--port', port, '--db', ':memory:']);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain(`port ${port}`);
    expect(clash.stdout).toBe('');
    running.child.kill('SIGTERM');
    await running.exited;
  });
});

describe('boxoffice sandbox token (in-process)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('prints one value per role; --account creates an organizer; BOXOFFICE_API_URL is the default address', async () => {
    const organizer = await runInProcess(['sandbox', 'token', '--url', sandbox.url]);
    expect(organizer).toMatchObject({ code: 0, stderr: '' });
    expect(organizer.stdout).toMatch(/^sbx_at_\S+\n$/);
    const admin = await runInProcess(['sandbox', 'token', '--role', 'admin'], { env: { BOXOFFICE_API_URL: sandbox.url } });
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: admin.stdout.trim() }));
    const booking = await runInProcess(['sandbox', 'token', '--role', 'booking', '--url', sandbox.url]);
    expect(booking.stdout).toBe('sandbox-booking-key-organizer\n');
    const publisher = await runInProcess(['sandbox', 'token', '--role', 'publisher', '--url', sandbox.url]);
    expect(publisher.stdout).toMatch(/^sbx_pk_\S+\n$/);
    const named = await runInProcess(['sandbox', 'token', '--account', 'second@example.test', '--url', sandbox.url]);
    expect(named.code).toBe(0);
    const namedBooking = await runInProcess(['sandbox', 'token', '--role', 'booking', '--account', 'second@example.test', '--url', sandbox.url]);
    expect(namedBooking.stdout.trim()).not.toBe('sandbox-booking-key-organizer');
  });

  it('fails clearly: unknown role (2), admin for an organizer (1), no sandbox listening (1), bad --url (2)', async () => {
    expect((await runInProcess(['sandbox', 'token', '--role', 'root', '--url', sandbox.url])).code).toBe(2);
    const notAdmin = await runInProcess(['sandbox', 'token', '--role', 'admin', '--account', 'organizer@sandbox.local', '--url', sandbox.url]);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.stderr).toContain('E008');
    expect(notAdmin.stdout).toBe('');
    const nobody = await runInProcess(['sandbox', 'token', '--url', 'http://127.0.0.1:9']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('no sandbox answered at http://127.0.0.1:9');
    const badUrl = await runInProcess(['sandbox', 'token', '--url', 'ftp://x']);
    expect(badUrl.code).toBe(2);
  });
});
