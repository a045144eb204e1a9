// The buyer purchase flow of api-reference §3 over the Publisher API: ticket-details (to check
// the request against what the event sells), cart-calculation, generate-order, attendee-form,
// save-attendee, confirm-order, order-details.
import { ApiError, BoxofficeError, CancelledError } from '../client/errors.js';
import type {
  attendeeFormResponse,
  cartResponse,
  confirmOrderResponse,
  generateOrderResponse,
  orderDetailsResponse,
  saveAttendeeResponse,
  ticketDetailsResponse,
  CartData,
  ConfirmOrderRequest,
  FormField,
  PublisherTicket,
  SaveAttendeeData,
} from '../client/schemas/index.js';
import type * as z from 'zod';
import type { AttendeeAnswers } from './answers.js';
import { MissingAnswersError, attendeeKeys, fillAttendeeForm } from './attendee-data.js';
import { withExplanation, type FlowContext } from './explain.js';
import type { TicketSpec } from './ticket-spec.js';

/** The part of the client's `publisher` API the flow uses. */
export interface PublisherFlowApi {
  ticketDetails(request: { eventId: string }): Promise<z.output<typeof ticketDetailsResponse>>;
  cartCalculation(data: CartData): Promise<z.output<typeof cartResponse>>;
  generateOrder(data: CartData): Promise<z.output<typeof generateOrderResponse>>;
  attendeeForm(request: { orderNo: string }): Promise<z.output<typeof attendeeFormResponse>>;
  saveAttendee(data: SaveAttendeeData): Promise<z.output<typeof saveAttendeeResponse>>;
  confirmOrder(request: ConfirmOrderRequest): Promise<z.output<typeof confirmOrderResponse>>;
  orderDetails(request: { orderNo: string }): Promise<z.output<typeof orderDetailsResponse>>;
}

export type ConfirmStatus = ConfirmOrderRequest['status'];

export interface PlaceOrderInput {
  eventId: string;
  tickets: readonly TicketSpec[];
  answers: readonly AttendeeAnswers[];
  fake: boolean;
  status: ConfirmStatus;
  /** The merchant reference sent to confirm-order; generated from the order number when absent. */
  referenceNo?: string;
  now: Date;
  /** Ctrl-C: once aborted, an unfinished order is left as it is (no further request). */
  signal?: AbortSignal;
}

export interface PlaceOrderHooks {
  /** Called with the cart before an order number is generated; throw (CancelledError) to stop. */
  beforeOrder?(cart: z.output<typeof cartResponse>['cart'], currency: string): Promise<void>;
  /** One line per step, for progress on stderr. */
  onStep?(step: string): void;
  /**
   * Asks for the answers of an attendee none were given for (on a terminal), with the form's
   * fields; `position` is 1-based. Without it, missing attendees are an error (or --fake).
   */
  askAttendee?(position: number, fields: readonly FormField[]): Promise<AttendeeAnswers>;
}

export interface PlacedOrder {
  cart: z.output<typeof cartResponse>;
  order: z.output<typeof generateOrderResponse>;
  attendeeForm: z.output<typeof attendeeFormResponse>;
  saved: z.output<typeof saveAttendeeResponse>;
  confirmation: z.output<typeof confirmOrderResponse>;
  details: z.output<typeof orderDetailsResponse>;
  referenceNo: string;
  /** The event's currency, from the ticket details (the cart does not carry one). */
  currency: string;
}

/** A requested ticket cannot be bought as asked (unknown, not on sale, sold out, outside min/max). */
export class TicketUnavailableError extends BoxofficeError {
  override name = 'TicketUnavailableError';
}

