// The payment flow of `bookings request` (src/bookings/request-payment.ts) without the CLI: the
// real client against a real sandbox (the booking posted server-side), and a scripted buyer who
// opens the payment page the flow hands over and presses Pay or Fail there.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { SignatureError } from '../../src/client/errors.js';
import { BookingNotListedError } from '../../src/bookings/response.js';
import { BookingTimeoutError, type PaymentApi, type PaymentInput, requestPayment } from '../../src/bookings/request-payment.js';
import { abortableSleep } from '../../src/util/sleep.js';
import { postReturnForm, readReturnForm, type ReturnForm } from '../helpers/booking-return.js';
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

/** Opens the service's payment page the flow hands over and presses a button there. */
async function buyer(pageUrl: string, press: 'pay' | 'fail', alterReturn: (form: ReturnForm) => void = () => undefined): Promise<void> {
  const pay = formOf(await (await fetch(pageUrl)).text(), pageUrl);
  const done = await fetch(pay.action, { method: 'POST', body: new URLSearchParams({ ...pay.fields, outcome: press }) });
  const back = await readReturnForm(done);
  alterReturn(back);
  await postReturnForm(back);
}

/** The return's secure code replaced by one made with another secret. */
function forgeCode(form: ReturnForm): void {
  const [orderNo, status, amount] = Buffer.from(form.fields.response, 'base64').toString('utf8').split('|');
  const forged = `${orderNo}|${status}|${amount}|${createHash('md5').update('another secret').digest('hex')}`;
  form.fields.response = Buffer.from(forged, 'utf8').toString('base64');
}

function input(orderNo: string, overrides: Partial<PaymentInput> = {}): PaymentInput {
  return {
    request: { amount: 250, orderNo, bookingKey: sandbox.tokens.bookingKey, callbackUrl: 'http://127.0.0.1/pending', currency: 'INR', pg: 'pg2' },
    timeoutMs: 60_000,
    now: () => new Date(),
    sleep: abortableSleep,
    signal: new AbortController().signal,
    ...overrides,
  };
}

function apiFor(token?: string): PaymentApi & { close(): Promise<void> } {
  const client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token, env: {} });
  return {
    submit: (request) => client.booking.submit(request),
    bookingList: (request) => client.events.bookingList(request),
    close: () => client.close(),
  };
}

const refuse = async () => {
  throw new Error('refused: the order number has a booking');
};

function hooks(showPaymentPage: (url: string, timeoutText: string) => Promise<void>) {
  return { showPaymentPage, onExistingBookings: refuse };
}

describe('requestPayment', () => {
  it("posts the booking itself, hands over the service's payment page, and confirms the return against the list", async () => {
    const api = apiFor(sandbox.tokens.organizer);
    const shown: string[] = [];
    try {
      const result = await requestPayment(
        api,
        input('PAY-FLOW-1', { accessToken: sandbox.tokens.organizer }),
        hooks(async (url, timeoutText) => {
          shown.push(`${timeoutText} ${url}`);
          await buyer(url, 'pay');
        }),
      );
      expect(result.payment).toMatchObject({ orderNo: 'PAY-FLOW-1', status: 'success' });
      expect(Number(result.payment.amount)).toBe(250);
      expect(result.record).toMatchObject({ orderNo: 'PAY-FLOW-1', status: 'success', amount: 250 });
      expect(shown).toHaveLength(1);
      // The browser gets the service's page, with neither the booking key nor the amount in its address.
      expect(shown[0]).toMatch(new RegExp(`^1m ${sandbox.url}/em/booking/pay/\\d+\\?token=[0-9a-f]{64}$`));
      expect(shown[0]).not.toContain(sandbox.tokens.bookingKey);
    } finally {
      await api.close();
    }
  });

  it('reports a failed payment as the service sent it, once its list agrees', async () => {
    const api = apiFor();
    const result = await requestPayment(
      api,
      input('PAY-FLOW-2'),
      hooks((url) => buyer(url, 'fail')),
    ).finally(() => api.close());
    expect(result.payment.status).toBe('failure');
    expect(result.record.status).toBe('fail');
  });

  it('accepts nothing on the secure code alone: an unreadable list, or a list without the booking, is an error', async () => {
    const api = apiFor(sandbox.tokens.organizer);
    try {
      let calls = 0;
      const unavailable = requestPayment(
        { ...api, bookingList: async (request) => (calls++ === 0 ? api.bookingList(request) : Promise.reject(new Error('E013 is down'))) },
        input('PAY-FLOW-3'),
        hooks((url) => buyer(url, 'pay')),
      );
      await expect(unavailable).rejects.toThrow('E013 is down');
      const unlisted = requestPayment(
        { ...api, bookingList: async () => ({ bookings: [] }) },
        input('PAY-FLOW-4'),
        hooks((url) => buyer(url, 'pay')),
      );
      await expect(unlisted).rejects.toBeInstanceOf(BookingNotListedError);
      await expect(unlisted).rejects.toThrow('the service lists no booking of order PAY-FLOW-4');
    } finally {
      await api.close();
    }
  });

  it('refuses a genuine return for less than was requested (E022 amount)', async () => {
    const api = apiFor();
    // The service recorded 1.00 where 250 was asked for: the return is signed, the list agrees with it.
    const underpaid = requestPayment(
      { ...api, submit: (request) => api.submit({ ...request, amount: 1 }) },
      input('PAY-FLOW-7'),
      hooks((url) => buyer(url, 'pay')),
    );
    await expect(underpaid).rejects.toBeInstanceOf(SignatureError);
    await expect(underpaid).rejects.toThrow("amount (order PAY-FLOW-7: 250.00 INR was requested; the service's record says success, 1 INR)");
    await api.close();
  });

  it('asks the hook before a second booking of an order number, and posts nothing when it refuses', async () => {
    const api = apiFor();
    try {
      await requestPayment(
        api,
        input('PAY-FLOW-8'),
        hooks((url) => buyer(url, 'pay')),
      );
      let posted = 0;
      const again = requestPayment(
        {
          ...api,
          submit: async (request) => {
            posted += 1;
            return api.submit(request);
          },
        },
        input('PAY-FLOW-8'),
        hooks(async () => undefined),
      );
      await expect(again).rejects.toThrow('refused: the order number has a booking');
      expect(posted).toBe(0);
    } finally {
      await api.close();
    }
  });

  it('refuses a return signed with another key (E022), and times out with the listener closed', async () => {
    const api = apiFor();
    try {
      const signedElsewhere = requestPayment(
        api,
        input('PAY-FLOW-5'),
        hooks((url) => buyer(url, 'pay', forgeCode)),
      );
      await expect(signedElsewhere).rejects.toBeInstanceOf(SignatureError);

      const timedOut = requestPayment(
        api,
        input('PAY-FLOW-6', { sleep: async () => undefined }),
        hooks(async () => undefined),
      );
      await expect(timedOut).rejects.toBeInstanceOf(BookingTimeoutError);
    } finally {
      await api.close();
    }
  });
});
