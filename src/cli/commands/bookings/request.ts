// `boxoffice bookings request`: E12, a payment request for one of the caller's orders. Without
// --callback-url the CLI is its own return address (src/bookings/request-payment.ts) and this verb
// opens the browser and reports; with it, the form is only submitted and the result goes there.
import { shellQuote } from '../../../util/shell-word.js';
import type { Command } from 'commander';
import { BoxofficeError, DeclinedError, InterruptedWorkError, nameErrorClasses, SignatureError, UsageError, withNotes } from '../../../client/errors.js';
import { BookingNotListedError, type BookingRecordLike, type BookingReturn, describeRecord, paymentOutcome, recentWindow } from '../../../bookings/response.js';
import { BookingTimeoutError, holdOrderNumber, refuseKnownOrderNumber, requestPayment } from '../../../bookings/request-payment.js';
import type { DateWindow } from '../../../bookings/windows.js';
import { confirmOnLive, createPrompter } from '../../framework/prompt.js';
import { countOf, formatMoney } from '../../../util/count.js';
import { withSession } from '../../../session/session.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { addParamFlags, checkFormats, fillMissing, paramValues } from '../../framework/params.js';
import { BOOKING_PARAMS } from '../../framework/fields.js';
import { BOOKING_KEY_FILE_HELP, removedBookingKeyFlag, resolveBookingKey } from './shared.js';
import { parseDuration } from '../../framework/duration.js';
import { bookingRequest } from '../../../client/schemas/requests.js';
import { parseRequest } from '../../../client/validate.js';
import { writeAnswer, writeJson } from '../../output/index.js';
import { LIVE_PROFILE } from '../../../session/config/profile.js';
import { printOut } from '../../../session/deps.js';
import { dirname } from 'node:path';

const DEFAULT_TIMEOUT = '5m';

/** Stands in for the listener's address while the request is validated, before it starts. */
const PENDING_CALLBACK = 'http://127.0.0.1/pending';

/** The order number already has a booking at the service, and no terminal to ask on. */
class OrderNumberUsedError extends BoxofficeError {}
/** The service returned a payment that did not succeed (failed, cancelled or still pending). */
class PaymentNotCompletedError extends BoxofficeError {}
nameErrorClasses({ OrderNumberUsedError, PaymentNotCompletedError });

interface RequestFlags extends Record<string, unknown> {
  browser: boolean;
  bookingKeyFile?: string;
  yes?: boolean;
  timeout: string;
}

export function registerBookingsRequest(group: Command, context: CommandContext, run: RunVerb<RequestFlags> = runRequestBooking): void {
  const command = group.command('request').description('request a payment for an order: opens the payment page and waits for the verified result');
  addParamFlags(command, BOOKING_PARAMS)
    .option('--booking-key-file <file>', BOOKING_KEY_FILE_HELP)
    .addOption(removedBookingKeyFlag(context))
    .option('--no-browser', 'print the address to open instead of opening a browser')
    .option('--yes', 'do not ask for confirmation (needed on the live profile without a terminal); never a second payment of an order number')
    .option('--timeout <duration>', 'how long to wait for the payment (e.g. 90s, 10m)', DEFAULT_TIMEOUT)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice bookings request --amount 499 --order-no SHOP-1001 --name "Asha Rao" --email-id asha@example.com\n' +
        '  boxoffice bookings request --amount 20 --currency USD --order-no SHOP-1002 --no-browser --json\n' +
        '  boxoffice bookings request --amount 499 --order-no SHOP-1003 --callback-url https://shop.example/paid\n',
    )
    .action(verbAction(context, run, (flags: RequestFlags) => flags));
}

