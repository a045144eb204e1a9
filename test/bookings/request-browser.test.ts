// bookings request end to end in headless Chromium: the CLI posts the booking to the sandbox's
// /em/booking itself, the browser is handed the sandbox's payment page, the buyer presses Pay or
// Fail there, the sandbox returns to the CLI's loopback listener, and the CLI verifies the return
// against the booking list and reports the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInProcess, type RunResult } from '../helpers/cli.js';
import { md5Hex } from '../../src/util/digest.js';

let sandbox: TestSandbox;
let browser: Browser;
let configDir: string;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-request-'));
  sandbox = await startTestSandbox();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return {
    BOXOFFICE_CONFIG_DIR: configDir,
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
  };
}

type Buyer = (page: Page) => Promise<void>;

/** Runs the command; its openBrowser dep drives a fresh page the way a buyer would. */
async function requestPayment(argv: string[], buyer: Buyer, prepare?: (page: Page) => Promise<void>, extraEnv: Record<string, string> = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare?.(page);
  let buyerDone: Promise<void> = Promise.resolve();
  const opened: string[] = [];
  try {
    const result = await runInProcess(['bookings', 'request', ...argv], {
      env: { ...env(), ...extraEnv },
      openBrowser: async (url) => {
        opened.push(url);
        buyerDone = (async () => {
          await page.goto(url);
          await buyer(page);
        })();
        // A buyer's failure must fail the test, not leave the CLI waiting for its timeout.
        buyerDone.catch(() => undefined);
      },
    });
    await buyerDone;
    return { result, page, opened, shown: await page.textContent('body') };
  } finally {
    await context.close();
  }
}

const pay: Buyer = (page) => page.getByRole('button', { name: 'Pay' }).click();

/**
 * Rewrites the `response` the sandbox sends back: its Pay/Fail answer is a page whose form posts
 * it to the callback address, which is where a forger in the middle would change it.
 */
async function rewriteReturn(page: Page, rewrite: (decoded: string) => string): Promise<void> {
  await page.route('**/em/booking/complete', async (route) => {
    const answer = await route.fetch();
    const html = await answer.text();
    const encoded = /name="response" value="([^"]*)"/.exec(html)?.[1] ?? '';
    const rewritten = rewrite(Buffer.from(encoded, 'base64').toString('utf8'));
    const body = html
      .replace(/(name="response" value=")[^"]*"/, `$1${Buffer.from(rewritten).toString('base64')}"`)
      // A forger keeps the separate status field in step with the response.
      .replace(/(name="status" value=")[^"]*"/, `$1${rewritten.split('|')[1] ?? ''}"`);
    await route.fulfill({ response: answer, body });
  });
}
const fail: Buyer = (page) => page.getByRole('button', { name: 'Fail' }).click();

function expectOneLine(result: RunResult, text: string): void {
  const errorLines = result.stderr.split('\n').filter((line) => line.startsWith('error'));
  expect(errorLines).toHaveLength(1);
  expect(errorLines[0]).toContain(text);
}

