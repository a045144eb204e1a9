// bookings request without a browser: the timeout, --callback-url (submit only), the live
// profile's confirmation, the service's refusal of an unknown booking key, and a Pay against --quirks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../../src/session/deps.js';
import { startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';
import { runInProcess } from '../../../helpers/cli.js';
import { registerBookingsRequest } from '../../../../src/cli/commands/bookings/request.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';
import { postReturnForm, readReturnForm } from '../../../helpers/booking-return.js';

let sandbox: TestSandbox;
let configDir: string;

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-request-'));
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(configDir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    BOXOFFICE_CONFIG_DIR: configDir,
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
    ...extra,
  };
}

/** A clock whose every wait is over at once: the timeout fires without real waiting. */
const instantTimeout: Clock = { now: () => new Date(), sleep: async () => undefined };

/** The sandbox's bookings with this order number (E13 around today, UTC). */
async function bookingsFor(orderNo: string): Promise<{ orderNo: string; status: string; currency: string; pg: string }[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const result = await runInProcess(['bookings', 'list', '--from-date', day(-1), '--to-date', day(1), '--json'], {
    env: env({ BOXOFFICE_TOKEN: sandbox.tokens.organizer }),
  });
  expect(result.code).toBe(0);
  const { bookings } = JSON.parse(result.stdout) as { bookings: { orderNo: string; status: string; currency: string; pg: string }[] };
  return bookings.filter((booking) => booking.orderNo === orderNo);
}

/** The listener address the CLI gave the service for this order. */
function callbackOf(orderNo: string): string {
  return (sandbox.db.prepare(`SELECT callback_url FROM bookings WHERE order_no = ?`).get(orderNo) as { callback_url: string }).callback_url;
}

