// `boxoffice order place EVENT_ID --ticket TICKET_ID:QTY[:CODE] …`: a buyer test order through the
// whole Publisher API flow (src/orders), the attendee form answered from flags, a CSV file or fake data.
import { shellQuote } from '../../../util/shell-word.js';
import { Option, type Command } from 'commander';
import { ApiError, BoxofficeError, CancelledError, DeclinedError, InterruptedWorkError, UsageError } from '../../../client/errors.js';
import { ORDER_STATUSES_FOR_CONFIRM, EMAIL_PATTERN } from '../../../client/schemas/values.js';
import type { AttendeeAnswers } from '../../../orders/answers.js';
import { type PlacedOrder, type ConfirmStatus, type FlowLook, placeOrder } from '../../../orders/place.js';
import { OrderIntentFile } from '../../../orders/intent.js';
import { dirname } from 'node:path';
import { formatTicketSpec, parseTicketSpecs, totalQuantity, type TicketSpec, uniqueTickets } from '../../../orders/ticket-spec.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { LIVE_PROFILE } from '../../../session/config/profile.js';
import { confirmOnLive, createPrompter, requireYesWithoutTerminal, type Prompter } from '../../framework/prompt.js';
import { PUBLISHER_KEY_ONLY, withSession } from '../../../session/session.js';
import { writeJson, writeRows, type Column } from '../../output/index.js';
import { resolveBuyerIds } from '../buyer-ids.js';
import { formatMoney } from '../../../util/count.js';
import type { FormField } from '../../../client/schemas/index.js';
import { DEFAULT_FIELD, defaultRole } from '../../../orders/attendee-data.js';
import { readFlagFile } from '../../process/stdin.js';
import { printOut } from '../../../session/deps.js';

type RawFlags = { ticket?: string[]; attendee?: string[]; attendeesFile?: string; fake?: boolean; status: ConfirmStatus; referenceNo?: string; yes?: boolean };
type PlaceOrderOptions = ReturnType<typeof toOptions>;

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerOrderPlace(group: Command, context: CommandContext, run: RunVerb<PlaceOrderOptions> = runOrderPlace): void {
  group
    .command('place')
    .description('place a buyer order: cart, order number, attendee form, confirmation, order details')
    .argument('<EVENT_ID>', 'the event to buy tickets for')
    .option('-t, --ticket <TICKET_ID:QTY[:CODE]>', 'a ticket, its quantity and optionally a discount code (repeatable)', collect)
    .option('-a, --attendee <"name,email,phone">', "one attendee's answers, in attendee order (repeatable)", collect)
    .option(
      '--attendees-file <FILE>',
      'CSV with a header row: name,email,phone, plus one column per custom question label (a MultiCheckbox answer: choices separated by ";")',
    )
    .option('--fake', 'answer every question not given with deterministic fake data')
    .addOption(new Option('--status <status>', 'how the payment ends (confirm-order status)').choices(ORDER_STATUSES_FOR_CONFIRM).default('confirm'))
    .option('--reference-no <REF>', 'the merchant reference sent with the confirmation (default: generated)')
    .option('-y, --yes', `do not ask for confirmation (needed on the ${LIVE_PROFILE} profile without a terminal)`)
    .addHelpText(
      'after',
      `
Examples:
  boxoffice order place 1042 --ticket 7:2 --fake
  boxoffice order place 1042 --ticket 7:1:EARLYBIRD --attendee "Asha Rao,asha@example.com,+91 98450 00001"
  boxoffice order place 1042 --ticket 7:2 --ticket 8:1 --attendees-file people.csv --status pending --json`,
    )
    .action(verbAction(context, run, (eventId: string, flags: RawFlags) => toOptions(eventId, flags)));
}