describe.skipIf(!chromiumAvailable)('bookings request in a browser against the sandbox', () => {
  it('Pay: the sandbox payment page shows the order, and the verified result is printed (--json)', async () => {
    let paymentPageText = '';
    const { result, opened, shown } = await requestPayment(
      ['--amount', '250.5', '--order-no', 'ORD-PAY-1', '--name', 'Asha Rao', '--currency', 'USD', '--json'],
      async (page) => {
        await page.getByRole('button', { name: 'Pay' }).waitFor();
        paymentPageText = (await page.textContent('body')) ?? '';
        await pay(page);
        await page.getByText('Payment received').waitFor();
      },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ orderNo: 'ORD-PAY-1', status: 'success', amount: '250.50' });
    expect(opened).toHaveLength(1);
    expect(opened[0].startsWith(`${sandbox.url}/em/booking/pay/`)).toBe(true);
    expect(paymentPageText).toContain('ORD-PAY-1');
    expect(paymentPageText).toContain('USD 250.50');
    expect(paymentPageText).toContain('Asha Rao');
    expect(shown).toContain('Order ORD-PAY-1: success, amount 250.50.');

    // The service recorded it as paid.
    // Yesterday to tomorrow (UTC): the test may run across midnight.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const list = await runInProcess(['bookings', 'list', '--from-date', day(-1), '--to-date', day(1), '--json'], {
      env: { ...env(), BOXOFFICE_TOKEN: sandbox.tokens.organizer },
    });
    const bookings = (JSON.parse(list.stdout) as { bookings: { orderNo: string; status: string }[] }).bookings;
    expect(bookings.find((booking) => booking.orderNo === 'ORD-PAY-1')?.status).toBe('success');
  });

  it('Pay, piped without --json: one tab-separated line of order number, status and amount', async () => {
    const { result } = await requestPayment(['--amount', '99', '--order-no', 'ORD-PAY-2'], pay);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ORD-PAY-2\tsuccess\t99.00\n');
    expect(result.stderr).toContain('Waiting for the payment');
  });

  it('Fail: reported as failed, exit 1', async () => {
    const { result, shown } = await requestPayment(['--amount', '10', '--order-no', 'ORD-FAIL-1', '--json'], async (page) => {
      await fail(page);
      await page.getByText('Payment failed').waitFor();
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ orderNo: 'ORD-FAIL-1', status: 'failure', amount: '10.00' });
    expectOneLine(result, 'payment failed for order ORD-FAIL-1');
    expect(shown).toContain('Payment failed');
  });

  it('a return whose secure code was tampered with: E022, exit 1, only the error document on stdout', async () => {
    const { result, shown } = await requestPayment(
      ['--amount', '10', '--order-no', 'ORD-TAMPER-1', '--json'],
      async (page) => {
        await pay(page);
        await page.getByText('Booking return refused').waitFor();
      },
      // A forger without the booking key turns the result around and signs with a guess.
      (page) =>
        rewriteReturn(page, (decoded) => {
          const [orderNo, , amount] = decoded.split('|');
          return `${orderNo}|success|${amount}|${md5Hex('guessed-key')}`;
        }),
    );
    expect(result.code).toBe(1);
    // With --json the failure is the only document on stdout (no result).
    expect(JSON.parse(result.stdout)).toEqual({ error: expect.objectContaining({ code: 'E022', exitCode: 1 }) });
    expectOneLine(result, 'error E022: response private key does not match');
    expect(result.stderr).not.toContain(sandbox.tokens.bookingKey);
    expect(shown).toContain('E022');
  });

  it('a genuine return for another order is refused too (E022, orderNo)', async () => {
    const { result } = await requestPayment(['--amount', '10', '--order-no', 'ORD-SWAP-1'], pay, (page) =>
      rewriteReturn(page, () => `ORD-OTHER|success|10.00|${md5Hex(sandbox.tokens.bookingKey)}`),
    );
    expect(result.code).toBe(1);
    expectOneLine(result, 'E022');
    expect(result.stderr).toContain('orderNo');
  });

  it('a return that says success for a failed payment is caught against E13 (E022), with or without a token', async () => {
    // The code is genuine (md5 of the key): only the service's own record shows the change.
    const flip = (page: Page) => rewriteReturn(page, (decoded) => decoded.replace('|failure|', '|success|'));
    for (const [orderNo, extraEnv] of [
      ['ORD-FLIP-1', { BOXOFFICE_TOKEN: sandbox.tokens.organizer }],
      ['ORD-FLIP-2', {}],
    ] as const) {
      const { result } = await requestPayment(['--amount', '12', '--order-no', orderNo, '--json'], fail, flip, extraEnv);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toEqual({ error: expect.objectContaining({ code: 'E022', exitCode: 1 }) });
      expectOneLine(result, `status (order ${orderNo}: the return says success; the service's record says fail, 12 INR)`);
    }
  });

  it('with an access token, a genuine Pay is confirmed against E13 without warnings', async () => {
    const { result } = await requestPayment(['--amount', '12', '--order-no', 'ORD-TOKEN-1', '--json'], pay, undefined, {
      BOXOFFICE_TOKEN: sandbox.tokens.organizer,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('warning');
    expect(JSON.parse(result.stdout)).toMatchObject({ orderNo: 'ORD-TOKEN-1', status: 'success' });
  });

  it('--no-browser prints the address; opening it by hand completes the payment', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let buyer: Promise<void> | undefined;
    let stderrText = '';
    try {
      const result = await runInProcess(['bookings', 'request', '--amount', '5', '--order-no', 'ORD-NB-1', '--no-browser', '--json'], {
        env: env(),
        onStart: ({ stderr }) => {
          stderr.on('data', (chunk: Buffer) => {
            stderrText += chunk.toString('utf8');
            const address = /(http:\/\/127\.0\.0\.1:\d+\/em\/booking\/pay\/\S+)/.exec(stderrText)?.[1];
            if (address && !buyer) buyer = page.goto(address).then(() => pay(page));
          });
        },
      });
      await buyer;
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('Open this address in a browser to pay');
      expect(JSON.parse(result.stdout)).toMatchObject({ orderNo: 'ORD-NB-1', status: 'success' });
    } finally {
      await context.close();
    }
  });
});