describe('bookings request: waiting', () => {
  it('a timeout says so, exits 1, and the listener is gone afterwards', async () => {
    const opened: string[] = [];
    const result = await runInProcess(['bookings', 'request', '--amount', '10', '--order-no', 'ORD-TO-1', '--timeout', '120'], {
      env: env(),
      clock: instantTimeout,
      openBrowser: async (url) => {
        opened.push(url);
      },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: no booking return within 2m');
    expect(result.stderr).toContain('(order ORD-TO-1: check it with: boxoffice bookings list --from-date');
    expect(opened).toHaveLength(1);
    await expect(fetch(callbackOf('ORD-TO-1'))).rejects.toThrow();
  });

  it('Ctrl-C while waiting: exit 130, and the listener is gone', async () => {
    const controller = new AbortController();
    const opened: string[] = [];
    const result = await runInProcess(['bookings', 'request', '--amount', '10', '--order-no', 'ORD-INT-1'], {
      env: env(),
      signal: controller.signal,
      openBrowser: async (url) => {
        opened.push(url);
        setImmediate(() => controller.abort(new Error('interrupted')));
      },
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('interrupted: order ORD-INT-1: the payment may still complete; check it with: boxoffice bookings list');
    expect(opened).toHaveLength(1);
    await expect(fetch(callbackOf('ORD-INT-1'))).rejects.toThrow();
  });

  it('when the browser cannot be opened, the address is printed instead', async () => {
    const result = await runInProcess(['bookings', 'request', '--amount', '10', '--order-no', 'ORD-TO-2'], {
      env: env(),
      clock: instantTimeout,
      openBrowser: async () => {
        throw new Error('no display');
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Opening the payment page in your browser: http:\/\/127\.0\.0\.1:\d+\/em\/booking\/pay\/\d+\?token=/);
    expect(result.stderr).toContain('Could not open a browser');
  });
});

describe('bookings request --callback-url: submit only', () => {
  it('posts the form and says where the result goes; the service has the booking', async () => {
    const result = await runInProcess(
      ['bookings', 'request', '--amount', '42', '--order-no', 'ORD-CB-1', '--currency', 'EUR', '--pg', 'pg1', '--callback-url', 'https://shop.example/paid'],
      { env: env() },
    );
    expect(result.stderr).toMatch(/^order ORD-CB-1: requesting 42\.00 EUR \(to check it: boxoffice bookings list [^\n]+\)\n$/);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('booking ORD-CB-1 submitted; the result will be delivered to https://shop.example/paid\n');
    expect(await bookingsFor('ORD-CB-1')).toEqual([expect.objectContaining({ status: 'initiated', currency: 'EUR', pg: 'pg1' })]);
  });

  it('--json gives one document', async () => {
    const result = await runInProcess(
      ['bookings', 'request', '--amount', '1', '--order-no', 'ORD-CB-2', '--callback-url', 'https://shop.example/paid', '--json'],
      { env: env() },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 'submitted', orderNo: 'ORD-CB-2', callbackUrl: 'https://shop.example/paid' });
  });

  it('--debug traces the form post with the booking key redacted', async () => {
    const result = await runInProcess(
      ['--debug', 'bookings', 'request', '--amount', '3', '--order-no', 'ORD-CB-4', '--callback-url', 'https://shop.example/paid'],
      { env: env() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/--> POST http:\/\/127\.0\.0\.1:\d+\/em\/booking/);
    expect(result.stderr).toContain('ORD-CB-4');
    expect(result.stderr).not.toContain(sandbox.tokens.bookingKey);
  });

  it('an unknown booking key is refused by the service: E001, exit 3, the key not echoed', async () => {
    const result = await runInProcess(['bookings', 'request', '--amount', '1', '--order-no', 'ORD-CB-3', '--callback-url', 'https://shop.example/paid'], {
      env: { ...env(), BOXOFFICE_BOOKING_KEY: 'wrong-key-123' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error E001');
    expect(result.stderr).not.toContain('wrong-key-123');
  });
});

describe('bookings request on the live profile', () => {
  const live = (answer: string, opened: string[]) =>
    runInProcess(['--profile', 'live', 'bookings', 'request', '--amount', '75', '--order-no', 'ORD-LIVE-1', '--currency', 'GBP'], {
      env: env({ NO_COLOR: '1' }),
      stdinIsTTY: true,
      stdin: answer,
      clock: instantTimeout,
      openBrowser: async (url) => {
        opened.push(url);
      },
    });

  it('asks first; "no" starts nothing and exits 1', async () => {
    const opened: string[] = [];
    const declined = await live('n\n', opened);
    expect(declined.stderr).toContain('Request a live payment of 75.00 GBP for order ORD-LIVE-1?');
    expect(declined.code).toBe(1);
    expect(opened).toEqual([]);
  });

  it('"yes" goes on to the payment page', async () => {
    const opened: string[] = [];
    const accepted = await live('y\n', opened);
    expect(opened).toHaveLength(1);
    // The injected clock ends the wait at once.
    expect(accepted.stderr).toContain('no booking return within 5m');
  });

  it('--yes skips the question', async () => {
    const opened: string[] = [];
    const result = await runInProcess(['--profile', 'live', 'bookings', 'request', '--amount', '75', '--order-no', 'ORD-LIVE-2', '--yes'], {
      env: env(),
      clock: instantTimeout,
      openBrowser: async (url) => {
        opened.push(url);
      },
    });
    expect(result.stderr).not.toContain('Request a live payment');
    expect(opened).toHaveLength(1);
  });
});

describe('bookings request: flags → options', () => {
  const verb = verbAt('bookings request', registerBookingsRequest);
  const order = ['--amount', '499', '--order-no', 'SHOP-1', '--name', 'Asha Rao', '--email-id', 'asha@example.com'];

  it('defaults: a browser, no --yes, the default timeout', async () => {
    const parsed = await parseVerb(verb, ['bookings', 'request', ...order]);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      expect.objectContaining({ amount: '499', orderNo: 'SHOP-1', name: 'Asha Rao', emailId: 'asha@example.com', browser: true, timeout: '5m' }),
    ]);
    expect(parsed.runs[0]).not.toHaveProperty('yes');
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'bookings',
      'request',
      ...order,
      '--currency',
      'USD',
      '--booking-key-file',
      'key.txt',
      '--no-browser',
      '--yes',
      '--timeout',
      '90s',
      '--callback-url',
      'https://shop.example/paid',
    ]);
    expect(parsed.runs).toEqual([
      expect.objectContaining({
        currency: 'USD',
        bookingKeyFile: 'key.txt',
        browser: false,
        yes: true,
        timeout: '90s',
        callbackUrl: 'https://shop.example/paid',
      }),
    ]);
  });

  it.each([
    [['bookings', 'request', ...order, '--amount', 'lots'], '--amount'],
    [['bookings', 'request', ...order, '--timeout', 'never'], '--timeout'],
    [['bookings', 'request', '--amount', '499'], '--order-no'],
  ])('the real run refuses %j with exit 2, naming %s, before any request', async (argv, named) => {
    const refused = await runAgainstRecorder(argv);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain(named);
  });
});

describe('bookings request against a --quirks sandbox', () => {
  let quirky: TestSandbox;
  beforeAll(async () => {
    quirky = await startTestSandbox({ quirks: true });
  });
  afterAll(() => quirky?.close());

  it('a Pay returned as the live service does is verified and reported (--json)', async () => {
    let buyerDone: Promise<unknown> = Promise.resolve();
    const result = await runInProcess(['bookings', 'request', '--amount', '250', '--order-no', 'ORD-QUIRKS-1', '--json'], {
      env: env({
        BOXOFFICE_API_URL: quirky.url,
        BOXOFFICE_PUBLISHER_URL: quirky.url,
        BOXOFFICE_AUTH_URL: quirky.url,
        BOXOFFICE_BOOKING_KEY: quirky.tokens.bookingKey,
        BOXOFFICE_TOKEN: quirky.tokens.organizer,
      }),
      // The buyer's browser: opens the payment page, presses Pay, and posts the return form on.
      openBrowser: async (url) => {
        buyerDone = (async () => {
          const page = await (await fetch(url)).text();
          const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
          const hidden = Object.fromEntries([...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]));
          const returned = await readReturnForm(
            await fetch(new URL(action, url), { method: 'POST', body: new URLSearchParams({ ...hidden, outcome: 'pay' }) }),
          );
          await postReturnForm(returned);
        })();
        buyerDone.catch(() => undefined);
      },
    });
    await buyerDone;
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ orderNo: 'ORD-QUIRKS-1', status: 'success', amount: '250.00' });
  });
});
