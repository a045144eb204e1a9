// Event & Registration API: every input is multipart/form-data, every
// call carries the organizer's bearer token. E12 is a browser form post (see booking.ts).
import type * as z from 'zod';
import {
  addDiscountRequest,
  addTicketRequest,
  attendeeListRequest,
  bookingListRequest,
  bookingListResponse,
  createEventRequest,
  createEventResponse,
  discountAckResponse,
  eventIdRequest,
  getAllEventsRequest,
  getAllEventsResponse,
  getEventResponse,
  getTicketsResponse,
  reportResponse,
  ticketAckResponse,
  updateDiscountRequest,
  updateEventRequest,
  updateTicketRequest,
} from './schemas/index.js';
import type {
  AddDiscountRequest,
  AddTicketRequest,
  AttendeeListRequest,
  BookingListRequest,
  CreateEventRequest,
  EventIdRequest,
  UpdateDiscountRequest,
  UpdateEventRequest,
  UpdateTicketRequest,
} from './schemas/index.js';
import type { CallOptions } from './http.js';
import { attendeeListReader } from './schemas/attendee-list.js';
import { type ApiContext, type Credential, type Operation, callOperation, defineOperation, missingToken } from './operation.js';

export const EVENT_API_OPERATIONS = {
  createEvent: defineOperation({
    id: 'E1',
    name: 'create event',
    path: '/api/e/create',
    encoding: 'multipart',
    request: createEventRequest,
    response: createEventResponse,
    idempotent: false,
    checkHint: (request) => `Check whether event "${request.url}" exists (list the account's events) before creating it again.`,
  }),
  updateEvent: defineOperation({
    id: 'E2',
    name: 'update event',
    path: '/api/e/update',
    encoding: 'multipart',
    request: updateEventRequest,
    response: createEventResponse,
    idempotent: true,
  }),
  addTicket: defineOperation({
    id: 'E3',
    name: 'add ticket',
    path: '/api/e/add-ticket',
    encoding: 'multipart',
    request: addTicketRequest,
    response: ticketAckResponse,
    idempotent: false,
    checkHint: (request) => `Check whether ticket "${request.ticketName}" exists (list the tickets of event ${request.eventId}) before adding it again.`,
  }),
  updateTicket: defineOperation({
    id: 'E4',
    name: 'update ticket',
    path: '/api/e/update-ticket',
    encoding: 'multipart',
    request: updateTicketRequest,
    response: ticketAckResponse,
    idempotent: true,
  }),
  addDiscount: defineOperation({
    id: 'E5',
    name: 'add discount',
    path: '/api/e/add-discount',
    encoding: 'multipart',
    request: addDiscountRequest,
    response: discountAckResponse,
    idempotent: false,
    checkHint: (request) =>
      `Check the discounts of ticket ${request.ticketId} (the ticket details of event ${request.eventId} list them) before adding it again.`,
  }),
  updateDiscount: defineOperation({
    id: 'E6',
    name: 'update discount',
    path: '/api/e/update-discount',
    encoding: 'multipart',
    request: updateDiscountRequest,
    response: discountAckResponse,
    idempotent: true,
  }),
  getEvent: defineOperation({
    id: 'E7',
    name: 'get event',
    path: '/api/e/get-event',
    encoding: 'multipart',
    request: eventIdRequest,
    response: getEventResponse,
    idempotent: true,
  }),
  getTickets: defineOperation({
    id: 'E8',
    name: 'get tickets',
    path: '/api/e/get-tickets',
    encoding: 'multipart',
    request: eventIdRequest,
    response: getTicketsResponse,
    idempotent: true,
  }),
  getAllEvents: defineOperation({
    id: 'E9',
    name: 'get all events',
    path: '/api/e/get-all-events',
    encoding: 'multipart',
    request: getAllEventsRequest,
    response: getAllEventsResponse,
    idempotent: true,
  }),
  getReport: defineOperation({
    id: 'E10',
    name: 'get report',
    path: '/api/e/get-report',
    encoding: 'multipart',
    request: eventIdRequest,
    response: reportResponse,
    idempotent: true,
  }),
  attendeeList: defineOperation({
    id: 'E11',
    name: 'get the attendee list',
    path: '/api/e/attendee-list',
    encoding: 'multipart',
    request: attendeeListRequest,
    response: attendeeListReader,
    idempotent: true,
  }),
  bookingList: defineOperation({
    id: 'E13',
    name: 'get the booking list',
    path: '/api/e/get-booking-list',
    encoding: 'multipart',
    request: bookingListRequest,
    response: bookingListResponse,
    idempotent: true,
    secretFields: ['bookingKey'],
  }),
} as const;

