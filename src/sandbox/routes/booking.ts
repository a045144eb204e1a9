// Bookings: E12 /em/booking with its payment page and signed return, E13 get-booking-list, as
// docs/sandbox.md ("Bookings and the payment page") describes them. What E12 stores is bounded
// and rate-limited (security/booking-bounds.ts): it is open to any page.
import { createHmac } from 'node:crypto';
import * as z from 'zod';
import { bookingListRequest, bookingRequest } from '../../client/schemas/index.js';
import type { SandboxApp, SandboxContext, SandboxExtension } from '../context.js';
import { accountForAccessToken, findAccountByBookingKey, findAccountById, type Account } from '../db/accounts.js';
import type { SandboxDatabase } from '../db/index.js';
import { insertRow } from '../db/statements.js';
import { SandboxError, fieldError } from '../errors.js';
import { assertBookingTextWithin, BookingBudget, DEFAULT_BOOKING_BOUNDS, prunePendingBookings, type BookingBounds } from '../security/booking-bounds.js';
import { renderBookingReturnPage, renderPaymentPage } from '../pages/booking.js';
import { autoSubmitPolicy, newScriptNonce } from '../security/page-policy.js';
import { readForm, validate } from '../request.js';
import { textFields } from '../text-fields.js';
import { addDays, sqlDateTime } from '../time.js';
import { readQueryAndForm } from './publisher-input.js';
import { withReturnUrl } from '../modes/quirks.js';
import { moneyDecimals, roundMoney } from '../../util/money.js';
import { md5Hex } from '../../util/digest.js';
import { sameSecret } from '../../util/same-secret.js';

export const BOOKING_PATH = '/em/booking';
const BOOKING_COMPLETE_PATH = '/em/booking/complete';
const BOOKING_PAY_PATH = '/em/booking/pay';
const BOOKING_LIST_PATH = '/api/e/get-booking-list';
const MAX_BOOKING_LIST_DAYS = 31;

/** Fixed sandbox conversion rates to INR (the reference: foreign currencies are converted). */
const INR_PER_UNIT: Readonly<Record<string, number>> = { INR: 1, USD: 83, GBP: 105, EUR: 90, PHP: 1.5, ZAR: 4.5 };

interface BookingRow {
  id: number;
  account_id: number;
  order_no: string;
  amount: number;
  currency: string;
  amount_inr: number;
  name: string | null;
  email_id: string | null;
  phone_no: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  zipcode: string | null;
  pg: string;
  callback_url: string;
  status: 'initiated' | 'success' | 'fail';
  created_at: string;
  completed_at: string | null;
  key_md5: string;
}

function pageSignature(bookingKey: string, bookingId: number, orderNo: string, amount: string): string {
  return createHmac('sha256', bookingKey).update(`${bookingId}|${orderNo}|${amount}`).digest('hex');
}

function pageToken(bookingKey: string, bookingId: number): string {
  return createHmac('sha256', bookingKey).update(`payment-page|${bookingId}`).digest('hex');
}

/** The account of a bookingKey; given `tokenValidAt`, an access token of the account unexpired then as well. */
function accountForKey(db: SandboxDatabase, bookingKey: string, tokenValidAt?: Date): Account {
  const account = findAccountByBookingKey(db, bookingKey) ?? (tokenValidAt && accountForAccessToken(db, bookingKey, tokenValidAt));
  if (!account) throw new SandboxError('E001', { description: 'the booking key is unknown', field: 'bookingKey' });
  return account;
}

function paymentPageOf(row: BookingRow, account: Account): string {
  const amount = moneyDecimals(row.amount);
  return renderPaymentPage(
    {
      bookingId: row.id,
      orderNo: row.order_no,
      amount,
      currency: row.currency,
      amountInr: moneyDecimals(row.amount_inr),
      merchant: account.email,
      buyerName: row.name ?? '',
      signature: pageSignature(account.bookingKey, row.id, row.order_no, amount),
    },
    BOOKING_COMPLETE_PATH,
  );
}

function bookingById(db: SandboxDatabase, bookingId: number): { row: BookingRow; account: Account } {
  const row = db.prepare(`SELECT * FROM bookings WHERE id = ?`).get(bookingId) as BookingRow | undefined;
  const account = row ? findAccountById(db, row.account_id) : undefined;
  if (!row || !account) throw new SandboxError('T007', { description: `no booking ${bookingId}`, field: 'bookingId' });
  return { row, account };
}

const completeRequest = z.object({
  bookingId: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, { message: 'expected a booking id' }),
  orderNo: z.string().min(1),
  amount: z.string().min(1),
  signature: z.string().min(1),
  outcome: z.enum(['pay', 'fail'], { message: 'expected pay or fail' }),
});

/** T010 unless the booking still waits for Pay or Fail. */
function assertInitiated(row: BookingRow): void {
  if (row.status !== 'initiated') {
    throw new SandboxError('T010', { description: `booking ${row.id} was already completed (${row.status})`, field: 'bookingId' });
  }
}

/** The booking order record of E13 (2.16; the sandbox's shape, a superset of the client's bookingOrder). */
function bookingRecord(row: BookingRow) {
  return {
    bookingId: String(row.id),
    orderNo: row.order_no,
    amount: row.amount,
    currency: row.currency,
    amountInr: row.amount_inr,
    status: row.status,
    pg: row.pg,
    ...textFields(row, { name: 'name', emailId: 'email_id', phoneNo: 'phone_no', city: 'city', state: 'state', country: 'country' }),
    createdOn: sqlDateTime(row.created_at),
    completedOn: row.completed_at ? sqlDateTime(row.completed_at) : null,
  };
}

