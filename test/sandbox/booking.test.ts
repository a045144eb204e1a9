// E12 /em/booking and E13 get-booking-list over real HTTP (the browser flow is in
// booking-browser.test.ts): the payment page, the signed completion, the base64 return with
// the md5 code, tampering (T003), repeats (T010), the list and its 31-day limit (T009).
import { describe, expect, it } from 'vitest';
import { bookingListResponse } from '../../src/client/schemas/index.js';
import { readBookingReturn } from '../../src/bookings/response.js';
import { md5Hex } from '../../src/util/digest.js';
import { readReturnForm } from '../helpers/booking-return.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { ENCODINGS, TEST_NOW, encode, expectError, expectSuccess, manualClock, post } from './api.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

const CALLBACK = 'http://127.0.0.1:9/return?from=test';

function bookingFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    amount: '1250.5',
    orderNo: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    name: 'Asha Rao',
    emailId: 'asha@example.test',
    phoneNo: '+91 98000 00000',
    bookingKey: sandbox.tokens.bookingKey,
    callbackUrl: CALLBACK,
    ...overrides,
  };
}

interface PaymentForm {
  action: string;
  fields: Record<string, string>;
}

/** Reads the hidden fields of the payment page's form. */
function paymentForm(html: string): PaymentForm {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the payment page');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) fields[match[1]] = match[2];
  return { action, fields };
}

async function openPaymentPage(fields: Record<string, string>, encoding: (typeof ENCODINGS)[number] = 'multipart') {
  const response = await fetch(`${sandbox.url}/em/booking`, { method: 'POST', body: encode(fields, encoding) });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  return response.text();
}

async function complete(form: PaymentForm, outcome: 'pay' | 'fail') {
  return fetch(`${sandbox.url}${form.action}`, {
    method: 'POST',
    body: new URLSearchParams({ ...form.fields, outcome }),
    redirect: 'manual',
  });
}

async function returnedResponse(answer: Response): Promise<string> {
  const form = await readReturnForm(answer);
  expect(form.action.toString()).toBe(CALLBACK);
  return form.fields.response;
}

describe('E12 booking', () => {
  it.each(ENCODINGS)('renders a payment page with Pay and Fail (%s)', async (encoding) => {
    const fields = bookingFields();
    const html = await openPaymentPage(fields, encoding);
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Fail<\/button>/);
    expect(html).toContain(fields.orderNo);
    expect(html).toContain('INR 1250.50');
    expect(html).not.toContain(sandbox.tokens.bookingKey);
  });

  it('Pay returns to callbackUrl with response = base64(orderNo|success|amount|md5(bookingKey))', async () => {
    const fields = bookingFields();
    const form = paymentForm(await openPaymentPage(fields));
    const answer = await complete(form, 'pay');
    expect(answer.status).toBe(200);
    const response = await returnedResponse(answer);
    expect(Buffer.from(response, 'base64').toString('utf8')).toBe(`${fields.orderNo}|success|1250.50|${md5Hex(sandbox.tokens.bookingKey)}`);
    expect(readBookingReturn(response, { bookingKey: sandbox.tokens.bookingKey }, fields.orderNo)).toMatchObject({ status: 'success' });
  });

  it('Fail returns status failure', async () => {
    const fields = bookingFields();
    const answer = await complete(paymentForm(await openPaymentPage(fields)), 'fail');
    const decoded = readBookingReturn(await returnedResponse(answer), { bookingKey: sandbox.tokens.bookingKey });
    expect(decoded).toMatchObject({ orderNo: fields.orderNo, status: 'failure', amount: '1250.50' });
  });

  it('refuses a changed amount or order number (T003) and a second completion (T010)', async () => {
    const form = paymentForm(await openPaymentPage(bookingFields()));
    const changes: Record<string, string>[] = [{ amount: '1.00' }, { orderNo: 'SOMEONE-ELSE' }, { signature: 'f'.repeat(64) }];
    for (const change of changes) {
      const tampered = await complete({ ...form, fields: { ...form.fields, ...change } }, 'pay');
      expect(tampered.status).toBe(400);
      expect(await tampered.json()).toMatchObject({ status: 'error', message: 'T003' });
    }
    expect((await complete(form, 'pay')).status).toBe(200);
    const again = await complete(form, 'fail');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'T010' });
  });

  it("answers a server-side caller (JSON) with the payment page's address, which shows the page without the key", async () => {
    const fields = bookingFields({ amount: '499' });
    const answer = await fetch(`${sandbox.url}/em/booking`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams(fields),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { status: string; bookingId: string; paymentUrl: string };
    expect(body).toMatchObject({ status: 'success', bookingId: expect.stringMatching(/^\d+$/) });
    const paymentUrl = new URL(body.paymentUrl);
    expect(paymentUrl.pathname).toBe(`/em/booking/pay/${body.bookingId}`);
    expect(body.paymentUrl).not.toContain(sandbox.tokens.bookingKey);
    const html = await (await fetch(paymentUrl)).text();
    expect(html).toContain('INR 499.00');
    expect(html).not.toContain(sandbox.tokens.bookingKey);

    // Another booking's id under this token, or a changed token: T003.
    const forged = new URL(paymentUrl);
    forged.pathname = `/em/booking/pay/${Number(body.bookingId) + 1000}`;
    expect((await fetch(forged)).status).toBe(404);
    forged.pathname = paymentUrl.pathname;
    forged.searchParams.set('token', 'f'.repeat(64));
    expect(await (await fetch(forged)).json()).toMatchObject({ message: 'T003' });

    // Paid through that page: the return carries status beside response; the page is then gone (T010).
    const done = await complete(paymentForm(html), 'pay');
    expect((await readReturnForm(done)).fields.status).toBe('success');
    expect(await (await fetch(paymentUrl)).json()).toMatchObject({ message: 'T010' });
  });

  it('converts a foreign currency to INR on the page', async () => {
    const html = await openPaymentPage(bookingFields({ amount: '10', currency: 'USD' }));
    expect(html).toContain('USD 10.00');
    expect(html).toContain('INR 830.00');
  });

  it('refuses an unknown booking key (E001) and a missing or bad field (E002)', async () => {
    expectError(await post(sandbox.url, '/em/booking', bookingFields({ bookingKey: 'nope' })), 'E001', 401, 'bookingKey');
    const { callbackUrl: _dropped, ...withoutCallback } = bookingFields();
    expectError(await post(sandbox.url, '/em/booking', withoutCallback), 'E002', 400, 'callbackUrl');
    expectError(await post(sandbox.url, '/em/booking', bookingFields({ amount: '-5' })), 'E002', 400, 'amount');
    expectError(await post(sandbox.url, '/em/booking', bookingFields({ name: 'x'.repeat(201) })), 'E002', 400, 'name');
    expectError(await post(sandbox.url, '/em/booking', bookingFields({ callbackUrl: 'javascript:alert(1)' })), 'E002', 400, 'callbackUrl');
  });
});

