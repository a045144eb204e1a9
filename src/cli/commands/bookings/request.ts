// `boxoffice bookings request`: E12, a payment request for one of the caller's orders.
// Without --callback-url the CLI is its own return address (src/bookings/request-payment.ts:
// the listener, the verified return, the check against the service's list); this command opens
// the browser and reports. With --callback-url the form is only submitted and the result goes
// to that address.
import type { Command } from 'commander';
import { CancelledError, UsageError } from '../../../client/errors.js';
import { BOOKING_CURRENCIES, PAYMENT_GATEWAYS } from '../../../client/schemas/values.js';
import { type BookingReturn, paymentOutcome } from '../../../bookings/response.js';
import { requestPayment, type ServiceCheck } from '../../../bookings/request-payment.js';
import { openSession } from '../../session.js';
import type { CommandContext } from '../../context.js';
import { addParamFlags, checkFormats, fillMissing, paramValues, requestFromFlags, type ParamSpec } from '../../params.js';
import { resolveBookingKey } from './shared.js';
import { parseDuration } from '../../duration.js';
import { bookingRequest } from '../../../client/schemas/requests.js';
import { writeJson, writeRows } from '../../output/index.js';
import { LIVE_PROFILE, confirmOnLive } from '../../live.js';
import { PaymentNotCompletedError } from '../../../bookings/await-return.js';

/** Every E12 parameter, as a flag named by its kebab-case (api-reference §4.2, limits §8). */
const BOOKING_PARAMS: readonly ParamSpec[] = [
  { name: 'amount', kind: 'number', required: true, description: 'amount to collect' },
  { name: 'orderNo', required: true, description: 'your own order number for this payment' },
  { name: 'name', description: "buyer's name (at most 200 characters)" },
  { name: 'emailId', description: "buyer's email address (at most 200 characters)" },
  { name: 'phoneNo', description: "buyer's phone number (at most 30 characters)" },
  { name: 'country', description: 'country (at most 1000 characters)' },
  { name: 'state', description: 'state' },
  { name: 'city', description: 'city' },
  { name: 'address', description: 'address (at most 1000 characters)' },
  { name: 'zipcode', description: 'postal code' },
  { name: 'bookingKey', description: 'booking key (default: BOXOFFICE_BOOKING_KEY, then the profile)' },
  { name: 'callbackUrl', kind: 'url', description: 'send the result there instead of back to this CLI' },
  { name: 'currency', kind: 'enum', choices: BOOKING_CURRENCIES, description: 'currency; others are converted to INR (default: INR)' },
  { name: 'pg', kind: 'enum', choices: PAYMENT_GATEWAYS, description: 'payment gateway: pg1 also takes MASTER/MAESTRO cards (default: pg2)' },
];

const DEFAULT_TIMEOUT = '5m';

/** Stands in for the listener's address while the request is validated, before it starts. */
const PENDING_CALLBACK = 'http://127.0.0.1/pending';

interface RequestFlags extends Record<string, unknown> {
  browser: boolean;
  yes?: boolean;
  timeout: string;
}

export function registerBookingsRequest(group: Command, context: CommandContext): void {
  const command = group
    .command('request')
    .description('request a payment for an order: opens the payment page and waits for the verified result');
  addParamFlags(command, BOOKING_PARAMS)
    .option('--no-browser', 'print the address to open instead of opening a browser')
    .option('--yes', 'do not ask for confirmation (needed on the live profile without a terminal)')
    .option('--timeout <duration>', 'how long to wait for the payment (e.g. 90s, 10m)', DEFAULT_TIMEOUT)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice bookings request --amount 499 --order-no SHOP-1001 --name "Asha Rao" --email-id asha@example.com\n' +
        '  boxoffice bookings request --amount 20 --currency USD --order-no SHOP-1002 --no-browser --json\n' +
        '  boxoffice bookings request --amount 499 --order-no SHOP-1003 --callback-url https://shop.example/paid\n',
    )
    .action(async (flags: RequestFlags) => {
      await runRequestBooking(flags, context);
    });
}