type Ops = typeof EVENT_API_OPERATIONS;
type ResponseOf<K extends keyof Ops> = Ops[K] extends Operation<z.ZodType, infer Res> ? z.output<Res> : never;

export type CreateEventResponse = ResponseOf<'createEvent'>;
export type TicketAckResponse = ResponseOf<'addTicket'>;
export type DiscountAckResponse = ResponseOf<'addDiscount'>;
export type GetEventResponse = ResponseOf<'getEvent'>;
export type GetTicketsResponse = ResponseOf<'getTickets'>;
export type GetAllEventsResponse = ResponseOf<'getAllEvents'>;
export type ReportResponse = ResponseOf<'getReport'>;
export type AttendeeListResponse = ResponseOf<'attendeeList'>;
export type BookingListResponse = ResponseOf<'bookingList'>;

export interface EventApi {
  createEvent(request: CreateEventRequest, options?: CallOptions): Promise<CreateEventResponse>;
  updateEvent(request: UpdateEventRequest, options?: CallOptions): Promise<ResponseOf<'updateEvent'>>;
  addTicket(request: AddTicketRequest, options?: CallOptions): Promise<TicketAckResponse>;
  updateTicket(request: UpdateTicketRequest, options?: CallOptions): Promise<TicketAckResponse>;
  addDiscount(request: AddDiscountRequest, options?: CallOptions): Promise<DiscountAckResponse>;
  updateDiscount(request: UpdateDiscountRequest, options?: CallOptions): Promise<DiscountAckResponse>;
  getEvent(request: EventIdRequest, options?: CallOptions): Promise<GetEventResponse>;
  getTickets(request: EventIdRequest, options?: CallOptions): Promise<GetTicketsResponse>;
  getAllEvents(request?: Record<string, never>, options?: CallOptions): Promise<GetAllEventsResponse>;
  getReport(request: EventIdRequest, options?: CallOptions): Promise<ReportResponse>;
  /** E11: the event's own account's token (the reference's "administrator account"); at most 50 records per call (§8). */
  attendeeList(request: AttendeeListRequest, options?: CallOptions): Promise<AttendeeListResponse>;
  /** E13: authenticated by `bookingKey`; the bearer token is sent too when there is one. */
  bookingList(request: BookingListRequest, options?: CallOptions): Promise<BookingListResponse>;
}

export function createEventApi(context: ApiContext, token: string | undefined): EventApi {
  const bearer: Credential = { value: token, missing: missingToken };
  const byBookingKey: Credential = { ...bearer, required: false };
  const call = <K extends keyof Ops>(key: K, request: unknown, options?: CallOptions): Promise<ResponseOf<K>> =>
    callOperation(
      context,
      key === 'bookingList' ? byBookingKey : bearer,
      EVENT_API_OPERATIONS[key] as Operation<z.ZodType, z.ZodType>,
      request,
      options,
    ) as Promise<ResponseOf<K>>;
  return {
    createEvent: (request, options) => call('createEvent', request, options),
    updateEvent: (request, options) => call('updateEvent', request, options),
    addTicket: (request, options) => call('addTicket', request, options),
    updateTicket: (request, options) => call('updateTicket', request, options),
    addDiscount: (request, options) => call('addDiscount', request, options),
    updateDiscount: (request, options) => call('updateDiscount', request, options),
    getEvent: (request, options) => call('getEvent', request, options),
    getTickets: (request, options) => call('getTickets', request, options),
    getAllEvents: (request, options) => call('getAllEvents', request ?? {}, options),
    getReport: (request, options) => call('getReport', request, options),
    attendeeList: (request, options) => call('attendeeList', request, options),
    bookingList: (request, options) => call('bookingList', request, options),
  };
}
