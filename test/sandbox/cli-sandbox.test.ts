// `boxoffice sandbox start` and `boxoffice sandbox token` as a user runs them: the built CLI as a
// process (start-up line, signals, database file), and in-process for the token verb's errors.
// Each process test runs several processes one after another, each waited for by its own events
// (a line printed, an exit), never by a time; the time allowed is sized for a busy machine, and
// the CLI runs asynchronously, so that the test's own timeout can always fire.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnvironment, runBuilt } from '../e2e/support/built-cli.js';
import { runInProcess } from '../helpers/cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { expectSuccess, post, validEvent } from './api.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'boxoffice.js');
let scratch: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  scratch = mkdtempSync(join(tmpdir(), 'boxoffice-cli-sandbox-'));
});
/** Every sandbox a test started: one a failed test left running is stopped after it. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Several processes one after another on a machine other tests keep busy. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

interface Started {
  child: ChildProcess;
  url: string;
  firstLine: string;
  stdout: string[];
  /** The stdout line at `index` (0-based), once printed. */
  line(index: number): Promise<string>;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The test process's environment without BOXOFFICE_* (and CI, BROWSER); `undefined` removes a variable. */
function withEnv(changes: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...cleanEnvironment(), ...changes };
  for (const [name, value] of Object.entries(changes)) if (value === undefined) delete env[name];
  return env;
}

function boxoffice(args: string[], env: Record<string, string | undefined> = {}) {
  return runBuilt(args, { env: { BOXOFFICE_DATA_DIR: join(scratch, 'data-default'), CI: 'true', ...env } });
}

/** `env` values of undefined remove the variable; the data directory is the scratch one unless given. */
async function start(args: string[], env: Record<string, string | undefined> = {}): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'start', ...args], {
    env: withEnv({ BOXOFFICE_DATA_DIR: join(scratch, 'data-default'), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const stdout: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const line = (index: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (stdout.length <= index) return;
        lines.off('line', check);
        resolve(stdout[index]);
      };
      lines.on('line', check);
      check();
      void exited.then(({ code }) => reject(new Error(`sandbox start exited with ${code} before printing line ${index + 1}: ${stderr}`)));
    });
  lines.on('line', (text) => stdout.push(text));
  const firstLine = await line(0);
  return { child, url: firstLine.replace(/^listening on /, ''), firstLine, stdout, line, stderr: () => stderr, exited };
}

describe('boxoffice sandbox start (process)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('prints exactly "listening on http://127.0.0.1:PORT", serves, and stops cleanly on SIGTERM', async () => {
    const sandbox = await start(['--port', '0', '--db', ':memory:']);
    expect(sandbox.firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const token = await boxoffice(['sandbox', 'token', '--url', sandbox.url]);
    expect(token.code).toBe(0);
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
    expect(exit.code).toBe(130);
    await expect(fetch(`${sandbox.url}/api/e/get-all-events`, { method: 'POST' })).rejects.toThrow();
  });

  it('keeps data in --db FILE across restarts; the default file is in the data directory', async () => {
    const file = join(scratch, 'kept.db');
    const first = await start(['--port', '0', '--db', file]);
    const token = (await boxoffice(['sandbox', 'token', '--url', first.url])).stdout.trim();
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
    const bad = await boxoffice(['sandbox', 'start', '--port', 'eighty', '--db', ':memory:']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port');
    const running = await start(['--port', '0', '--db', ':memory:']);
    const port = new URL(running.url).port;
    const clash = await boxoffice(['sandbox', 'start', '--port', port, '--db', ':memory:']);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain(`port ${port}`);
    expect(clash.stdout).toBe('');
    running.child.kill('SIGTERM');
    await running.exited;
  });
});

