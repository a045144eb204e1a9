// E12 in headless Chromium: a merchant page form-posts the booking, the sandbox's payment page
// is answered with Pay or Fail, and the browser lands on the callback with the signed response.
// Tampering with the page (T003) and with the returned response (E022 in the client) is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureError } from '../../src/client/errors.js';
import { readBookingReturn } from '../../src/bookings/response.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let browser: Browser;
let merchant: Server;
let merchantUrl: string;
const returns: string[] = [];

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The merchant's site: /start auto-posts the booking form; /return records the response. */
function startMerchant(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/start') {
      const fields: Record<string, string> = {
        amount: url.searchParams.get('amount') ?? '499',
        orderNo: url.searchParams.get('orderNo') ?? 'ORDER-1',
        name: 'Asha Rao',
        emailId: 'asha@example.test',
        bookingKey: sandbox.tokens.bookingKey,
        callbackUrl: `${merchantUrl}/return`,
      };
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeAttribute(value)}">`)
        .join('');
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><form id="f" method="post" action="${sandbox.url}/em/booking">${inputs}</form>` +
          `<script>document.getElementById('f').submit()</script>`,
      );
      return;
    }
    if (url.pathname === '/return') {
      returns.push(url.searchParams.get('response') ?? '');
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><h1>Thanks</h1>');
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function openPaymentPage(orderNo: string, amount = '499'): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${merchantUrl}/start?orderNo=${encodeURIComponent(orderNo)}&amount=${amount}`);
  await page.getByRole('button', { name: 'Pay' }).waitFor();
  return page;
}

describe.skipIf(!chromiumAvailable)('payment page in Chromium', () => {
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    merchant = await startMerchant();
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => merchant?.close(() => resolve()));
    await sandbox?.close();
  });

  it('Pay lands on the callback with a success response the client verifies', async () => {
    const page = await openPaymentPage('BROWSER-PAY', '1500');
    expect(await page.textContent('#amount')).toBe('INR 1500.00');
    const before = returns.length;
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${merchantUrl}/return?**`);
    expect(returns.length).toBe(before + 1);
    const decoded = readBookingReturn(returns[before], { bookingKey: sandbox.tokens.bookingKey }, 'BROWSER-PAY');
    expect(decoded).toMatchObject({ status: 'success', amount: '1500.00' });
    await page.close();
  });

  it('Fail lands on the callback with a fail response', async () => {
    const page = await openPaymentPage('BROWSER-FAIL');
    const before = returns.length;
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(`${merchantUrl}/return?**`);
    expect(readBookingReturn(returns[before], { bookingKey: sandbox.tokens.bookingKey }, 'BROWSER-FAIL').status).toBe('fail');
    await page.close();
  });

  it('refuses a payment form whose amount was changed in the page (T003), and nothing returns', async () => {
    const page = await openPaymentPage('BROWSER-TAMPER', '900');
    // a string expression: the test is compiled without the DOM library
    await page.evaluate(`document.querySelector('input[name="amount"]').value = '1.00'`);
    const before = returns.length;
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForLoadState();
    expect(await page.textContent('body')).toContain('"message":"T003"');
    expect(returns.length).toBe(before);
    await page.close();
  });

  it('a tampered return is refused by the client (E022)', async () => {
    const page = await openPaymentPage('BROWSER-FORGED');
    const before = returns.length;
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(`${merchantUrl}/return?**`);
    await page.close();
    const [orderNo, , amount] = Buffer.from(returns[before], 'base64').toString('utf8').split('|');
    const forged = Buffer.from(`${orderNo}|success|${amount}|${'0'.repeat(32)}`).toString('base64');
    expect(() => readBookingReturn(forged, { bookingKey: sandbox.tokens.bookingKey })).toThrow(SignatureError);
  });
});
