// Publisher API, with the Publisher API key as bearer. Encodings differ per
// endpoint and are exactly the reference's: P1/P4 form fields, P2/P3 no input, P5/P6 GET query,
// P7/P10 `data` JSON in the query string, P8 the same plus an empty multipart body, P9/P11/P12
// multipart fields.
import {
  attendeeFormResponse,
  cartData,
  cartResponse,
  categoriesResponse,
  confirmOrderRequest,
  confirmOrderResponse,
  eventDetailsResponse,
  eventSearchRequest,
  eventSearchResponse,
  generateOrderResponse,
  getAllEventsRequest,
  orderDetailsResponse,
  orderNoRequest,
  publisherEventIdRequest,
  saveAttendeeData,
  saveAttendeeResponse,
  segmentsRequest,
  segmentsResponse,
  ticketDetailsResponse,
  topicsResponse,
} from './schemas/index.js';
import { type ApiContext, type ApiOf, type Credential, type ResponseOf, createApi, defineOperation, missingPublisherKey } from './operation.js';

export const PUBLISHER_API_OPERATIONS = {
  segments: defineOperation({
    id: 'P1',
    name: 'list segments',
    path: '/publisher/segments',
    encoding: 'form',
    request: segmentsRequest,
    response: segmentsResponse,
  }),
  categories: defineOperation({
    id: 'P2',
    name: 'list categories',
    path: '/publisher/categories',
    encoding: 'none',
    request: getAllEventsRequest,
    response: categoriesResponse,
  }),
  topics: defineOperation({
    id: 'P3',
    name: 'list topics',
    path: '/publisher/topics',
    encoding: 'none',
    request: getAllEventsRequest,
    response: topicsResponse,
  }),
  searchEvents: defineOperation({
    id: 'P4',
    name: 'search events',
    path: '/publisher/events',
    encoding: 'form',
    request: eventSearchRequest,
    response: eventSearchResponse,
  }),
  eventDetails: defineOperation({
    id: 'P5',
    name: 'get event details',
    path: '/publisher/event-details',
    encoding: 'query',
    request: publisherEventIdRequest,
    response: eventDetailsResponse,
  }),
  ticketDetails: defineOperation({
    id: 'P6',
    name: 'get ticket details',
    path: '/publisher/ticket-details',
    encoding: 'query',
    request: publisherEventIdRequest,
    response: ticketDetailsResponse,
  }),
  cartCalculation: defineOperation({
    id: 'P7',
    name: 'calculate the cart',
    path: '/publisher/cart-calculation',
    encoding: 'data-query',
    request: cartData,
    response: cartResponse,
  }),
  /** Not repeated automatically when the outcome is unknown (a second order would be made). */
  generateOrder: defineOperation({
    id: 'P8',
    name: 'generate order',
    path: '/publisher/generate-order',
    encoding: 'data-query-multipart',
    request: cartData,
    response: generateOrderResponse,
    idempotent: false,
    checkHint: (request) =>
      `An order for event ${request.eventId} may have been generated; nothing is charged before the order is confirmed. Generating again makes a new, separate order number.`,
  }),
  attendeeForm: defineOperation({
    id: 'P9',
    name: 'get the attendee form',
    path: '/publisher/attendee-form',
    request: orderNoRequest,
    response: attendeeFormResponse,
  }),
  saveAttendee: defineOperation({
    id: 'P10',
    name: 'save attendee',
    path: '/publisher/save-attendee',
    encoding: 'data-query',
    request: saveAttendeeData,
    response: saveAttendeeResponse,
  }),
  /** Not repeated automatically when the outcome is unknown. */
  confirmOrder: defineOperation({
    id: 'P11',
    name: 'confirm order',
    path: '/publisher/confirm-order',
    request: confirmOrderRequest,
    response: confirmOrderResponse,
    idempotent: false,
    checkHint: (request) => `Read order ${request.orderNo} with the order details call and check its orderStatus before confirming again.`,
  }),
  orderDetails: defineOperation({
    id: 'P12',
    name: 'get order details',
    path: '/publisher/order-details',
    request: orderNoRequest,
    response: orderDetailsResponse,
  }),
} as const;

type Ops = typeof PUBLISHER_API_OPERATIONS;

/** The response of each operation, by its name: `PublisherApiResponse['cartCalculation']`. */
export type PublisherApiResponse = { [K in keyof Ops]: ResponseOf<Ops, K> };

export type PublisherApi = ApiOf<Ops>;

export function createPublisherApi(context: ApiContext, publisherKey: string | undefined): PublisherApi {
  const bearer: Credential = { value: publisherKey, missing: missingPublisherKey };
  return createApi(PUBLISHER_API_OPERATIONS, context, () => bearer);
}
