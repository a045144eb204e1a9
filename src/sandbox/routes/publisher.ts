// The Publisher API, P1–P12, for the bearer publisher key (E020), and the sandbox-only questions endpoint.
//   P1–P4  POST, form fields (or query parameters)        catalogue and event search
//   P5, P6 GET, query parameters                          event and ticket details
//   P7, P8, P10 POST, `data` = URL-encoded JSON in the query string (P8 also with an empty body)
//   P9, P11, P12 POST, multipart or urlencoded fields
import type { Context } from 'hono';
import * as z from 'zod';
import { booleanFlag, requiredText } from '../../client/schemas/common.js';
import {
  cartData,
  confirmOrderRequest,
  eventIdRequest,
  eventSearchRequest,
  orderNoRequest,
  saveAttendeeData,
  segmentsRequest,
} from '../../client/schemas/index.js';
import type { SandboxApp, SandboxContext, SandboxEnv, SandboxExtension } from '../context.js';
import { findAccountById } from '../db/accounts.js';
import { SandboxError } from '../errors.js';
import { readForm, validate } from '../request.js';
import { requireAccessToken } from '../auth.js';
import { eventFor } from './access.js';
import { checkCart, minuteOf, priceLines } from './publisher-cart.js';
import { categoryMap, segmentTree, topicMap } from './publisher-catalogue.js';
import { readDataDocument, readQueryAndForm, requirePublisherKey, validateData } from './publisher-input.js';
import {
  assertOpen,
  attendeesSaved,
  attendeeTicketIds,
  formFields,
  generateOrder,
  buildOrderDetails,
  orderOfPublisher,
  questionFieldId,
  saveAttendeeAnswers,
} from './publisher-orders.js';
import { requestOrigin } from './event-page.js';
import { eventDetails, buildEventSummary, ticketAvailability, ticketDetails } from './publisher-shapes.js';
import { categoriesWithEvents, discountsOfEvent, searchEvents, visibleTickets } from './publisher-store.js';
import { addQuestions, findEvent, type EventRow } from '../db/events.js';
import { confirmOrder, releaseExpiredOrders, setOrderStatus } from '../db/orders.js';

/** A published event by id (E007 otherwise). Private events are reachable by id, not listed. */
function eventById(context: SandboxContext, id: number | string, field = 'eventId'): EventRow {
  const numeric = typeof id === 'number' ? id : Number(id);
  const event = Number.isSafeInteger(numeric) ? findEvent(context.db, numeric) : undefined;
  if (event?.status !== 'published') throw new SandboxError('E007', { description: `invalid event id: ${id}`, field });
  return event;
}

const CART_CODES = [
  { prefix: 'eventId', code: 'E007' as const },
  { prefix: 'tickets', code: 'T001' as const },
];

/** A quantity that is not a whole number is E013 (as on the organizer side), before the schema. */
function refuseNonNumericQuantities(document: unknown): void {
  const tickets = (document as { tickets?: unknown } | null)?.tickets;
  if (!Array.isArray(tickets)) return;
  tickets.forEach((line: unknown, index) => {
    const quantity = (line as { quantity?: unknown } | null)?.quantity;
    if (quantity !== undefined && !(typeof quantity === 'number' || (typeof quantity === 'string' && /^\s*\d+\s*$/.test(quantity)))) {
      throw new SandboxError('E013', { field: `data.tickets.${index}.quantity` });
    }
  });
}

