// The buyer purchase flow over the Publisher API: ticket-details (to check
// the request against what the event sells), cart-calculation, generate-order, attendee-form,
// save-attendee, confirm-order, order-details.
import { ApiError, BoxofficeError, CancelledError, withNotes, nameErrorClasses } from '../client/errors.js';
import type { PublisherApi } from '../client/publisher-api.js';
import type { CartData, ConfirmOrderRequest, FormField, PublisherTicket } from '../client/schemas/index.js';
import type { AttendeeAnswers } from './answers.js';
import { MissingAnswersError, attendeeKeys, fillAttendeeForm } from './attendee-data.js';
import type { TicketSpec } from './ticket-spec.js';
import type { OrderStep } from './intent.js';

type PublisherFlowApi = Pick<
  PublisherApi,
  'ticketDetails' | 'cartCalculation' | 'generateOrder' | 'attendeeForm' | 'saveAttendee' | 'confirmOrder' | 'orderDetails'
>;
type Answer<Call extends keyof PublisherFlowApi> = Awaited<ReturnType<PublisherFlowApi[Call]>>;

export type ConfirmStatus = ConfirmOrderRequest['status'];

export interface PlaceOrderInput {
  eventId: string;
  tickets: readonly TicketSpec[];
  answers: readonly AttendeeAnswers[];
  fake: boolean;
  status: ConfirmStatus;
  /** Generated from the order number when absent. */
  referenceNo?: string;
  now: Date;
  /** Ctrl-C: once aborted, an unfinished order is left as it is (no further request). */
  signal?: AbortSignal;
  /** An order an interrupted run of the same purchase left: continued, never bought again. */
  resume?: { orderNo: string };
}

export interface PlaceOrderHooks {
  /** Called with the cart before an order number is generated; throw (CancelledError) to stop. */
  beforeOrder?(cart: Answer<'cartCalculation'>['cart'], currency: string): Promise<void>;
  /** On a terminal: asks for an attendee given no answers (`position`, 1-based), with the form's fields; without it, one is an error (or --fake). */
  askAttendee?(position: number, fields: readonly FormField[]): Promise<AttendeeAnswers>;
  /** Before each step that changes the service: keep the intent (the step, the order once numbered). */
  beforeChange?(step: OrderStep, orderNo?: string): Promise<void>;
  /** The service has given the order its number: show it at once. */
  onOrderNumber?(orderNo: string): Promise<void>;
  /** Told at each boundary between requests (a test-only fault hook kills the process there). */
  boundary?(name: (typeof PLACE_BOUNDARIES)[number]): void;
  /** Where the buyer looks after a refusal, in the front end's terms (the CLI: its command line). */
  lookAt?(where: FlowLook, eventId: string): string;
}

/** `event`: the event's details and tickets; `events`: the search for events. */
export type FlowLook = 'event' | 'events';

/** The boundaries between the requests of the flow that changes the service, in order. */
export const PLACE_BOUNDARIES = [
  'before-generate',
  'after-generate',
  'after-number',
  'before-save',
  'after-save',
  'before-confirm',
  'after-confirm',
  'after-details',
] as const;

export interface PlacedOrder {
  orderNo: string;
  cart: Answer<'cartCalculation'>;
  /** Absent when an earlier run generated the order (`resumed`); the three after it, when it had confirmed it. */
  order?: Answer<'generateOrder'>;
  attendeeForm?: Answer<'attendeeForm'>;
  saved?: Answer<'saveAttendee'>;
  confirmation?: Answer<'confirmOrder'>;
  details: Answer<'orderDetails'>;
  resumed: boolean;
  referenceNo?: string;
  /** The event's currency, from the ticket details (the cart does not carry one). */
  currency: string;
}

/** An order that an interrupted run left cannot be continued: failed, or released by the service. */
class OrderNotContinuableError extends BoxofficeError {}

/** A requested ticket cannot be bought as asked (unknown, not on sale, sold out, outside min/max). */
export class TicketUnavailableError extends BoxofficeError {}
nameErrorClasses({ OrderNotContinuableError, TicketUnavailableError });

export function defaultReferenceNo(orderNo: string, now: Date): string {
  return `BOX-${orderNo}-${now.getTime().toString(36).toUpperCase()}`;
}

const NOT_ON_SALE = /closed|unavailable|not (yet )?available|ended|expired|pause|cancel|delete/i;

