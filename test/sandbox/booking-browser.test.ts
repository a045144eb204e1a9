// E12 in headless Chromium: a merchant page form-posts the booking, the sandbox's payment page
// is answered with Pay or Fail, and the browser lands on the callback by POST with the signed
// `response` and `status` (the return page's auto-submit passes its CSP; without JavaScript its
// button does the same).
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
interface MerchantReturn {
  method: string;
  response: string;
  status: string;
}
const returns: MerchantReturn[] = [];

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The hidden fields of the merchant's booking form. */
function bookingInputs(orderNo: string, amount: string): string {
  const fields: Record<string, string> = {
    amount,
    orderNo,
    name: 'Asha Rao',
    emailId: 'asha@example.test',
    bookingKey: sandbox.tokens.bookingKey,
    callbackUrl: `${merchantUrl}/return`,
  };
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeAttribute(value)}">`)
    .join('');
}

/** The merchant's site: /start auto-posts the booking form; /return records the response. */
function startMerchant(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/start') {
      const inputs = bookingInputs(url.searchParams.get('orderNo') ?? 'ORDER-1', url.searchParams.get('amount') ?? '499');
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><form id="f" method="post" action="${sandbox.url}/em/booking">${inputs}</form>` +
          `<script>document.getElementById('f').submit()</script>`,
      );
      return;
    }
    if (url.pathname === '/return') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        returns.push({ method: request.method ?? '', response: form.get('response') ?? '', status: form.get('status') ?? '' });
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><h1>Thanks</h1>');
      });
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Console messages of a page that report a Content-Security-Policy violation. */
const cspViolations = new WeakMap<Page, string[]>();

async function openPaymentPage(orderNo: string, amount = '499', javaScriptEnabled = true): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  if (!javaScriptEnabled) {
    // The merchant's auto-posting start page needs JavaScript: post the booking from a fetched copy instead.
    await page.setContent(`<form method="post" action="${sandbox.url}/em/booking">${bookingInputs(orderNo, amount)}<button>go</button></form>`);
    await page.getByRole('button', { name: 'go' }).click();
    await page.getByRole('button', { name: 'Pay' }).waitFor();
    return page;
  }
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

  it('Pay lands on the callback by POST with response and status, the client verifies it, and no CSP violation', async () => {
    const page = await openPaymentPage('BROWSER-PAY', '1500');
    expect(await page.textContent('#amount')).toBe('INR 1500.00');
    const before = returns.length;
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${merchantUrl}/return`);
    expect(await page.textContent('h1')).toBe('Thanks');
    expect(returns.length).toBe(before + 1);
    expect(returns[before]).toMatchObject({ method: 'POST', status: 'success' });
    const decoded = readBookingReturn(returns[before].response, { bookingKey: sandbox.tokens.bookingKey }, 'BROWSER-PAY');
    expect(decoded).toMatchObject({ status: 'success', amount: '1500.00' });
    expect(cspViolations.get(page)).toEqual([]);
    await page.close();
  });

  it('Fail lands on the callback by POST with a failure response', async () => {
    const page = await openPaymentPage('BROWSER-FAIL');
    const before = returns.length;
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(`${merchantUrl}/return`);
    expect(returns[before]).toMatchObject({ method: 'POST', status: 'failure' });
    expect(readBookingReturn(returns[before].response, { bookingKey: sandbox.tokens.bookingKey }, 'BROWSER-FAIL').status).toBe('failure');
    expect(cspViolations.get(page)).toEqual([]);
    await page.close();
  });

  it('without JavaScript the return page waits for "Return to merchant", which posts the same fields', async () => {
    const page = await openPaymentPage('BROWSER-NOSCRIPT', '499', false);
    const before = returns.length;
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'Return to merchant' }).waitFor();
    expect(returns.length).toBe(before);
    await page.getByRole('button', { name: 'Return to merchant' }).click();
    await page.waitForURL(`${merchantUrl}/return`);
    expect(returns[before]).toMatchObject({ method: 'POST', status: 'success' });
    expect(readBookingReturn(returns[before].response, { bookingKey: sandbox.tokens.bookingKey }, 'BROWSER-NOSCRIPT').amount).toBe('499.00');
    expect(cspViolations.get(page)).toEqual([]);
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
    await page.waitForURL(`${merchantUrl}/return`);
    await page.close();
    const [orderNo, , amount] = Buffer.from(returns[before].response, 'base64').toString('utf8').split('|');
    const forged = Buffer.from(`${orderNo}|success|${amount}|${'0'.repeat(32)}`).toString('base64');
    expect(() => readBookingReturn(forged, { bookingKey: sandbox.tokens.bookingKey })).toThrow(SignatureError);
  });
});