function registerPublisherRoutes(app: SandboxApp, context: SandboxContext): void {
  app.use('/publisher/*', requirePublisherKey(context));
  // Checked lazily, before any publisher call reads or changes an order or what is left.
  app.use('/publisher/*', async (_c, next) => {
    releaseExpiredOrders(context.db, new Date(context.clock.now().getTime() - context.holdTimeoutMs));
    await next();
  });

  app.post('/publisher/segments', async (c) => {
    const request = validate(segmentsRequest, await readQueryAndForm(c));
    if (!request.eventType && !request.type) return c.json({ status: 'success', segments: segmentTree() });
    const present = categoriesWithEvents(context.db, request);
    return c.json({ status: 'success', segments: segmentTree((category) => present.has(category)) });
  });

  app.post('/publisher/categories', async (c) => {
    await readQueryAndForm(c);
    return c.json({ status: 'success', categories: categoryMap() });
  });

  app.post('/publisher/topics', async (c) => {
    await readQueryAndForm(c);
    return c.json({ status: 'success', topics: topicMap() });
  });

  app.post('/publisher/events', async (c) => {
    const request = validate(eventSearchRequest, await readQueryAndForm(c));
    if (request.fromDate && request.toDate && request.toDate < request.fromDate) {
      throw new SandboxError('E003', { description: 'toDate must not be before fromDate', field: 'toDate' });
    }
    const rows = searchEvents(context.db, request);
    return c.json({ status: 'success', events: rows.map((row) => buildEventSummary(row, requestOrigin(c))) });
  });

  /** The event a details request names, its visible tickets, and the minute sale windows are compared at. */
  async function readEventDetailsRequest(c: Context<SandboxEnv>) {
    const request = validate(eventIdRequest, await readQueryAndForm(c), { invalid: { eventId: 'E007' } });
    const event = eventById(context, request.eventId);
    return { event, tickets: visibleTickets(context.db, event.id), now: minuteOf(context.clock.now()) };
  }

  // GET with a query as the reference has it; POST with form fields as newer clients send it.
  app.on(['GET', 'POST'], '/publisher/event-details', async (c) => {
    const { event, tickets, now } = await readEventDetailsRequest(c);
    const buyable = tickets.filter((ticket) => ticket.status !== 'pause');
    const soldout = buyable.length > 0 && buyable.every((ticket) => ticketAvailability(ticket, now) === 'Sold Out');
    const organizer = findAccountById(context.db, event.owner_id);
    const prices = buyable.map((ticket) => ticket.price ?? 0);
    return c.json({
      status: 'success',
      events: eventDetails(event, {
        origin: requestOrigin(c),
        organizerEmail: organizer?.email ?? '',
        currency: tickets[0]?.currency ?? 'INR',
        minPrice: prices.length ? Math.min(...prices) : 0,
      }),
      tabs: [],
      soldout: soldout ? 'yes' : 'no',
      favourite: 'no',
    });
  });

  app.on(['GET', 'POST'], '/publisher/ticket-details', async (c) => {
    const { event, tickets, now } = await readEventDetailsRequest(c);
    const discounts = discountsOfEvent(context.db, event.id);
    return c.json({
      status: 'success',
      tickets: tickets.map((ticket) => ticketDetails(ticket, discounts, now)),
      currency: tickets[0]?.currency ?? 'INR',
    });
  });

  async function readCart(c: Context<SandboxEnv>) {
    const document = await readDataDocument(c);
    refuseNonNumericQuantities(document);
    const request = validateData(cartData, document, CART_CODES);
    const event = eventById(context, request.eventId, 'data.eventId');
    const now = context.clock.now();
    const lines = checkCart(context.db, event, request, now);
    return { event, lines, now, priced: priceLines(context.db, event, lines, now) };
  }

  app.post('/publisher/cart-calculation', async (c) => {
    const { priced } = await readCart(c);
    return c.json({ status: 'success', cart: priced.cart });
  });

  app.post('/publisher/generate-order', async (c) => {
    const { event, lines, now, priced } = await readCart(c);
    const order = generateOrder(context.db, { event, publisherAccountId: c.get('account').id, lines, priced, now });
    return c.json({ status: 'success', orderNo: order.order_no, platformFee: order.platform_fee, ticketCost: order.ticket_cost });
  });

  app.post('/publisher/attendee-form', async (c) => {
    const request = validate(orderNoRequest, await readQueryAndForm(c));
    const order = orderOfPublisher(context.db, request.orderNo, c.get('account').id);
    const fields = formFields(context.db, order.event_id);
    const attendeeForm = Object.fromEntries(attendeeTicketIds(context.db, order.id).map((_, index) => [`attendee_${index + 1}`, fields]));
    return c.json({ status: 'success', attendeeForm });
  });

  app.post('/publisher/save-attendee', async (c) => {
    const data = validateData(saveAttendeeData, await readDataDocument(c));
    const order = orderOfPublisher(context.db, data.orderNo, c.get('account').id);
    assertOpen(order);
    saveAttendeeAnswers(context.db, order, data.attendees);
    return c.json({ status: 'success', message: 'attendee details saved', orderNo: order.order_no });
  });

  app.post('/publisher/confirm-order', async (c) => {
    const request = validate(confirmOrderRequest, await readQueryAndForm(c));
    const order = orderOfPublisher(context.db, request.orderNo, c.get('account').id);
    assertOpen(order);
    if (request.status === 'pending' && order.status === 'pending') {
      throw new SandboxError('T010', { description: `order ${order.order_no} is already pending`, field: 'status' });
    }
    const now = context.clock.now();
    if (request.status === 'confirm') {
      if (!attendeesSaved(context.db, order.id)) {
        throw new SandboxError('T002', { description: 'buyer billing information missing: save the attendees first (save-attendee)', field: 'orderNo' });
      }
      confirmOrder(context.db, order.id, now, request.referenceNo);
    } else {
      setOrderStatus(context.db, order.id, request.status, request.referenceNo);
    }
    const messages = { confirm: 'order confirmed', pending: 'order pending payment', fail: 'order failed; tickets released' };
    // `success` beside the reference's fields: the service's own Android SDK reads it (a failure is "fail").
    return c.json({ status: 'success', success: 'success', message: messages[request.status], orderNo: order.order_no, orderStatus: request.status });
  });

  app.post('/publisher/order-details', async (c) => {
    const request = validate(orderNoRequest, await readQueryAndForm(c));
    const order = orderOfPublisher(context.db, request.orderNo, c.get('account').id);
    const event = findEvent(context.db, order.event_id);
    return c.json({ status: 'success', orderNo: order.order_no, orderDetails: buildOrderDetails(context.db, order, event?.title ?? '') });
  });
}

/** Sandbox-only: appends a custom question to an event's attendee form (P9 shows it, P10 checks it, P12 and E11 report it). */
export const QUESTIONS_ENDPOINT = '/sandbox/questions';

const addQuestionRequest = z.object({
  eventId: requiredText,
  label: z.pipe(requiredText, z.string().max(200, { message: 'must be at most 200 characters' })),
  type: z.enum(['Text', 'Textarea', 'Email', 'Number', 'Dropdown'], { message: 'expected Text, Textarea, Email, Number or Dropdown' }).default('Text'),
  description: z.string().max(1000).default(''),
  validation: z.enum(['', 'email', 'phone'], { message: 'expected email, phone or nothing' }).default(''),
  mandatory: z._default(booleanFlag, false),
});

export function publisherExtension(): SandboxExtension {
  return {
    name: 'publisher',
    routes(app, context) {
      registerPublisherRoutes(app, context);
      app.post(QUESTIONS_ENDPOINT, requireAccessToken(context), async (c) => {
        const request = validate(addQuestionRequest, await readForm(c), { invalid: { eventId: 'E007' } });
        const event = eventFor(context.db, c.get('account'), request.eventId, 'write');
        const [questionId] = addQuestions(context.db, event.id, [request]);
        return c.json({ status: 'success', questionId: String(questionId), fieldId: questionFieldId({ id: questionId }) });
      });
    },
  };
}