describe('the sandbox secret between processes (docs/sandbox-security.md)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  // As a user runs them: no BOXOFFICE_SANDBOX_SECRET in the environment, one data directory.
  const noSecret = (dataDir: string) => ({ BOXOFFICE_SANDBOX_SECRET: undefined, BOXOFFICE_DATA_DIR: dataDir });

  it('sandbox start writes it to a 0600 file per port in the data directory; sandbox token and seed read it; it goes when the sandbox stops', async () => {
    const dataDir = join(scratch, 'secret-file');
    const sandbox = await start(['--port', '0', '--db', ':memory:'], noSecret(dataDir));
    const port = new URL(sandbox.url).port;
    const file = join(dataDir, `sandbox-${port}.secret`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret).toMatch(/^sbx_secret_[A-Za-z0-9_-]{43}$/);
    expect(sandbox.stdout).toEqual([sandbox.firstLine]);

    const token = await boxoffice(['sandbox', 'token', '--role', 'admin', '--url', sandbox.url], noSecret(dataDir));
    expect(token).toMatchObject({ code: 0, stderr: '' });
    expect(token.stdout).toMatch(/^sbx_at_\S+\n$/);
    const seed = await boxoffice(['sandbox', 'seed', '--orders', '3', '--url', sandbox.url], noSecret(dataDir));
    expect(seed.code).toBe(0);
    expect(seed.stdout).toMatch(/^\d+\n$/);
    const localhost = await boxoffice(['sandbox', 'token', '--url', `http://localhost:${port}`], noSecret(dataDir));
    expect(localhost.code).toBe(0);

    // elsewhere (another data directory, a wrong secret): exit 3 and where it looked, never a secret
    const elsewhere = await boxoffice(['sandbox', 'token', '--url', sandbox.url], noSecret(join(scratch, 'other')));
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stdout).toBe('');
    expect(elsewhere.stderr).toContain(
      `error E001: the sandbox at ${sandbox.url} refused the sandbox secret (from ${join(scratch, 'other', `sandbox-${port}.secret`)} (not found))`,
    );
    expect(elsewhere.stderr).toContain('BOXOFFICE_SANDBOX_SECRET');
    const wrong = await boxoffice(['sandbox', 'seed', '--url', sandbox.url], {
      ...noSecret(dataDir),
      BOXOFFICE_SANDBOX_SECRET: 'sbx_secret_not-the-right-one',
    });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('(from BOXOFFICE_SANDBOX_SECRET)');
    expect(wrong.stderr).not.toContain(secret);

    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(file)).toBe(false);
  });

  it('--print-secret prints BOXOFFICE_SANDBOX_SECRET=… as the second line and writes no file; the printed value works', async () => {
    const dataDir = join(scratch, 'printed');
    const sandbox = await start(['--port', '0', '--db', ':memory:', '--print-secret'], noSecret(dataDir));
    const [name, secret] = (await sandbox.line(1)).split('=');
    expect(name).toBe('BOXOFFICE_SANDBOX_SECRET');
    expect(existsSync(join(dataDir, `sandbox-${new URL(sandbox.url).port}.secret`))).toBe(false);
    expect((await boxoffice(['sandbox', 'token', '--url', sandbox.url], noSecret(dataDir))).code).toBe(3);
    const token = await boxoffice(['sandbox', 'token', '--url', sandbox.url], { ...noSecret(dataDir), BOXOFFICE_SANDBOX_SECRET: secret });
    expect(token.code).toBe(0);
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: token.stdout.trim() }));
    expect((await post(sandbox.url, '/sandbox/token', {})).status).toBe(401);
    sandbox.child.kill('SIGTERM');
    await sandbox.exited;
  });

  it('takes BOXOFFICE_SANDBOX_SECRET as its secret when set, and refuses one that cannot be a bearer value (exit 2)', async () => {
    const chosen = 'sbx_secret_chosen-by-the-script-0001';
    const sandbox = await start(['--port', '0', '--db', ':memory:', '--print-secret'], { BOXOFFICE_SANDBOX_SECRET: chosen });
    expectSuccess(await post(sandbox.url, '/sandbox/token', {}, { token: chosen }));
    sandbox.child.kill('SIGTERM');
    await sandbox.exited;
    const bad = await boxoffice(['sandbox', 'start', '--port', '0', '--db', ':memory:'], { BOXOFFICE_SANDBOX_SECRET: 'short secret' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: BOXOFFICE_SANDBOX_SECRET: expected 16 to 512 letters, digits or ._~+/- characters (unset it to get a fresh secret)\n');
  });
});

describe('boxoffice sandbox token (in-process)', () => {
  const sandbox = useTestSandbox();

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
