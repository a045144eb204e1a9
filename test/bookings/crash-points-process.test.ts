// `bookings request` killed (SIGKILL) at every boundary between its requests, through the
// test-only fault hook BOXOFFICE_TEST_CRASH_AT, then run again with the same order number; the
// buyer pays in headless Chromium whatever payment page either run hands over. Never a second
// payment, and the order number is on screen before the first request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_BOUNDARIES } from '../../src/bookings/request-payment.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { startCli, type ProcessResult } from '../helpers/process.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let browser: Browser;
let configDir: string;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-booking-crash-'));
  sandbox = await startTestSandbox();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** Runs `bookings request`; the buyer pays on any payment page it hands over. */
async function requestAndPay(orderNo: string, extraEnv: Record<string, string> = {}): Promise<ProcessResult> {
  const env = { ...organizerEnv(sandbox, configDir), BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey, ...extraEnv };
  const run = startCli(['bookings', 'request', '--amount', '300', '--order-no', orderNo, '--no-browser', '--timeout', '30s', '--json'], env);
  const context = await browser.newContext();
  try {
    const paid = run.waitForStderr(/Open this address in a browser to pay:\n\s+(\S+)/).then(
      async ([, address]) => {
        const page = await context.newPage();
        await page.goto(address);
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.waitForLoadState();
      },
      () => undefined,
    );
    const result = await run.done;
    await paid.catch(() => undefined);
    return result;
  } finally {
    await context.close();
  }
}

const paidBookings = (orderNo: string) =>
  (sandbox.db.prepare(`SELECT COUNT(*) AS n FROM bookings WHERE order_no = ? AND status = 'success'`).get(orderNo) as { n: number }).n;

describe.skipIf(!chromiumAvailable)('bookings request killed at every step, then run again', () => {
  it.each(PAYMENT_BOUNDARIES.map((boundary) => [boundary]))(
    'SIGKILL at %s: never a second payment',
    async (boundary) => {
      const orderNo = `CRASH-${boundary}`;
      const killed = await requestAndPay(orderNo, { BOXOFFICE_TEST_CRASH_AT: `bookings-request:${boundary}` });
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.stderr).toMatch(
        new RegExp(
          `^order ${orderNo}: requesting 300.00 INR \\(to check it: boxoffice bookings list --from-date \\S+ --to-date \\S+ \\| grep -F -- ${orderNo}\\)\\n`,
        ),
      );
      const paidBefore = paidBookings(orderNo);

      const again = await requestAndPay(orderNo);
      const nothingSentYet = boundary === 'before-check' || boundary === 'before-booking';
      if (nothingSentYet) {
        // Nothing reached the service: the re-run is the payment.
        expect(again.code).toBe(0);
        expect(JSON.parse(again.stdout)).toMatchObject({ orderNo, status: 'success', amount: '300.00' });
      } else {
        // A booking exists (open, or paid): the re-run refuses to request another.
        expect(again.code).toBe(1);
        expect(again.stderr).toContain(`order ${orderNo} already has 1 booking at the service`);
        expect(paidBookings(orderNo)).toBe(paidBefore);
      }
      // Killed after the booking was posted but before the buyer saw its page, nothing is paid.
      expect(paidBookings(orderNo)).toBe(boundary === 'after-booking' ? 0 : 1);
    },
    90_000,
  );
});
