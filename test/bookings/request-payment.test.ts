// The payment flow of `bookings request` (src/bookings/request-payment.ts) without the CLI: the
// real client against a real sandbox, and a scripted buyer who opens the page the flow serves,
// which posts the form to /em/booking, then presses Pay or Fail on the sandbox's payment page.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { SignatureError } from '../../src/client/errors.js';
import { BookingTimeoutError } from '../../src/bookings/await-return.js';
import { type PaymentApi, type PaymentInput, requestPayment } from '../../src/bookings/request-payment.js';
import { useTestSandbox } from '../helpers/sandbox.js';

const sandbox = useTestSandbox();

/** The action and hidden fields of the first form on a page. */
function formOf(html: string, base: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]* method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) fields[match[1]] = match[2].replace(/&amp;/g, '&');
  return { action: new URL(action.replace(/&amp;/g, '&'), base).toString(), fields };
}

/** Opens the flow's page, follows its form to the sandbox and presses a button there. */
async function buyer(pageUrl: string, press: 'pay' | 'fail', alterReturn: (location: URL) => void = () => undefined): Promise<void> {
  const autoPost = formOf(await (await fetch(pageUrl)).text(), pageUrl);
  const payment = await fetch(autoPost.action, { method: 'POST', body: new URLSearchParams(autoPost.fields) });
  const pay = formOf(await payment.text(), sandbox.url);
  const done = await fetch(pay.action, { method: 'POST', body: new URLSearchParams({ ...pay.fields, outcome: press }), redirect: 'manual' });
  const back = done.headers.get('location');
  if (!back) throw new Error(`the sandbox did not send the buyer back (${done.status})`);
  const location = new URL(back);
  alterReturn(location);
  await fetch(location);
}

/** The return's secure code replaced by one made with another secret. */
function forgeCode(location: URL): void {
  const [orderNo, status, amount] = Buffer.from(location.searchParams.get('response') ?? '', 'base64').toString('utf8').split('|');
  const forged = `${orderNo}|${status}|${amount}|${createHash('md5').update('another secret').digest('hex')}`;
  location.searchParams.set('response', Buffer.from(forged, 'utf8').toString('base64'));
}

function input(orderNo: string, overrides: Partial<PaymentInput> = {}): PaymentInput {
  return {
    request: { amount: 250, orderNo, bookingKey: sandbox.tokens.bookingKey, callbackUrl: 'http://127.0.0.1/pending', currency: 'INR', pg: 'pg2' },
    timeoutMs: 60_000,
    now: () => new Date(),
    sleep: (ms, signal) => new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
    signal: new AbortController().signal,
    ...overrides,
  };
}

function apiFor(token?: string): PaymentApi & { close(): Promise<void> } {
  const client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token, env: {} });
  return {
    requestForm: (request) => client.booking.requestForm(request),
    bookingList: (request) => client.events.bookingList(request),
    close: () => client.close(),
  };
}

describe('requestPayment', () => {
  it('serves the form, waits for the return, verifies it, and finds the order in the service list', async () => {
    const api = apiFor(sandbox.tokens.organizer);
    const shown: string[] = [];
    try {
      const result = await requestPayment(api, input('PAY-FLOW-1', { accessToken: sandbox.tokens.organizer }), {
        showPaymentPage: async (url, timeoutText) => {
          shown.push(`${timeoutText} ${url}`);
          await buyer(url, 'pay');
        },
      });
      expect(result.payment).toMatchObject({ orderNo: 'PAY-FLOW-1', status: 'success' });
      expect(Number(result.payment.amount)).toBe(250);
      expect(result.check).toEqual({ verdict: 'confirmed' });
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatch(/^1m http:\/\/127\.0\.0\.1:\d+\/booking\//);
      // the listener is closed once the return is in
      await expect(fetch(shown[0].split(' ')[1])).rejects.toThrow();
    } finally {
      await api.close();
    }
  });

  it('reports a failed payment as the service sent it; without an access token nothing is cross-checked', async () => {
    const api = apiFor();
    let listCalls = 0;
    try {
      const result = await requestPayment(
        { ...api, bookingList: async (request) => { listCalls += 1; return api.bookingList(request); } },
        input('PAY-FLOW-2'),
        { showPaymentPage: (url) => buyer(url, 'fail') },
      );
      expect(result.payment.status).not.toBe('success');
      expect(result.check).toEqual({ verdict: 'not-checked' });
      expect(listCalls).toBe(0);
    } finally {
      await api.close();
    }
  });

  it('says when the service list could not be read, and when it does not list the order', async () => {
    const api = apiFor(sandbox.tokens.organizer);
    try {
      const unavailable = await requestPayment(
        { ...api, bookingList: async () => { throw new Error('E013 is down'); } },
        input('PAY-FLOW-3', { accessToken: sandbox.tokens.organizer }),
        { showPaymentPage: (url) => buyer(url, 'pay') },
      );
      expect(unavailable.check).toEqual({ verdict: 'unavailable', reason: 'E013 is down' });
      const unlisted = await requestPayment(
        { ...api, bookingList: async () => ({ bookings: [] }) },
        input('PAY-FLOW-4', { accessToken: sandbox.tokens.organizer }),
        { showPaymentPage: (url) => buyer(url, 'pay') },
      );
      expect(unlisted.check).toEqual({ verdict: 'not-listed' });
    } finally {
      await api.close();
    }
  });

  it('refuses a return signed with another key (E022), and times out with the listener closed', async () => {
    const api = apiFor();
    try {
      const signedElsewhere = requestPayment(api, input('PAY-FLOW-5'), { showPaymentPage: (url) => buyer(url, 'pay', forgeCode) });
      await expect(signedElsewhere).rejects.toBeInstanceOf(SignatureError);

      let page = '';
      const timedOut = requestPayment(api, input('PAY-FLOW-6', { sleep: async () => undefined }), {
        showPaymentPage: async (url) => {
          page = url;
        },
      });
      await expect(timedOut).rejects.toBeInstanceOf(BookingTimeoutError);
      await expect(fetch(page)).rejects.toThrow();
    } finally {
      await api.close();
    }
  });
});
