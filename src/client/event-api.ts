// Event & Registration API: every input is multipart/form-data, every call carries the
// organizer's bearer token. E12 is a browser form post (booking.ts).
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
  noInput,
  getAllEventsResponse,
  getEventResponse,
  getTicketsResponse,
  reportResponse,
  ticketAckResponse,
  updateDiscountRequest,
  updateEventRequest,
  updateTicketRequest,
} from './schemas/index.js';
import { attendeeListReader } from './schemas/attendee-list.js';
import { NotLoggedInError } from './errors.js';
import { type ApiContext, type ApiOf, type ResponseOf, createApi, operationsAt } from './operation.js';

const eventApi = operationsAt('/api/e/');

export const EVENT_API_OPERATIONS = {
  createEvent: eventApi({
    id: 'E1',
    name: 'create event',
    path: 'create',
    request: createEventRequest,
    response: createEventResponse,
    idempotent: false,
    checkHint: (request) => `Check whether event "${request.url}" exists (list the account's events) before creating it again.`,
  }),
  updateEvent: eventApi({ id: 'E2', name: 'update event', path: 'update', request: updateEventRequest, response: createEventResponse }),
  addTicket: eventApi({
    id: 'E3',
    name: 'add ticket',
    path: 'add-ticket',
    request: addTicketRequest,
    response: ticketAckResponse,
    idempotent: false,
    checkHint: (request) => `Check whether ticket "${request.ticketName}" exists (list the tickets of event ${request.eventId}) before adding it again.`,
  }),
  updateTicket: eventApi({ id: 'E4', name: 'update ticket', path: 'update-ticket', request: updateTicketRequest, response: ticketAckResponse }),
  addDiscount: eventApi({
    id: 'E5',
    name: 'add discount',
    path: 'add-discount',
    request: addDiscountRequest,
    response: discountAckResponse,
    idempotent: false,
    checkHint: (request) =>
      `Check the discounts of ticket ${request.ticketId} (the ticket details of event ${request.eventId} list them) before adding it again.`,
  }),
  updateDiscount: eventApi({ id: 'E6', name: 'update discount', path: 'update-discount', request: updateDiscountRequest, response: discountAckResponse }),
  getEvent: eventApi({ id: 'E7', name: 'get event', path: 'get-event', request: eventIdRequest, response: getEventResponse }),
  getTickets: eventApi({ id: 'E8', name: 'get tickets', path: 'get-tickets', request: eventIdRequest, response: getTicketsResponse }),
  getAllEvents: eventApi({ id: 'E9', name: 'get all events', path: 'get-all-events', request: noInput, response: getAllEventsResponse }),
  getReport: eventApi({ id: 'E10', name: 'get report', path: 'get-report', request: eventIdRequest, response: reportResponse }),
  /** E11: the event's own account's token (the reference's "administrator account"); at most 50 records per call (§8). */
  attendeeList: eventApi({ id: 'E11', name: 'get the attendee list', path: 'attendee-list', request: attendeeListRequest, response: attendeeListReader }),
  /** E13: authenticated by `bookingKey`; the bearer token is sent too when there is one. */
  bookingList: eventApi({
    id: 'E13',
    name: 'get the booking list',
    path: 'get-booking-list',
    request: bookingListRequest,
    response: bookingListResponse,
    secretFields: ['bookingKey'],
  }),
} as const;

type Ops = typeof EVENT_API_OPERATIONS;

/** `EventApiResponse['getReport']` */
export type EventApiResponse = { [K in keyof Ops]: ResponseOf<Ops, K> };
export type ReportResponse = EventApiResponse['getReport'];

export type EventApi = ApiOf<Ops>;

export function createEventApi(context: ApiContext, token: string | undefined): EventApi {
  const missing = () => new NotLoggedInError('not logged in: no access token for the Event & Registration API', 'token');
  return createApi(EVENT_API_OPERATIONS, context, (key) => ({ value: token, missing, required: key !== 'bookingList' }));
}
