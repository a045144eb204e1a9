// Every request of the service (E1–E13, P1–P12) and the OAuth token exchange, by the API's own
// parameter names: the client parses a request with these before sending, the sandbox on receipt.
import * as z from 'zod/mini';
import { DISCOUNT_TABLE } from '../fields/discount.js';
import { EVENT_TABLE } from '../fields/event.js';
import { id, requestSchema } from '../fields/schema.js';
import { TICKET_TABLE } from '../fields/ticket.js';
import {
  BOOKING_CURRENCIES,
  enumOf,
  EVENT_TYPES,
  EVENT_VISIBILITIES,
  integer,
  isoDate,
  nonNegativeInteger,
  nonNegativeNumber,
  numeric,
  ORDER_STATUSES_FOR_CONFIRM,
  PAYMENT_GATEWAYS,
  positiveInteger,
  requestObject,
  requiredText,
  SEARCH_PRICE_KINDS,
  SEARCH_SORT_ORDERS,
  textUpTo,
} from './common.js';

// Event & Registration API

/** E1 /api/e/create */
export const createEventRequest = requestSchema(EVENT_TABLE, 'create');
/** E2 /api/e/update: every E1 field but segment and topics, plus eventId. */
export const updateEventRequest = requestSchema(EVENT_TABLE, 'update');
/** E3 /api/e/add-ticket */
export const addTicketRequest = requestSchema(TICKET_TABLE, 'create');
/** E4 /api/e/update-ticket */
export const updateTicketRequest = requestSchema(TICKET_TABLE, 'update');
/** E5 /api/e/add-discount */
export const addDiscountRequest = requestSchema(DISCOUNT_TABLE, 'create');
/** E6 /api/e/update-discount */
export const updateDiscountRequest = requestSchema(DISCOUNT_TABLE, 'update');

/** E7 get-event, E8 get-tickets, E10 get-report, P5 event-details, P6 ticket-details */
export const eventIdRequest = requestObject(() => ({ eventId: id }));

/** E9 get-all-events, P2 categories, P3 topics: no input. */
export const noInput = requestObject(() => ({}));

/** E11 /api/e/attendee-list */
export const attendeeListRequest = requestObject(() => ({ eventId: id, fromRecord: nonNegativeInteger, toRecord: nonNegativeInteger }));

/** E12 /em/booking (a browser form post; §4.2 and §8 text limits). */
export const bookingRequest = requestObject(() => ({
  amount: z.pipe(numeric, z.number().check(z.positive({ message: 'must be more than 0' }))),
  orderNo: requiredText,
  name: z.optional(textUpTo(200)),
  emailId: z.optional(textUpTo(200)),
  phoneNo: z.optional(textUpTo(30)),
  country: z.optional(textUpTo(1000)),
  state: z.optional(z.string()),
  city: z.optional(z.string()),
  address: z.optional(textUpTo(1000)),
  zipcode: z.optional(z.string()),
  bookingKey: requiredText,
  callbackUrl: z.url({ message: 'expected an absolute URL' }),
  currency: z._default(enumOf(BOOKING_CURRENCIES), 'INR'),
  pg: z._default(enumOf(PAYMENT_GATEWAYS), 'pg2'),
}));

/** E13 /api/e/get-booking-list (the 31-day limit is the service's rule, T009). */
export const bookingListRequest = z.lazy(() =>
  z
    .object({ fromDate: isoDate, toDate: isoDate, bookingKey: requiredText })
    .check(z.refine((value) => value.toDate >= value.fromDate, { path: ['toDate'], message: 'must not be before fromDate' })),
);

// Publisher API

/** P1 /publisher/segments */
export const segmentsRequest = requestObject(() => ({ eventType: z.optional(enumOf(EVENT_VISIBILITIES)), type: z.optional(enumOf(EVENT_TYPES)) }));