/** The merchant reference used when `--reference-no` is not given. */
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
    if (/sold[\s_-]*out/i.test(ticket.availability) || ticket.quantity <= 0) {
      throw new TicketUnavailableError(`${label} is sold out`);
    }
    if (NOT_ON_SALE.test(ticket.availability) || NOT_ON_SALE.test(ticket.status)) {
      throw new TicketUnavailableError(`${label} is not on sale (${ticket.status}, ${ticket.availability})`);
    }
    if (spec.quantity > ticket.quantity) {
      throw new TicketUnavailableError(`${label}: only ${ticket.quantity} left, ${spec.quantity} asked for`);
    }
    if (spec.quantity < ticket.minQuantity || spec.quantity > ticket.maxQuantity) {
      const range = ticket.minQuantity === ticket.maxQuantity
        ? `exactly ${ticket.minQuantity}`
        : `${ticket.minQuantity} to ${ticket.maxQuantity}`;
      throw new TicketUnavailableError(`${label} is sold ${range} per order; ${spec.quantity} asked for`);
    }
  }
}

/**
 * An order that cannot be completed still holds its tickets: end it as failed so they are
 * released, and say what happened either way.
 */
async function releaseOrder(api: PublisherFlowApi, orderNo: string, now: Date, hooks: PlaceOrderHooks): Promise<string> {
  hooks.onStep?.('confirm-order (fail)');
  try {
    await api.confirmOrder({ orderNo, status: 'fail', referenceNo: `${defaultReferenceNo(orderNo, now)}-INCOMPLETE` });
    return `order ${orderNo} was marked failed, so its tickets are released`;
  } catch (error) {
    return `order ${orderNo} is left unconfirmed: marking it failed did not work (${(error as Error).message})`;
  }
}

export async function placeOrder(api: PublisherFlowApi, input: PlaceOrderInput, hooks: PlaceOrderHooks = {}): Promise<PlacedOrder> {
  const context: FlowContext = { eventId: input.eventId, specs: input.tickets };
  const step = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
    hooks.onStep?.(name);
    try {
      return await call();
    } catch (error) {
      throw withExplanation(error, context);
    }
  };
  const data: CartData = {
    eventId: Number(input.eventId),
    tickets: input.tickets.map(({ ticketId, quantity, discountCode }) => ({ ticketId, quantity, discountCode })),
  };

  const available = await step('ticket-details', () => api.ticketDetails({ eventId: input.eventId }));
  checkAgainstTickets(input.eventId, input.tickets, available.tickets);

  const cart = await step('cart-calculation', () => api.cartCalculation(data));
  await hooks.beforeOrder?.(cart.cart, available.currency);

  const order = await step('generate-order', () => api.generateOrder(data));
  const orderNo = order.orderNo;
  context.orderNo = orderNo;

  let attendeeForm: PlacedOrder['attendeeForm'];
  let saved: PlacedOrder['saved'];
  try {
    attendeeForm = await step('attendee-form', () => api.attendeeForm({ orderNo }));
    const form = attendeeForm.attendeeForm;
    const answers = [...input.answers];
    if (hooks.askAttendee && !input.fake) {
      const keys = attendeeKeys(form);
      for (let position = answers.length; position < keys.length; position += 1) {
        answers.push(await hooks.askAttendee(position + 1, form[keys[position] as string] ?? []));
      }
    }
    const attendees = fillAttendeeForm(form, { orderNo, answers, fake: input.fake });
    saved = await step('save-attendee', () => api.saveAttendee({ orderNo, attendees }));
  } catch (error) {
    // Missing answers, refused answers or a cancelled question: release the tickets. After
    // Ctrl-C (signal aborted) or a network failure: no further request.
    const incomplete = error instanceof MissingAnswersError || error instanceof ApiError || error instanceof CancelledError;
    if (!incomplete || input.signal?.aborted) throw error;
    const aftermath = await releaseOrder(api, orderNo, input.now, hooks);
    if (error instanceof MissingAnswersError) throw new MissingAnswersError(orderNo, error.missing, aftermath);
    error.message = `${error.message} (${aftermath})`;
    throw error;
  }

  const referenceNo = input.referenceNo ?? defaultReferenceNo(orderNo, input.now);
  const confirmation = await step('confirm-order', () => api.confirmOrder({ orderNo, status: input.status, referenceNo }));
  const details = await step('order-details', () => api.orderDetails({ orderNo }));
  return { cart, order, attendeeForm, saved, confirmation, details, referenceNo, currency: available.currency };
}
