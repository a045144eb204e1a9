// Publisher API, with the Publisher API key as bearer; each endpoint's encoding is the reference's.
import {
  attendeeFormResponse,
  cartData,
  cartResponse,
  categoriesResponse,
  confirmOrderRequest,
  confirmOrderResponse,
  eventIdRequest,
  eventDetailsResponse,
  eventSearchRequest,
  eventSearchResponse,
  generateOrderResponse,
  noInput,
  orderDetailsResponse,
  orderNoRequest,
  saveAttendeeData,
  saveAttendeeResponse,
  segmentsRequest,
  segmentsResponse,
  ticketDetailsResponse,
  topicsResponse,
} from './schemas/index.js';
import { NotLoggedInError } from './errors.js';
import { type ApiContext, type ApiOf, type ResponseOf, createApi, operationsAt } from './operation.js';

const publisher = operationsAt('/publisher/');

export const PUBLISHER_API_OPERATIONS = {
  segments: publisher({ id: 'P1', name: 'list segments', path: 'segments', encoding: 'form', request: segmentsRequest, response: segmentsResponse }),
  categories: publisher({ id: 'P2', name: 'list categories', path: 'categories', encoding: 'none', request: noInput, response: categoriesResponse }),
  topics: publisher({ id: 'P3', name: 'list topics', path: 'topics', encoding: 'none', request: noInput, response: topicsResponse }),
  searchEvents: publisher({ id: 'P4', name: 'search events', path: 'events', encoding: 'form', request: eventSearchRequest, response: eventSearchResponse }),
  eventDetails: publisher({
    id: 'P5',
    name: 'get event details',
    path: 'event-details',
    encoding: 'query',
    request: eventIdRequest,
    response: eventDetailsResponse,
  }),
  ticketDetails: publisher({
    id: 'P6',
    name: 'get ticket details',
    path: 'ticket-details',
    encoding: 'query',
    request: eventIdRequest,
    response: ticketDetailsResponse,
  }),
  cartCalculation: publisher({
    id: 'P7',
    name: 'calculate the cart',
    path: 'cart-calculation',
    encoding: 'data-query',
    request: cartData,
    response: cartResponse,
  }),
  generateOrder: publisher({
    id: 'P8',
    name: 'generate order',
    path: 'generate-order',
    encoding: 'data-query-multipart',
    request: cartData,
    response: generateOrderResponse,
    idempotent: false,
    checkHint: (request) =>
      `An order for event ${request.eventId} may have been generated; nothing is charged before the order is confirmed. Generating again makes a new, separate order number.`,
  }),
  attendeeForm: publisher({ id: 'P9', name: 'get the attendee form', path: 'attendee-form', request: orderNoRequest, response: attendeeFormResponse }),
  saveAttendee: publisher({
    id: 'P10',
    name: 'save attendee',
    path: 'save-attendee',
    encoding: 'data-query',
    request: saveAttendeeData,
    response: saveAttendeeResponse,
  }),
  confirmOrder: publisher({
    id: 'P11',
    name: 'confirm order',
    path: 'confirm-order',
    request: confirmOrderRequest,
    response: confirmOrderResponse,
    idempotent: false,
    checkHint: (request) => `Read order ${request.orderNo} with the order details call and check its orderStatus before confirming again.`,
  }),
  orderDetails: publisher({ id: 'P12', name: 'get order details', path: 'order-details', request: orderNoRequest, response: orderDetailsResponse }),
} as const;

type Ops = typeof PUBLISHER_API_OPERATIONS;

/** `PublisherApiResponse['cartCalculation']` */
export type PublisherApiResponse = { [K in keyof Ops]: ResponseOf<Ops, K> };

export type PublisherApi = ApiOf<Ops>;

export function createPublisherApi(context: ApiContext, publisherKey: string | undefined): PublisherApi {
  const bearer = { value: publisherKey, missing: () => new NotLoggedInError('no Publisher API key', 'publisherKey') };
  return createApi(PUBLISHER_API_OPERATIONS, context, () => bearer);
}