/** P4 /publisher/events */
export const eventSearchRequest = requestObject(() => ({
  keyword: z.optional(z.string()),
  city: z.optional(z.string()),
  category: z.optional(z.string()),
  price: z.optional(enumOf(SEARCH_PRICE_KINDS)),
  fromDate: z.optional(isoDate),
  toDate: z.optional(isoDate),
  fromPrice: z.optional(nonNegativeNumber),
  toPrice: z.optional(nonNegativeNumber),
  sortBy: z.optional(enumOf(SEARCH_SORT_ORDERS)),
  topics: z.optional(z.string()),
  page: z.optional(positiveInteger),
}));

const cartTicket = requestObject(() => ({ ticketId: integer, quantity: nonNegativeInteger, discountCode: z._default(z.string(), '') }));

/** `data` of P7 cart-calculation and P8 generate-order. */
export const cartData = requestObject(() => ({
  eventId: integer,
  tickets: z.array(cartTicket).check(z.minLength(1, { message: 'at least one ticket is needed' })),
}));

/** P9 attendee-form, P12 order-details (multipart). */
export const orderNoRequest = requestObject(() => ({ orderNo: requiredText }));

const answerScalar = z.lazy(() => z.union([z.string(), z.number()]));

const attendeeAnswer = requestObject(() => ({
  id: requiredText,
  label: z.string(),
  /** A list for a MultiCheckbox field (the choices ticked), as the service's own clients send. */
  value: z.union([answerScalar, z.array(answerScalar)]),
}));

/** `data` of P10 save-attendee. */
export const saveAttendeeData = requestObject(() => ({
  orderNo: requiredText,
  attendees: z.record(z.string().check(z.regex(/^attendee_[1-9]\d*$/, { message: 'keys are attendee_1, attendee_2, …' })), z.array(attendeeAnswer)),
}));

/** P11 confirm-order (multipart). */
export const confirmOrderRequest = requestObject(() => ({ orderNo: requiredText, status: enumOf(ORDER_STATUSES_FOR_CONFIRM), referenceNo: requiredText }));

// OAuth (§5)

/** GET {auth_url}/a/account/oauth/authorize query. */
export const authorizeQuery = requestObject(() => ({
  response_type: z.literal('code'),
  client_id: requiredText,
  state: requiredText,
  redirect_uri: z.optional(z.url()),
  code_challenge: z.optional(z.string()),
  code_challenge_method: z.optional(z.literal('S256')),
}));

/** POST {auth_url}/a/account/oauth/token */
export const tokenRequest = requestObject(() => ({
  client_id: requiredText,
  client_secret: requiredText,
  grant_type: z.literal('authorization_code'),
  code: requiredText,
  redirect_uri: z.optional(z.string()),
  code_verifier: z.optional(z.string()),
}));

export type CreateEventRequest = z.input<typeof createEventRequest>;
export type UpdateEventRequest = z.input<typeof updateEventRequest>;
export type AddTicketRequest = z.input<typeof addTicketRequest>;
export type UpdateTicketRequest = z.input<typeof updateTicketRequest>;
export type AddDiscountRequest = z.input<typeof addDiscountRequest>;
export type UpdateDiscountRequest = z.input<typeof updateDiscountRequest>;
export type EventIdRequest = z.input<typeof eventIdRequest>;
export type AttendeeListRequest = z.input<typeof attendeeListRequest>;
export type BookingRequest = z.input<typeof bookingRequest>;
export type BookingListRequest = z.input<typeof bookingListRequest>;
export type SegmentsRequest = z.input<typeof segmentsRequest>;
export type EventSearchRequest = z.input<typeof eventSearchRequest>;
export type CartData = z.input<typeof cartData>;
export type SaveAttendeeData = z.input<typeof saveAttendeeData>;
export type ConfirmOrderRequest = z.input<typeof confirmOrderRequest>;
export type AuthorizeQuery = z.input<typeof authorizeQuery>;
export type TokenRequest = z.input<typeof tokenRequest>;