function registerBookingRoutes(app: SandboxApp, context: SandboxContext, bounds: BookingBounds): void {
  const { db } = context;
  const budget = new BookingBudget(bounds, () => context.clock.now().getTime());

  app.on(['GET', 'POST'], BOOKING_PATH, async (c) => {
    const fields = await readQueryAndForm(c);
    const request = validate(bookingRequest, context.quirks ? withReturnUrl(fields) : fields);
    const account = accountForKey(db, request.bookingKey, context.quirks ? context.clock.now() : undefined);
    const callback = new URL(request.callbackUrl);
    if (callback.protocol !== 'http:' && callback.protocol !== 'https:') throw fieldError('callbackUrl', 'expected an http or https address');
    assertBookingTextWithin(request, bounds);
    budget.admit(account.id);
    const amountInr = roundMoney(request.amount * (INR_PER_UNIT[request.currency] ?? 1));
    const now = context.clock.now();
    const bookingId = insertRow(db, 'bookings', {
      account_id: account.id,
      order_no: request.orderNo,
      amount: request.amount,
      currency: request.currency,
      amount_inr: amountInr,
      name: request.name ?? null,
      email_id: request.emailId ?? null,
      phone_no: request.phoneNo ?? null,
      country: request.country ?? null,
      state: request.state ?? null,
      city: request.city ?? null,
      address: request.address ?? null,
      zipcode: request.zipcode ?? null,
      pg: request.pg,
      callback_url: request.callbackUrl,
      created_at: now.toISOString(),
      key_md5: md5Hex(request.bookingKey),
    });
    prunePendingBookings(db, account.id, bounds);
    const { row } = bookingById(db, bookingId);
    const accept = c.req.header('accept') ?? '';
    // A server-side caller asks for JSON, not for a page.
    if (accept.includes('application/json') && !accept.includes('text/html')) {
      const paymentUrl = new URL(`${BOOKING_PAY_PATH}/${bookingId}`, c.req.url);
      paymentUrl.searchParams.set('token', pageToken(account.bookingKey, bookingId));
      return c.json({ status: 'success', bookingId: String(bookingId), paymentUrl: paymentUrl.toString() });
    }
    return c.html(paymentPageOf(row, account));
  });

  app.get(`${BOOKING_PAY_PATH}/:bookingId{[0-9]{1,15}}`, (c) => {
    const { row, account } = bookingById(db, Number(c.req.param('bookingId')));
    if (!sameSecret(pageToken(account.bookingKey, row.id), c.req.query('token') ?? '')) {
      throw new SandboxError('T003', { description: 'invalid hash: the payment page address was changed', field: 'token' });
    }
    assertInitiated(row);
    return c.html(paymentPageOf(row, account));
  });

  app.post(BOOKING_COMPLETE_PATH, async (c) => {
    const request = validate(completeRequest, await readForm(c));
    const { row, account } = bookingById(db, Number(request.bookingId));
    const expected = pageSignature(account.bookingKey, row.id, request.orderNo, request.amount);
    if (!sameSecret(expected, request.signature) || request.orderNo !== row.order_no || request.amount !== moneyDecimals(row.amount)) {
      throw new SandboxError('T003', { description: 'invalid hash: the payment form was changed', field: 'signature' });
    }
    assertInitiated(row);
    const status = request.outcome === 'pay' ? 'success' : 'fail';
    db.prepare(`UPDATE bookings SET status = ?, completed_at = ? WHERE id = ? AND status = 'initiated'`).run(status, context.clock.now().toISOString(), row.id);
    // The return as the live service sends it: `response` = base64 of orderNo|status|amount|md5 of the booking's key.
    const returned = status === 'success' ? 'success' : 'failure';
    const response = Buffer.from(`${row.order_no}|${returned}|${moneyDecimals(row.amount)}|${row.key_md5}`, 'utf8').toString('base64');
    const nonce = newScriptNonce();
    c.header('Content-Security-Policy', autoSubmitPolicy(nonce, new URL(row.callback_url).origin));
    c.header('Cache-Control', 'no-store');
    return c.html(renderBookingReturnPage(row.callback_url, { response, status: returned }, nonce));
  });

  app.post(BOOKING_LIST_PATH, async (c) => {
    const request = validate(bookingListRequest, await readForm(c), {
      invalid: { fromDate: 'E002', toDate: 'E002' },
      rule: { toDate: 'E003' },
    });
    if (request.toDate > addDays(request.fromDate, MAX_BOOKING_LIST_DAYS)) {
      throw new SandboxError('T009', {
        description: `date range must be at most ${MAX_BOOKING_LIST_DAYS} days (toDate − fromDate)`,
        field: 'toDate',
      });
    }
    const account = accountForKey(db, request.bookingKey);
    const rows = db
      .prepare(`SELECT * FROM bookings WHERE account_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id`)
      .all(account.id, `${request.fromDate}T00:00:00.000Z`, `${addDays(request.toDate, 1)}T00:00:00.000Z`) as BookingRow[];
    return c.json({ status: 'success', bookings: rows.map(bookingRecord) });
  });
}

/** E12 and E13 as a sandbox extension; `bounds` on what E12 stores (tests make them small). */
export function bookingExtension(bounds: BookingBounds = DEFAULT_BOOKING_BOUNDS): SandboxExtension {
  return { name: 'booking', routes: (app, context) => registerBookingRoutes(app, context, bounds) };
}