/** Checks the specs against P6, so the common mistakes are explained before anything is ordered. */
export function checkAgainstTickets(eventId: string, specs: readonly TicketSpec[], tickets: readonly PublisherTicket[]): void {
  for (const spec of specs) {
    const ticket = tickets.find((candidate) => candidate.id === spec.ticketId);
    const label = ticket ? `ticket ${spec.ticketId} (${ticket.name})` : `ticket ${spec.ticketId}`;
    if (!ticket) {
      const known = tickets.map((candidate) => `${candidate.id} (${candidate.name})`).join(', ') || 'none';
      throw new TicketUnavailableError(`${label} is not sold by event ${eventId}; its tickets: ${known}`);
    }
    const range = ticket.minQuantity === ticket.maxQuantity ? `exactly ${ticket.minQuantity}` : `${ticket.minQuantity} to ${ticket.maxQuantity}`;
    const refusals: [refused: boolean, message: string][] = [
      [/sold[\s_-]*out/i.test(ticket.availability) || ticket.quantity <= 0, `${label} is sold out`],
      [NOT_ON_SALE.test(ticket.availability) || NOT_ON_SALE.test(ticket.status), `${label} is not on sale (${ticket.status}, ${ticket.availability})`],
      [spec.quantity > ticket.quantity, `${label}: only ${ticket.quantity} left, ${spec.quantity} asked for`],
      [spec.quantity < ticket.minQuantity || spec.quantity > ticket.maxQuantity, `${label} is sold ${range} per order; ${spec.quantity} asked for`],
    ];
    const refusal = refusals.find(([refused]) => refused);
    if (refusal) throw new TicketUnavailableError(refusal[1]);
  }
}

/** An order that cannot be completed still holds its tickets: end it as failed so they are released, and say what happened either way. */
async function releaseOrder(api: PublisherFlowApi, orderNo: string, now: Date): Promise<string> {
  try {
    await api.confirmOrder({ orderNo, status: 'fail', referenceNo: `${defaultReferenceNo(orderNo, now)}-INCOMPLETE` });
    return `order ${orderNo} was marked failed, so its tickets are released`;
  } catch (error) {
    return `order ${orderNo} is left unconfirmed: marking it failed did not work (${(error as Error).message})`;
  }
}

export async function placeOrder(api: PublisherFlowApi, input: PlaceOrderInput, hooks: PlaceOrderHooks = {}): Promise<PlacedOrder> {
  const context: FlowContext = { eventId: input.eventId, specs: input.tickets, orderNo: input.resume?.orderNo, lookAt: hooks.lookAt };
  const data: CartData = {
    eventId: Number(input.eventId),
    tickets: input.tickets.map(({ ticketId, quantity, discountCode }) => ({ ticketId, quantity, discountCode })),
  };
  const available = await explained(context, () => api.ticketDetails({ eventId: input.eventId }));
  if (!input.resume) checkAgainstTickets(input.eventId, input.tickets, available.tickets);
  const cart = await explained(context, () => api.cartCalculation(data));
  const placed = { cart, currency: available.currency, resumed: input.resume !== undefined };
  let order: Answer<'generateOrder'> | undefined;
  if (input.resume) {
    // Continued by what the service says of the order now.
    const { orderNo } = input.resume;
    const now = await explained(context, () => api.orderDetails({ orderNo }));
    const status = now.orderDetails.orderStatus;
    if (status === 'confirm' || (status === 'pending' && input.status === 'pending')) return { ...placed, orderNo, details: now };
    if (status === 'fail' || status === 'cancel' || status === 'cancelled') {
      throw new OrderNotContinuableError(
        `order ${orderNo} (left by an interrupted run) is ${status}: not bought, and the service has released its tickets; run the same command again to place a new order`,
      );
    }
  } else {
    await hooks.beforeOrder?.(cart.cart, available.currency);
    await hooks.beforeChange?.('generate-order');
    hooks.boundary?.('before-generate');
    order = await explained(context, () => api.generateOrder(data));
    hooks.boundary?.('after-generate');
    context.orderNo = order.orderNo;
    await hooks.onOrderNumber?.(order.orderNo);
    hooks.boundary?.('after-number');
  }
  return { ...placed, ...(await completeOrder(api, input, hooks, context)), orderNo: context.orderNo as string, order };
}

type FlowContext = Pick<PlaceOrderInput, 'eventId'> & Pick<PlaceOrderHooks, 'lookAt'> & { specs: readonly TicketSpec[]; orderNo?: string };

const SOLD_OUT = /sold[\s_-]*out|no (more )?tickets? (left|available)|not enough (tickets|quantity)|only \d+ (left|available|remaining)/i;
const QUANTITY_LIMIT = /min(imum)?[\s_-]*quantity|max(imum)?[\s_-]*quantity|at (least|most) \d+|between \d+ and \d+|quantity (must|should) be/i;