/** Everything that can be refused without a request is refused here (exit 2). */
function toOptions(eventId: string, flags: RawFlags) {
  if (flags.referenceNo !== undefined && flags.referenceNo.trim() === '') {
    throw new UsageError('--reference-no: must not be empty', '--reference-no');
  }
  return {
    /** Numeric, or the code form (looked up in the event list). */
    eventId: eventId.trim(),
    tickets: parseTicketSpecs(flags.ticket ?? []),
    attendeeFlags: flags.attendee ?? [],
    attendeesFile: flags.attendeesFile,
    fake: flags.fake === true,
    status: flags.status,
    referenceNo: flags.referenceNo?.trim(),
    yes: flags.yes === true,
  };
}

/** The answers given by flags and file; `canAsk`: missing attendees will be asked for on the terminal. */
async function readAnswers(options: PlaceOrderOptions, canAsk: boolean): Promise<AttendeeAnswers[]> {
  const { parseAttendeeFlag, parseAttendeesCsv } = await import('../../../orders/answers.js');
  const answers = options.attendeeFlags.map(parseAttendeeFlag);
  if (options.attendeesFile !== undefined) {
    answers.push(...parseAttendeesCsv(await readFlagFile(options.attendeesFile, '--attendees-file'), options.attendeesFile));
  }
  const needed = totalQuantity(options.tickets);
  if (answers.length > needed) {
    throw new UsageError(`${answers.length} attendees given for ${needed} ${needed === 1 ? 'ticket' : 'tickets'}; give one attendee per ticket`, '--attendee');
  }
  if (answers.length < needed && !options.fake && !canAsk) {
    throw new UsageError(
      `${needed} ${needed === 1 ? 'ticket needs' : 'tickets need'} ${needed} ${needed === 1 ? 'attendee' : 'attendees'}, ${answers.length} given; ` +
        'add --attendee "name,email,phone", --attendees-file FILE, or --fake to fill in the rest (or run it on a terminal to be asked)',
      '--attendee',
    );
  }
  return answers;
}

