// events search and bookings request as the built CLI (node bin/boxoffice.js) against a real
// sandbox: a value the client's request schema refuses is refused once, by that schema, before
// anything is sent, and the error names the flag that carries the field (exit 2).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExtension } from '../../../../src/sandbox/context.js';
import { defaultExtensions } from '../../../../src/sandbox/app.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';

const root = new URL('../../../../', import.meta.url).pathname;
let sandbox: TestSandbox;
let configDir: string;
const received: string[] = [];

const recorder: SandboxExtension = {
  name: 'test-request-recorder',
  middleware(app) {
    app.use('*', async (c, next) => {
      received.push(new URL(c.req.url).pathname);
      await next();
    });
  },
};

function boxoffice(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    ...organizerEnv(sandbox, configDir),
    BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher,
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/boxoffice.js', ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-schema-flags-'));
  sandbox = await startTestSandbox({ extensions: [recorder, ...defaultExtensions()] });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe("a field the client's schema refuses is named by its flag, and nothing is sent", () => {
  it.each([
    [['events', 'search', '--page', '0'], 'error: --page: expected 1 or more\n'],
    [['events', 'search', '--from-price', '-5'], 'error: --from-price: expected 0 or more\n'],
    [['bookings', 'request', '--amount', '0', '--order-no', 'SCHEMA-1', '--no-browser'], 'error: --amount: must be more than 0\n'],
    [['bookings', 'request', '--amount', '5', '--order-no', 'SCHEMA-2', '--phone-no', '9'.repeat(31), '--no-browser'], /^error: --phone-no: .*30/],
  ])('%j', async (argv, said) => {
    received.length = 0;
    const result = await boxoffice(argv);
    expect(result.code, result.stderr).toBe(2);
    if (typeof said === 'string') expect(result.stderr).toBe(said);
    else expect(result.stderr).toMatch(said);
    expect(result.stdout).toBe('');
    expect(received).toEqual([]);
  });

  it('a valid search reaches the service', async () => {
    received.length = 0;
    const result = await boxoffice(['events', 'search', '--page', '1', '--from-price', '0']);
    expect(result.code, result.stderr).toBe(0);
    expect(received).toEqual(['/publisher/events']);
  });
});
