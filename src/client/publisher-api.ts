// Publisher API, with the Publisher API key as bearer. Encodings differ per
// endpoint and are exactly the reference's: P1/P4 form fields, P2/P3 no input, P5/P6 GET query,
// P7/P10 `data` JSON in the query string, P8 the same plus an empty multipart body, P9/P11/P12
// multipart fields.
import type * as z from 'zod';
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
import type { CartData, ConfirmOrderRequest, EventSearchRequest, SaveAttendeeData, SegmentsRequest } from './schemas/index.js';
import type { CallOptions } from './http.js';
import { type ApiContext, type Credential, type Operation, callOperation, defineOperation, missingPublisherKey } from './operation.js';

export const PUBLISHER_API_OPERATIONS = {
  segments: defineOperation({
    id: 'P1',
    name: 'list segments',
    path: '/publisher/segments',
    encoding: 'form',
    request: segmentsRequest,
    response: segmentsResponse,
    idempotent: true,
  }),
  categories: defineOperation({
    id: 'P2',
    name: 'list categories',
    path: '/publisher/categories',
    encoding: 'none',
    request: getAllEventsRequest,
    response: categoriesResponse,
    idempotent: true,
  }),
  topics: defineOperation({
    id: 'P3',
    name: 'list topics',
    path: '/publisher/topics',
    encoding: 'none',
    request: getAllEventsRequest,
    response: topicsResponse,
    idempotent: true,
  }),
  searchEvents: defineOperation({
    id: 'P4',
    name: 'search events',
    path: '/publisher/events',
    encoding: 'form',
    request: eventSearchRequest,
    response: eventSearchResponse,
    idempotent: true,
  }),
  eventDetails: defineOperation({
    id: 'P5',
    name: 'get event details',
    path: '/publisher/event-details',
    encoding: 'query',
    request: publisherEventIdRequest,
    response: eventDetailsResponse,
    idempotent: true,
  }),
  ticketDetails: defineOperation({
    id: 'P6',
    name: 'get ticket details',
    path: '/publisher/ticket-details',
    encoding: 'query',
    request: publisherEventIdRequest,
    response: ticketDetailsResponse,
    idempotent: true,
  }),
  cartCalculation: defineOperation({
    id: 'P7',
    name: 'calculate the cart',
    path: '/publisher/cart-calculation',
    encoding: 'data-query',
    request: cartData,
    response: cartResponse,
    idempotent: true,
  }),
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
    encoding: 'multipart',
    request: orderNoRequest,
    response: attendeeFormResponse,
    idempotent: true,
  }),
  saveAttendee: defineOperation({
    id: 'P10',
    name: 'save attendee',
    path: '/publisher/save-attendee',
    encoding: 'data-query',
    request: saveAttendeeData,
    response: saveAttendeeResponse,
    idempotent: true,
  }),
  confirmOrder: defineOperation({
    id: 'P11',
    name: 'confirm order',
    path: '/publisher/confirm-order',
    encoding: 'multipart',
    request: confirmOrderRequest,
    response: confirmOrderResponse,
    idempotent: false,
    checkHint: (request) => `Read order ${request.orderNo} with the order details call and check its orderStatus before confirming again.`,
  }),
  orderDetails: defineOperation({
    id: 'P12',
    name: 'get order details',
    path: '/publisher/order-details',
    encoding: 'multipart',
    request: orderNoRequest,
    response: orderDetailsResponse,
    idempotent: true,
  }),
} as const;

type Ops = typeof PUBLISHER_API_OPERATIONS;
type ResponseOf<K extends keyof Ops> = Ops[K] extends Operation<z.ZodType, infer Res> ? z.output<Res> : never;

export type SegmentsResponse = ResponseOf<'segments'>;
export type CategoriesResponse = ResponseOf<'categories'>;
export type TopicsResponse = ResponseOf<'topics'>;
export type EventSearchResponse = ResponseOf<'searchEvents'>;
export type EventDetailsResponse = ResponseOf<'eventDetails'>;
export type TicketDetailsResponse = ResponseOf<'ticketDetails'>;
export type CartResponse = ResponseOf<'cartCalculation'>;
export type GenerateOrderResponse = ResponseOf<'generateOrder'>;
export type AttendeeFormResponse = ResponseOf<'attendeeForm'>;
export type SaveAttendeeResponse = ResponseOf<'saveAttendee'>;
export type ConfirmOrderResponse = ResponseOf<'confirmOrder'>;
export type OrderDetailsResponse = ResponseOf<'orderDetails'>;

export interface PublisherApi {
  segments(request?: SegmentsRequest, options?: CallOptions): Promise<SegmentsResponse>;
  categories(request?: Record<string, never>, options?: CallOptions): Promise<CategoriesResponse>;
  topics(request?: Record<string, never>, options?: CallOptions): Promise<TopicsResponse>;
  searchEvents(request?: EventSearchRequest, options?: CallOptions): Promise<EventSearchResponse>;
  eventDetails(request: { eventId: string | number }, options?: CallOptions): Promise<EventDetailsResponse>;
  ticketDetails(request: { eventId: string | number }, options?: CallOptions): Promise<TicketDetailsResponse>;
  cartCalculation(data: CartData, options?: CallOptions): Promise<CartResponse>;
  /** Not repeated automatically when the outcome is unknown (a second order would be made). */
  generateOrder(data: CartData, options?: CallOptions): Promise<GenerateOrderResponse>;
  attendeeForm(request: { orderNo: string }, options?: CallOptions): Promise<AttendeeFormResponse>;
  saveAttendee(data: SaveAttendeeData, options?: CallOptions): Promise<SaveAttendeeResponse>;
  /** Not repeated automatically when the outcome is unknown. */
  confirmOrder(request: ConfirmOrderRequest, options?: CallOptions): Promise<ConfirmOrderResponse>;
  orderDetails(request: { orderNo: string }, options?: CallOptions): Promise<OrderDetailsResponse>;
}

export function createPublisherApi(context: ApiContext, publisherKey: string | undefined): PublisherApi {
  const bearer: Credential = { value: publisherKey, missing: missingPublisherKey };
  const call = <K extends keyof Ops>(key: K, request: unknown, options?: CallOptions): Promise<ResponseOf<K>> =>
    callOperation(context, bearer, PUBLISHER_API_OPERATIONS[key] as Operation<z.ZodType, z.ZodType>, request, options) as Promise<ResponseOf<K>>;
  return {
    segments: (request, options) => call('segments', request ?? {}, options),
    categories: (_request, options) => call('categories', {}, options),
    topics: (_request, options) => call('topics', {}, options),
    searchEvents: (request, options) => call('searchEvents', request ?? {}, options),
    eventDetails: (request, options) => call('eventDetails', request, options),
    ticketDetails: (request, options) => call('ticketDetails', request, options),
    cartCalculation: (data, options) => call('cartCalculation', data, options),
    generateOrder: (data, options) => call('generateOrder', data, options),
    attendeeForm: (request, options) => call('attendeeForm', request, options),
    saveAttendee: (data, options) => call('saveAttendee', data, options),
    confirmOrder: (request, options) => call('confirmOrder', request, options),
    orderDetails: (request, options) => call('orderDetails', request, options),
  };
}