async function runRequestBooking(flags: RequestFlags, context: CommandContext): Promise<void> {
  const { deps } = context;
  const timeoutMs = parseDuration(flags.timeout, '--timeout', { positive: true });
  let values = paramValues(BOOKING_PARAMS, flags);
  checkFormats(BOOKING_PARAMS, values);
  values = await fillMissing(context, BOOKING_PARAMS, values);
  // E12 is authenticated by the booking key; E13 too in the sandbox (the token goes along when there is one).
  await withSession(context, { token: false }, async (session) => {
    const bookingKey = await resolveBookingKey({ file: flags.bookingKeyFile, fromProfile: session.profile.bookingKey }, deps);
    // Checked by the client's schema (defaults applied): a refused field is named by its flag (runCli).
    const request = parseRequest(bookingRequest, { ...values, bookingKey, callbackUrl: values.callbackUrl ?? PENDING_CALLBACK });
    await confirmOnLive(context, {
      yes: flags.yes === true,
      consequence: `requesting a payment on the ${LIVE_PROFILE} profile charges for real`,
      question: `Request a live payment of ${formatMoney(request.amount, request.currency)} for order ${request.orderNo}?`,
      declined: 'payment request not confirmed',
    });
    const checkCommand = checkCommandFor(request.orderNo, recentWindow(deps.clock.now()));
    const lock = await holdOrderNumber(dirname(session.store.path), { apiUrl: session.profile.apiUrl ?? '', orderNo: request.orderNo }, checkCommand);
    try {
      // On screen before anything is sent, so that even a killed run leaves the number to check.
      deps.io.stderr.write(`order ${request.orderNo}: requesting ${formatMoney(request.amount, request.currency)} (to check it: ${checkCommand})\n`);
      const api = { submit: session.client.booking.submit, bookingList: session.client.events.bookingList };
      const hooks = {
        onExistingBookings: (records: readonly BookingRecordLike[], window: DateWindow) =>
          refuseOrAskAgain(request.orderNo, records, window, flags.yes === true, context),
        boundary: (name: string) => deps.crashPoint?.(`bookings-request:${name}`),
      };

      if (values.callbackUrl !== undefined) {
        await refuseKnownOrderNumber(api, request, deps.clock.now(), hooks);
        hooks.boundary('before-booking');
        await api.submit(request);
        if (context.globals().json) {
          writeJson(deps.io, { status: 'submitted', orderNo: request.orderNo, callbackUrl: request.callbackUrl });
        } else {
          printOut(deps.io, `booking ${request.orderNo} submitted; the result will be delivered to ${request.callbackUrl}\n`);
        }
        return;
      }

      const { payment } = await requestPayment(
        api,
        {
          request,
          accessToken: session.profile.token,
          timeoutMs,
          now: () => deps.clock.now(),
          sleep: deps.clock.sleep,
          signal: deps.signal,
        },
        { ...hooks, showPaymentPage: (url, timeoutText) => showPaymentPage(url, timeoutText, flags.browser === false, context) },
      ).catch((error: unknown) => {
        throw withCheckCommand(error, request.orderNo, checkCommand, deps.signal.aborted);
      });
      await reportPayment(payment, context);
    } finally {
      await lock.release();
    }
  });
}

function checkCommandFor(orderNo: string, window: DateWindow): string {
  return `boxoffice bookings list --from-date ${window.fromDate} --to-date ${window.toDate} | grep -F -- ${shellQuote(orderNo)}`;
}

/** A wait that ended without a verdict (Ctrl-C, timeout, a failed call): say where the payment stands can be checked. */
function withCheckCommand(error: unknown, orderNo: string, checkCommand: string, interrupted: boolean): unknown {
  if (interrupted) return new InterruptedWorkError(`order ${orderNo}: the payment may still complete; check it with: ${checkCommand}`);
  const verdict = error instanceof SignatureError || error instanceof BookingNotListedError || error instanceof UsageError || error instanceof DeclinedError;
  if (verdict || !(error instanceof Error) || error.message.includes(checkCommand)) return error;
  if (error instanceof BookingTimeoutError) error.notes.next = 'raise --timeout to wait longer';
  return withNotes(error, { aftermath: `order ${orderNo}: check it with: ${checkCommand}` });
}

/** One payment per order number: an earlier booking of it is refused, or asked about on a terminal. */
async function refuseOrAskAgain(
  orderNo: string,
  records: readonly BookingRecordLike[],
  window: DateWindow,
  yes: boolean,
  context: CommandContext,
): Promise<void> {
  const seen = records.map(describeRecord).join('; ');
  const what = `order ${orderNo} already has ${countOf(records.length, 'booking')} at the service (${seen})`;
  if (context.globals().input && !yes) {
    const again = await createPrompter(context.deps).confirm({ message: `${what}. Request another payment for it?`, default: false });
    if (again) return;
    throw new DeclinedError(`no payment requested: ${what}`);
  }
  throw new OrderNumberUsedError(`${what}; no second payment requested. Check it with: ${checkCommandFor(orderNo, window)}; or use a new --order-no`);
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

async function reportPayment(result: BookingReturn, context: CommandContext): Promise<void> {
  const shown = { orderNo: result.orderNo, status: result.status, amount: result.amount };
  await writeAnswer<typeof shown>(
    context,
    shown,
    [
      { header: 'order', value: (row) => row.orderNo },
      { header: 'status', value: (row) => row.status },
      { header: 'amount', value: (row) => row.amount, alignRight: true },
    ],
    [shown],
  );
  const outcome = paymentOutcome(result.status);
  if (outcome !== 'paid') {
    const what = outcome === 'failed' ? 'failed' : 'was not completed';
    throw new PaymentNotCompletedError(`payment ${what} for order ${result.orderNo} (status ${result.status})`);
  }
}