async function runOrderPlace(options: PlaceOrderOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const globals = context.globals();
  const answers = await readAnswers(options, globals.input);
  const live = { yes: options.yes, consequence: `order place on the ${LIVE_PROFILE} profile places a real order` };
  requireYesWithoutTerminal(context, live);
  await withSession(context, PUBLISHER_KEY_ONLY, async (session) => {
    const ids = await resolveBuyerIds(
      session.client.events,
      options.eventId,
      options.tickets.map((spec) => String(spec.ticketId)),
    );
    const tickets = uniqueTickets(options.tickets.map((spec, index) => ({ ...spec, ticketId: ids.ticketIds[index] })));
    const intent = OrderIntentFile.for(dirname(session.store.path), { publisherUrl: session.profile.publisherUrl ?? '', eventId: ids.eventId, tickets }, () =>
      deps.clock.now(),
    );
    // Held until the run ends, so that no other run takes this one's intent for an interrupted one.
    const lock = await intent.hold();
    try {
      const left = await intent.read();
      if (left?.orderNo !== undefined) {
        deps.io.stderr.write(`order ${left.orderNo}: an interrupted run of this purchase left it at ${left.step}; continuing it, not buying again\n`);
      } else if (left !== undefined) {
        deps.io.stderr.write(
          'an interrupted run of this purchase stopped while generating its order: any order it made was never confirmed, ' +
            'and the service releases its tickets; placing the order now\n',
        );
      }
      let orderNo = left?.orderNo;
      let placed: PlacedOrder;
      try {
        placed = await placeOrder(
          session.client.publisher,
          {
            ...options,
            eventId: ids.eventId,
            tickets,
            answers,
            now: deps.clock.now(),
            signal: deps.signal,
            resume: orderNo === undefined ? undefined : { orderNo },
          },
          {
            beforeOrder: async (cart, currency) => {
              const unapplied = unappliedCodes(tickets, cart, currency);
              if (unapplied !== undefined) deps.io.stderr.write(`${unapplied}\n`);
              await confirmOnLive(context, {
                ...live,
                question: `Place a real order on the ${LIVE_PROFILE} profile for a total of ${formatMoney(cart.grandTotal, currency)}?`,
                declined: 'order not placed',
              });
            },
            beforeChange: (step, number) => intent.record(step, number),
            onOrderNumber: async (number) => {
              orderNo = number;
              // The number as soon as it exists; the command that continues the order is said only if it is interrupted.
              deps.io.stderr.write(`order ${number}: generated; its tickets are held until it is confirmed\n`);
              await intent.record('save-attendee', number);
            },
            boundary: (name) => deps.crashPoint?.(`order-place:${name}`),
            lookAt: orderLookAt,
            ...(globals.input ? { askAttendee: (position, fields) => askAttendee(createPrompter(deps), position, fields) } : {}),
          },
        );
      } catch (error) {
        if (deps.signal.aborted && orderNo !== undefined) {
          throw new InterruptedWorkError(`order ${orderNo} is not finished; continue it with: ${continueCommand(options)}`);
        }
        // The service answered (refused, or the order cannot go on): nothing is left to continue.
        const known =
          [ApiError, CancelledError, DeclinedError].some((kind) => error instanceof kind) ||
          (error instanceof BoxofficeError && KNOWN_OUTCOMES.has(error.name));
        if (!deps.signal.aborted && known) await intent.remove();
        throw error;
      }
      await intent.remove();
      if (placed.resumed) deps.io.stderr.write(`order ${placed.orderNo}: ${placed.details.orderDetails.orderStatus} (continued from an interrupted run)\n`);
      if (globals.json) {
        // Each step's response body under the API's name for it.
        return writeJson(deps.io, {
          eventId: ids.eventId,
          orderNo: placed.orderNo,
          referenceNo: placed.referenceNo,
          resumed: placed.resumed,
          cartCalculation: placed.cart,
          generateOrder: placed.order,
          attendeeForm: placed.attendeeForm,
          saveAttendee: placed.saved,
          confirmOrder: placed.confirmation,
          orderDetails: placed.details,
        });
      }
      await printOrder(context, placed);
    } finally {
      await lock.release();
    }
  });
}

/**
 * The service prices a code it does not accept (unknown, expired, used up, not for that ticket) as no code at all, and says so only by
 * `codeApplied`: the buyer is told before the order is made, naming the codes and what the order costs without them.
 */
function unappliedCodes(
  tickets: readonly TicketSpec[],
  cart: { codeApplied: boolean; discount: number; grandTotal: number },
  currency: string,
): string | undefined {
  const coded = tickets.filter((spec) => spec.discountCode !== '');
  if (coded.length === 0 || cart.codeApplied) return undefined;
  const codes = coded.map((spec) => `${spec.discountCode} (ticket ${spec.ticketId})`).join(', ');
  const price = cart.discount > 0 ? 'without it (another discount of the ticket applies)' : 'at full price';
  return (
    `discount code${coded.length === 1 ? '' : 's'} ${codes} not applied: the service did not accept ${coded.length === 1 ? 'it' : 'them'} ` +
    `(unknown, expired, used up, or not for this ticket); the order goes ahead ${price}: ${formatMoney(cart.grandTotal, currency)} in total`
  );
}

/** Errors after which the order is known not to go on (besides the service's refusals and a declined question). */
const KNOWN_OUTCOMES: ReadonlySet<string> = new Set(['OrderNotContinuableError', 'MissingAnswersError', 'TicketUnavailableError', 'UsageError']);

/** The command that continues this purchase: the same one (answers included, for an order not yet saved). */
function continueCommand(options: PlaceOrderOptions): string {
  const words = ['boxoffice', 'order', 'place', options.eventId];
  for (const spec of options.tickets) words.push('--ticket', formatTicketSpec(spec));
  if (options.fake) words.push('--fake');
  if (options.status !== 'confirm') words.push('--status', options.status);
  const answersGiven = options.attendeeFlags.length > 0 || options.attendeesFile !== undefined;
  return `${words.map(shellQuote).join(' ')}${answersGiven ? ' (with the same --attendee/--attendees-file flags)' : ''}`;
}