async function runRequestBooking(flags: RequestFlags, context: CommandContext): Promise<void> {
  const { deps } = context;
  const timeoutMs = parseDuration(flags.timeout, '--timeout', { positive: true });
  let values = paramValues(BOOKING_PARAMS, flags);
  checkFormats(BOOKING_PARAMS, values);
  values = await fillMissing(context, BOOKING_PARAMS, values);
  // E12 is a browser form post authenticated by the booking key: no access token is needed.
  const session = await openSession(context, { token: false });
  try {
    const bookingKey = resolveBookingKey(values.bookingKey, session.profile.bookingKey);
    const request = requestFromFlags(
      bookingRequest,
      { ...values, bookingKey, callbackUrl: values.callbackUrl ?? PENDING_CALLBACK },
      BOOKING_PARAMS,
    );
    await confirmIfLive(`${request.amount} ${request.currency}`, request.orderNo, flags.yes === true, context);

    if (values.callbackUrl !== undefined) {
      await session.client.booking.submit(request);
      if (context.globals().json) {
        writeJson(deps.io, { status: 'submitted', orderNo: request.orderNo, callbackUrl: request.callbackUrl });
      } else {
        deps.io.stdout.write(`booking ${request.orderNo} submitted; the result will be delivered to ${request.callbackUrl}\n`);
      }
      return;
    }

    const { payment, check } = await requestPayment(
      {
        requestForm: (form) => session.client.booking.requestForm(form),
        bookingList: (window) => session.client.events.bookingList(window),
      },
      {
        request,
        // The live service's clients check the md5 of their access token; the sandbox's is the key's.
        accessToken: session.profile.token,
        timeoutMs,
        now: () => deps.clock.now(),
        sleep: deps.clock.sleep,
        signal: deps.signal,
      },
      { showPaymentPage: (url, timeoutText) => showPaymentPage(url, timeoutText, flags.browser === false, context) },
    );
    warnAboutServiceCheck(check, payment.orderNo, context);
    await reportPayment(payment, context);
  } finally {
    await session.client.close();
  }
}

async function confirmIfLive(amount: string, orderNo: string, yes: boolean, context: CommandContext): Promise<void> {
  await confirmOnLive(context, {
    yes,
    consequence: `requesting a payment on the ${LIVE_PROFILE} profile charges for real`,
    question: `Request a live payment of ${amount} for order ${orderNo}?`,
    declined: 'payment request not confirmed',
  });
}

async function showPaymentPage(url: string, timeoutText: string, noBrowser: boolean, context: CommandContext): Promise<void> {
  const { deps } = context;
  if (noBrowser) {
    deps.io.stderr.write(`Open this address in a browser to pay:\n  ${url}\n`);
  } else {
    deps.io.stderr.write(`Opening the payment page in your browser: ${url}\n`);
    try {
      await deps.openBrowser(url);
    } catch (error) {
      deps.io.stderr.write(`Could not open a browser (${(error as Error).message}); open the address above yourself.\n`);
    }
  }
  deps.io.stderr.write(`Waiting for the payment (up to ${timeoutText}; Ctrl-C to stop)…\n`);
}

function warnAboutServiceCheck(check: ServiceCheck, orderNo: string, context: CommandContext): void {
  const { stderr } = context.deps.io;
  if (check.verdict === 'unavailable') {
    stderr.write(`warning: could not compare the return with the service's booking list (${check.reason}); it rests on its secure code alone\n`);
  } else if (check.verdict === 'not-listed') {
    stderr.write(`warning: the service does not list order ${orderNo} yet; the result rests on its secure code alone\n`);
  }
}

async function reportPayment(result: BookingReturn, context: CommandContext): Promise<void> {
  const { deps } = context;
  const shown = { orderNo: result.orderNo, status: result.status, amount: result.amount };
  if (context.globals().json) {
    writeJson(deps.io, shown);
  } else {
    await writeRows(
      deps,
      [
        { header: 'order', value: (row: typeof shown) => row.orderNo },
        { header: 'status', value: (row: typeof shown) => row.status },
        { header: 'amount', value: (row: typeof shown) => row.amount, alignRight: true },
      ],
      [shown],
    );
  }
  const outcome = paymentOutcome(result.status);
  if (outcome !== 'paid') {
    const what = outcome === 'failed' ? 'failed' : 'was not completed';
    throw new PaymentNotCompletedError(`payment ${what} for order ${result.orderNo} (status ${result.status})`);
  }
}
