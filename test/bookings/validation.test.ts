// Bad input is refused before anything is sent: exit 2, one line on stderr naming the flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess } from '../helpers/cli.js';

// A stand-in service that only counts: any request reaching it is a failure of these tests.
let hits = 0;
let server: Server;
let env: Record<string, string>;
let configDir: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-'));
  env = {
    BOXOFFICE_CONFIG_DIR: configDir,
    BOXOFFICE_API_URL: url,
    BOXOFFICE_PUBLISHER_URL: url,
    BOXOFFICE_AUTH_URL: url,
    BOXOFFICE_TOKEN: 'test-token',
    BOXOFFICE_BOOKING_KEY: 'test-booking-key',
  };
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(configDir, { recursive: true, force: true });
});

const noBrowser = async () => {
  throw new Error('no browser may be opened for a refused request');
};

async function expectRefused(argv: string[], flag: string, text: string, extraEnv: Record<string, string | undefined> = {}) {
  const before = hits;
  const result = await runInProcess(argv, { env: { ...env, ...extraEnv }, openBrowser: noBrowser });
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  // Commander's own refusals add a "(see boxoffice bookings list --help)" line.
  const lines = result.stderr
    .trim()
    .split('\n')
    .filter((line) => !/^\(see boxoffice [a-z ]+ --help\)$/.test(line));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(flag);
  expect(lines[0]).toContain(text);
  expect(lines[0]).not.toContain('test-booking-key');
  expect(hits).toBe(before);
}

describe('bookings list: dates checked before any request', () => {
  it.each([
    [['--to-date', '2026-01-31'], '--from-date', 'required'],
    [['--from-date', '2026-01-01'], '--to-date', 'required'],
    [['--from-date', '01/02/2026', '--to-date', '2026-01-31'], '--from-date', 'yyyy-mm-dd'],
    [['--from-date', '2026-01-01', '--to-date', '2026-02-30'], '--to-date', 'not a calendar date'],
    [['--from-date', '2026-02-01', '--to-date', '2026-01-31'], '--to-date', 'before --from-date'],
  ])('%j → names %s', async (flags, flag, text) => {
    await expectRefused(['bookings', 'list', ...flags], flag, text);
  });

  it('refuses an unknown --format', async () => {
    await expectRefused(['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-02', '--format', 'xml'], '--format', 'xml');
  });

  it('names --booking-key-file when there is no key anywhere', async () => {
    await expectRefused(
      ['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-02', '--profile', 'live'],
      '--booking-key-file',
      'BOXOFFICE_BOOKING_KEY',
      { BOXOFFICE_BOOKING_KEY: undefined },
    );
  });
});

describe('bookings request: every E12 parameter checked before anything starts', () => {
  const base = ['bookings', 'request', '--amount', '100', '--order-no', 'ORD-V1', '--no-browser'];
  const without = (flag: string) => {
    const copy = [...base];
    const at = copy.indexOf(flag);
    copy.splice(at, 2);
    return copy;
  };

  it.each([
    ['--amount', 'missing', without('--amount')],
    ['--order-no', 'missing', without('--order-no')],
    ['--amount', 'expected a number', [...base, '--amount', 'ten']],
    ['--amount', 'more than 0', [...base, '--amount', '0']],
    ['--name', 'at most 200', [...base, '--name', 'n'.repeat(201)]],
    ['--email-id', 'at most 200', [...base, '--email-id', 'e'.repeat(201)]],
    ['--phone-no', 'at most 30', [...base, '--phone-no', '9'.repeat(31)]],
    ['--country', 'at most 1000', [...base, '--country', 'c'.repeat(1001)]],
    ['--address', 'at most 1000', [...base, '--address', 'a'.repeat(1001)]],
    ['--currency', 'INR, USD, GBP, EUR, PHP, ZAR', [...base, '--currency', 'JPY']],
    ['--pg', 'pg1, pg2', [...base, '--pg', 'pg3']],
    ['--callback-url', 'address', [...base, '--callback-url', 'not a url']],
    ['--timeout', 'not a duration', [...base, '--timeout', 'soon']],
  ])('names %s (%s)', async (flag, text, argv) => {
    await expectRefused(argv, flag, text);
  });

  it('names --booking-key-file when there is no key anywhere', async () => {
    await expectRefused([...base, '--profile', 'live', '--yes'], '--booking-key-file', 'BOXOFFICE_BOOKING_KEY', {
      BOXOFFICE_BOOKING_KEY: undefined,
    });
  });

  it('on the live profile without a terminal, asks for --yes and sends nothing', async () => {
    await expectRefused([...base, '--profile', 'live'], '--yes', 'live');
  });
});
