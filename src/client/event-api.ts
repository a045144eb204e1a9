// Event & Registration API: every input is multipart/form-data, every
// call carries the organizer's bearer token. E12 is a browser form post (see booking.ts).
import {
  addDiscountRequest,
  addTicketRequest,
  attendeeListRequest,
  attendeeListResponse,
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
import { type ApiContext, type ApiOf, type Credential, type ResponseOf, createApi, defineOperation, missingToken } from './operation.js';

export const EVENT_API_OPERATIONS = {
  createEvent: defineOperation({
    id: 'E1',
    name: 'create event',
    path: '/api/e/create',
    request: createEventRequest,
    response: createEventResponse,
    idempotent: false,
    checkHint: (request) => `Check whether event "${request.url}" exists (list the account's events) before creating it again.`,
  }),
  updateEvent: defineOperation({ id: 'E2', name: 'update event', path: '/api/e/update', request: updateEventRequest, response: createEventResponse }),
  addTicket: defineOperation({
    id: 'E3',
    name: 'add ticket',
    path: '/api/e/add-ticket',
    request: addTicketRequest,
    response: ticketAckResponse,
    idempotent: false,
    checkHint: (request) => `Check whether ticket "${request.ticketName}" exists (list the tickets of event ${request.eventId}) before adding it again.`,
  }),
  updateTicket: defineOperation({ id: 'E4', name: 'update ticket', path: '/api/e/update-ticket', request: updateTicketRequest, response: ticketAckResponse }),
  addDiscount: defineOperation({
    id: 'E5',
    name: 'add discount',
    path: '/api/e/add-discount',
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
    request: updateDiscountRequest,
    response: discountAckResponse,
  }),
  getEvent: defineOperation({ id: 'E7', name: 'get event', path: '/api/e/get-event', request: eventIdRequest, response: getEventResponse }),
  getTickets: defineOperation({ id: 'E8', name: 'get tickets', path: '/api/e/get-tickets', request: eventIdRequest, response: getTicketsResponse }),
  getAllEvents: defineOperation({
    id: 'E9',
    name: 'get all events',
    path: '/api/e/get-all-events',
    request: getAllEventsRequest,
    response: getAllEventsResponse,
  }),
  getReport: defineOperation({ id: 'E10', name: 'get report', path: '/api/e/get-report', request: eventIdRequest, response: reportResponse }),
  /** E11: the event's own account's token (the reference's "administrator account"); at most 50 records per call (§8). */
  attendeeList: defineOperation({
    id: 'E11',
    name: 'get the attendee list',
    path: '/api/e/attendee-list',
    request: attendeeListRequest,
    response: attendeeListResponse,
  }),
  /** E13: authenticated by `bookingKey`; the bearer token is sent too when there is one. */
  bookingList: defineOperation({
    id: 'E13',
    name: 'get the booking list',
    path: '/api/e/get-booking-list',
    request: bookingListRequest,
    response: bookingListResponse,
    secretFields: ['bookingKey'],
  }),
} as const;

type Ops = typeof EVENT_API_OPERATIONS;

/** The response of each operation, by its name: `EventApiResponse['getReport']`. */
export type EventApiResponse = { [K in keyof Ops]: ResponseOf<Ops, K> };
export type ReportResponse = EventApiResponse['getReport'];

export type EventApi = ApiOf<Ops>;

export function createEventApi(context: ApiContext, token: string | undefined): EventApi {
  const bearer: Credential = { value: token, missing: missingToken };
  return createApi(EVENT_API_OPERATIONS, context, (key) => (key === 'bookingList' ? { ...bearer, required: false } : bearer));
}
