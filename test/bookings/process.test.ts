// The bundled CLI as a process (node bin/boxoffice.js; `npm test` builds it first): the lazily
// loaded pieces (the transport, the listener) resolve in the bundle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const exec = promisify(execFile);
let sandbox: TestSandbox;
let configDir: string;

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-process-'));
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(configDir, { recursive: true, force: true });
});

async function boxoffice(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH,
    ...organizerEnv(sandbox, configDir),
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
  };
  try {
    const { stdout, stderr } = await exec(process.execPath, ['bin/boxoffice.js', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('bookings as a process', () => {
  it('submits with --callback-url, then lists the booking as csv', async () => {
    const submitted = await boxoffice(['bookings', 'request', '--amount', '7.5', '--order-no', 'ORD-PROC-1', '--callback-url', 'https://shop.example/paid']);
    expect(submitted.code).toBe(0);
    expect(submitted.stderr).toMatch(/^order ORD-PROC-1: requesting 7\.50 INR \(to check it: [^\n]+\)\n$/);
    expect(submitted.stdout).toBe('booking ORD-PROC-1 submitted; the result will be delivered to https://shop.example/paid\n');

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const listed = await boxoffice(['bookings', 'list', '--from-date', day(-40), '--to-date', day(1), '--format', 'csv']);
    expect(listed.code).toBe(0);
    const [header, ...rows] = listed.stdout.trim().split('\n');
    expect(header.startsWith('orderNo,createdOn,status,amount,currency')).toBe(true);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^ORD-PROC-1,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,initiated,7\.5,INR,/);
  });

  it('refuses a bad date with exit 2 and one line', async () => {
    const result = await boxoffice(['bookings', 'list', '--from-date', '2026-13-01', '--to-date', '2026-12-31']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'error: --from-date "2026-13-01": not a calendar date\n' });
  });
});