export function orderLookAt(where: FlowLook, eventId: string): string {
  return where === 'event' ? `\`boxoffice event details ${eventId}\`` : '`boxoffice events search`';
}

/** On a terminal, the attendees no flag, file or --fake answered: one question per field of the form, mandatory ones required. */
async function askAttendee(prompter: Prompter, position: number, fields: readonly FormField[]): Promise<AttendeeAnswers> {
  const answers: AttendeeAnswers = { name: '', email: '', phone: '', custom: {} };
  for (const field of fields) {
    const isEmail = field.id === DEFAULT_FIELD.email || /email/i.test(`${field.validation ?? ''} ${field.type}`);
    const value = (
      await prompter.text({
        message: `Attendee ${position}: ${field.label}${field.mandatory ? '' : ' (optional)'}`,
        validate: (answer) => {
          const text = answer.trim();
          if (text === '') return field.mandatory ? 'an answer is required' : true;
          return !isEmail || EMAIL_PATTERN.test(text) || 'expected an email address';
        },
      })
    ).trim();
    const role = defaultRole(field.id);
    if (role) answers[role] = value;
    else if (value !== '') answers.custom[field.id] = value;
  }
  return answers;
}

/** On a terminal: headed tables. Piped: one record a line, the first field saying what it is. */
async function printOrder(context: CommandContext, placed: PlacedOrder): Promise<void> {
  const { io } = context.deps;
  const table = async <Row>(heading: string, kind: string, columns: Column<Row>[], rows: Row[]) => {
    if (io.stdoutIsTTY) printOut(io, `${heading}\n`);
    await writeRows(context.deps, io.stdoutIsTTY ? columns : [{ header: 'kind', value: () => kind }, ...columns], rows);
  };

  // Amounts: formatted for people (the currency is in the heading), as the service sent them for scripts.
  const money = (amount: number) => (io.stdoutIsTTY ? formatMoney(amount) : amount);
  await table(
    `Cart (${placed.currency})`,
    'cart',
    [
      { header: 'price', value: (row) => money(row.price), alignRight: true },
      { header: 'discount', value: (row) => money(row.discount), alignRight: true },
      { header: 'fees', value: (row) => money(row.processingFee), alignRight: true },
      { header: 'tax', value: (row) => money(row.serviceTax), alignRight: true },
      { header: 'total', value: (row) => money(row.grandTotal), alignRight: true },
      { header: 'code applied', value: (row) => (row.codeApplied ? 'yes' : 'no') },
    ],
    [placed.cart.cart],
  );

  const details = placed.details.orderDetails;
  await table(
    'Order',
    'order',
    [
      { header: 'order no', value: (row) => row.orderNo },
      { header: 'status', value: (row) => row.orderStatus },
      { header: 'reference', value: () => placed.referenceNo ?? '', dropOrder: 1 },
      { header: 'event', value: (row) => `${row.eventId} ${row.eventName}`, shrink: 16 },
      { header: 'quantity', value: (row) => row.quantity, alignRight: true },
      { header: 'paid', value: (row) => money(row.paidAmount), alignRight: true },
      { header: 'buyer', value: (row) => `${row.buyerName} <${row.buyerEmail}>`, shrink: 20 },
    ],
    [details],
  );

  await table(
    'Attendees',
    'attendee',
    [
      { header: 'ticket no', value: (row) => row.ticketNo },
      { header: 'ticket', value: (row) => `${row.ticketId} ${row.ticketName}`, shrink: 14 },
      { header: 'name', value: (row) => row.attendeeName, shrink: 14 },
      { header: 'email', value: (row) => row.attendeeEmailId, shrink: 20 },
    ],
    details.attendee,
  );
}