describe('E13 booking list', () => {
  it("lists the account's bookings of the date range, oldest first, with their outcome", async () => {
    const key = sandbox.mintToken('booking', 'lister@example.test');
    clock.set('2026-06-03T08:00:00.000Z');
    const first = paymentForm(await openPaymentPage(bookingFields({ bookingKey: key, orderNo: 'LIST-1' })));
    await complete(first, 'pay');
    clock.set('2026-06-10T08:00:00.000Z');
    const second = paymentForm(await openPaymentPage(bookingFields({ bookingKey: key, orderNo: 'LIST-2', amount: '20', currency: 'EUR' })));
    await complete(second, 'fail');
    clock.set('2026-06-12T08:00:00.000Z');
    await openPaymentPage(bookingFields({ bookingKey: key, orderNo: 'LIST-3' }));
    clock.set(TEST_NOW);

    const list = async (fromDate: string, toDate: string) =>
      bookingListResponse.parse(expectSuccess(await post(sandbox.url, '/api/e/get-booking-list', { fromDate, toDate, bookingKey: key }))).bookings;
    const all = await list('2026-06-01', '2026-06-30');
    expect(all.map((booking) => [booking.orderNo, booking.status])).toEqual([
      ['LIST-1', 'success'],
      ['LIST-2', 'fail'],
      ['LIST-3', 'initiated'],
    ]);
    expect(all[1]).toMatchObject({ amount: 20, currency: 'EUR', amountInr: 1800, createdOn: '2026-06-10 08:00:00', completedOn: '2026-06-10 08:00:00' });
    expect((await list('2026-06-10', '2026-06-10')).map((booking) => booking.orderNo)).toEqual(['LIST-2']);
    // another account's bookings are not listed
    const others = bookingListResponse.parse(
      expectSuccess(
        await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-06-01', toDate: '2026-06-30', bookingKey: sandbox.tokens.bookingKey }),
      ),
    ).bookings;
    expect(others.map((booking) => booking.orderNo)).not.toContain('LIST-1');
  });

  it('accepts 31 days and refuses 32 (T009)', async () => {
    const key = sandbox.tokens.bookingKey;
    expectSuccess(await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-01-01', toDate: '2026-02-01', bookingKey: key }));
    expectError(await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-01-01', toDate: '2026-02-02', bookingKey: key }), 'T009', 400, 'toDate');
  });

  it('refuses an unknown key (E001), a reversed range (E003) and missing fields (E002)', async () => {
    expectError(await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-06-01', toDate: '2026-06-02', bookingKey: 'nope' }), 'E001', 401);
    expectError(
      await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-06-02', toDate: '2026-06-01', bookingKey: sandbox.tokens.bookingKey }),
      'E003',
      400,
      'toDate',
    );
    expectError(await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-06-01' }), 'E002', 400, 'toDate,bookingKey');
    expectError(await post(sandbox.url, '/api/e/get-booking-list', { fromDate: '2026-13-01', toDate: '2026-06-01', bookingKey: 'k' }), 'E002', 400, 'fromDate');
  });
});