/** The plain-word explanation of an error of the flow and where to look next, or undefined to leave it as it is. */
function explainFlowError(error: ApiError, context: FlowContext): [explanation: string, look?: [what: string, where: FlowLook]] | undefined {
  const order = context.orderNo ? `order ${context.orderNo}` : 'the order';
  const detail = `${error.description ?? ''} ${error.field ?? ''}`;
  const because = error.description ? ` (${error.description})` : '';
  const tickets = context.specs.map((spec) => `${spec.ticketId} ×${spec.quantity}`).join(', ');
  if (SOLD_OUT.test(detail)) return [`not enough tickets left for ${tickets}${because}`, ['see what is available', 'event']];
  if (QUANTITY_LIMIT.test(detail))
    return [`a quantity is outside what the ticket allows per order${because}`, ["see each ticket's minimum and maximum", 'event']];
  if (error.code === 'T001' && error.description && !/not a ticket of|ticket missing/i.test(error.description)) {
    return [`the order cannot be placed: ${error.description.replace(/^invalid request;\s*/i, '')}`, ['see the tickets', 'event']];
  }
  // E002: the code's meaning alone ("mandatory fields missing") hides the service's own reason.
  if (error.code === 'E002') return error.description ? [`the service refused the order's data: ${error.description}`] : undefined;
  const byCode: Record<string, ReturnType<typeof explainFlowError>> = {
    T001: [`the cart names no ticket that event ${context.eventId} sells (asked for ${tickets})`, ['list its tickets', 'event']],
    T004: ['no quantity selected: every --ticket needs a quantity of 1 or more (TICKET_ID:QTY)'],
    T007: [`${order} does not exist on this service (was it placed against another sandbox or profile?)`],
    T008: [`${order} was placed with a different publisher key; use the key (profile) it was placed with`],
    T010: [`${order} has already been processed (confirmed or failed), so it cannot be confirmed again; place a new order`],
    E007: [`event ${context.eventId} does not exist (or is not public)`, ['find events', 'events']],
    E012: [`a ticket of ${tickets} does not belong to event ${context.eventId}`, ['list its tickets', 'event']],
  };
  return Object.hasOwn(byCode, error.code) ? byCode[error.code] : undefined;
}

/** The same error (same class and code, so the same exit code) with its plain-word explanation and where to look noted. */
export function withExplanation(error: unknown, context: FlowContext): unknown {
  if (!(error instanceof ApiError)) return error;
  const [explanation, look] = explainFlowError(error, context) ?? [];
  if (explanation !== undefined) error.notes.explanation = explanation;
  if (look && context.lookAt) error.notes.next = `${look[0]} with ${context.lookAt(look[1], context.eventId)}`;
  return error;
}

async function explained<T>(context: FlowContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw withExplanation(error, context);
  }
}

type CompletedSteps = Pick<PlacedOrder, 'attendeeForm' | 'saved' | 'confirmation' | 'details' | 'referenceNo'>;

/** From the attendee form to the order details, for an order that has its number. */
async function completeOrder(api: PublisherFlowApi, input: PlaceOrderInput, hooks: PlaceOrderHooks, context: FlowContext): Promise<CompletedSteps> {
  const orderNo = context.orderNo as string;
  let attendeeForm: Answer<'attendeeForm'>;
  let saved: Answer<'saveAttendee'>;
  try {
    attendeeForm = await explained(context, () => api.attendeeForm({ orderNo }));
    const form = attendeeForm.attendeeForm;
    const answers = [...input.answers];
    if (hooks.askAttendee && !input.fake) {
      const keys = attendeeKeys(form);
      for (let position = answers.length; position < keys.length; position += 1) {
        answers.push(await hooks.askAttendee(position + 1, form[keys[position] as string] ?? []));
      }
    }
    const attendees = fillAttendeeForm(form, { orderNo, answers, fake: input.fake });
    await hooks.beforeChange?.('save-attendee', orderNo);
    hooks.boundary?.('before-save');
    saved = await explained(context, () => api.saveAttendee({ orderNo, attendees }));
    hooks.boundary?.('after-save');
  } catch (error) {
    // Missing answers, refused answers or a cancelled question: release the tickets. After
    // Ctrl-C (signal aborted) or a network failure: no further request.
    const incomplete = error instanceof MissingAnswersError || error instanceof ApiError || error instanceof CancelledError;
    if (!incomplete || input.signal?.aborted) throw error;
    throw withNotes(error, { aftermath: await releaseOrder(api, orderNo, input.now) });
  }

  const referenceNo = input.referenceNo ?? defaultReferenceNo(orderNo, input.now);
  await hooks.beforeChange?.('confirm-order', orderNo);
  hooks.boundary?.('before-confirm');
  const confirmation = await explained(context, () => api.confirmOrder({ orderNo, status: input.status, referenceNo })).catch((error: unknown) => {
    if (input.signal?.aborted || error instanceof ApiError) throw error;
    // No answer: the confirmation may have been taken.
    throw withNotes(error, {
      outcome: `order ${orderNo} may be ${input.status === 'confirm' ? 'confirmed' : input.status}: run the same command again to find out (it checks, and never buys twice)`,
    });
  });
  hooks.boundary?.('after-confirm');
  await hooks.beforeChange?.('order-details', orderNo);
  const details = await explained(context, () => api.orderDetails({ orderNo })).catch((error: unknown) => {
    if (input.signal?.aborted) throw error;
    const status = confirmation.orderStatus ?? input.status;
    throw withNotes(error, {
      outcome: `order ${orderNo} is ${status === 'confirm' ? 'confirmed' : status}: reading its details failed; run the same command again to see them`,
    });
  });
  hooks.boundary?.('after-details');
  return { attendeeForm, saved, confirmation, details, referenceNo };
}
