// Every request of the service (E1–E13, P1–P12) and the OAuth token exchange, keyed by
// the API's own parameter names. The client parses a request with these before sending; the
// sandbox parses what it receives with the same schemas.
import * as z from 'zod';
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

// ---------------------------------------------------------------------------------------------
// Event & Registration API
// ---------------------------------------------------------------------------------------------

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

/** E7 get-event, E8 get-tickets, E10 get-report */
export const eventIdRequest = requestObject(() => ({ eventId: id }));

/** E9 get-all-events, P2 categories, P3 topics: no input. */
export const noInput = requestObject(() => ({}));

/** E11 /api/e/attendee-list */
export const attendeeListRequest = requestObject(() => ({
  eventId: id,
  fromRecord: nonNegativeInteger,
  toRecord: nonNegativeInteger,
}));

/** E12 /em/booking (a browser form post; §4.2 and §8 text limits). */
export const bookingRequest = requestObject(() => ({
  amount: numeric.pipe(z.number().positive({ message: 'must be more than 0' })),
  orderNo: requiredText,
  name: textUpTo(200).optional(),
  emailId: textUpTo(200).optional(),
  phoneNo: textUpTo(30).optional(),
  country: textUpTo(1000).optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  address: textUpTo(1000).optional(),
  zipcode: z.string().optional(),
  bookingKey: requiredText,
  callbackUrl: z.url({ message: 'expected an absolute URL' }),
  currency: enumOf(BOOKING_CURRENCIES).default('INR'),
  pg: enumOf(PAYMENT_GATEWAYS).default('pg2'),
}));

/** E13 /api/e/get-booking-list (the 31-day limit is the service's rule, T009). */
export const bookingListRequest = z.object({ fromDate: isoDate, toDate: isoDate, bookingKey: requiredText }).superRefine((value, ctx) => {
  if (value.toDate < value.fromDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'must not be before fromDate' });
  }
});

// ---------------------------------------------------------------------------------------------
// Publisher API
// ---------------------------------------------------------------------------------------------

/** P1 /publisher/segments */
export const segmentsRequest = requestObject(() => ({
  eventType: enumOf(EVENT_VISIBILITIES).optional(),
  type: enumOf(EVENT_TYPES).optional(),
}));

/** P4 /publisher/events */
export const eventSearchRequest = requestObject(() => ({
  keyword: z.string().optional(),
  city: z.string().optional(),
  category: z.string().optional(),
  price: enumOf(SEARCH_PRICE_KINDS).optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  fromPrice: nonNegativeNumber.optional(),
  toPrice: nonNegativeNumber.optional(),
  sortBy: enumOf(SEARCH_SORT_ORDERS).optional(),
  topics: z.string().optional(),
  page: positiveInteger.optional(),
}));

/** P5 event-details, P6 ticket-details (GET query). */
export const publisherEventIdRequest = requestObject(() => ({ eventId: id }));

const cartTicket = requestObject(() => ({
  ticketId: integer,
  quantity: nonNegativeInteger,
  discountCode: z.string().default(''),
}));

/** `data` of P7 cart-calculation and P8 generate-order. */
export const cartData = requestObject(() => ({
  eventId: integer,
  tickets: z.array(cartTicket).min(1, { message: 'at least one ticket is needed' }),
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
  attendees: z.record(z.string().regex(/^attendee_[1-9]\d*$/, { message: 'keys are attendee_1, attendee_2, …' }), z.array(attendeeAnswer)),
}));

/** P11 confirm-order (multipart). */
export const confirmOrderRequest = requestObject(() => ({
  orderNo: requiredText,
  status: enumOf(ORDER_STATUSES_FOR_CONFIRM),
  referenceNo: requiredText,
}));

// ---------------------------------------------------------------------------------------------
// OAuth (§5)
// ---------------------------------------------------------------------------------------------

/** GET {auth_url}/a/account/oauth/authorize query. */
export const authorizeQuery = requestObject(() => ({
  response_type: z.literal('code'),
  client_id: requiredText,
  state: requiredText,
  redirect_uri: z.url().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.literal('S256').optional(),
}));

/** POST {auth_url}/a/account/oauth/token */
export const tokenRequest = requestObject(() => ({
  client_id: requiredText,
  client_secret: requiredText,
  grant_type: z.literal('authorization_code'),
  code: requiredText,
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
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
