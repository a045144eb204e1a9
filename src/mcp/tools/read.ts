// The read tools: events, tickets, the sales report and bookings, each a document of its own output schema.
import * as z from 'zod';
import { notYourEvent, withPermissionExplained } from '../../session/permission.js';
import { type Session, withSession } from '../../session/session.js';
import { collectBookings, splitIntoWindows, validateDateRange } from '../../bookings/windows.js';
import { readBack } from '../../client/fields/read-back.js';
import { TICKET_TABLE, ticketCodeOf } from '../../client/fields/ticket.js';
import { ticketCapacity, type BookingOrder, type EventListItem, type OrganizerEvent, type OrganizerTicket } from '../../client/schemas/index.js';
import { DATE_PATTERN, FORMAT_MESSAGES } from '../../client/schemas/values.js';
import type { ReportResponse } from '../../client/event-api.js';
import { EVENT_INPUT, eventIds } from '../input-schema.js';
import { closed, closedSchema, serviceValue, text, textSchema } from '../service-text.js';
import { READ_ONLY, type BoxofficeTool, type ToolInput } from '../tool.js';
import { TOOL_CALL_MAX_WAIT_MS, toolCall, toolContext, type ServerSettings } from '../tool-call.js';

/** A read tool of one read call: `read` gives its document; with `action` it is about one event, and an E008 says it may not `action`. */
function sessionTool(
  settings: ServerSettings,
  tool: Pick<BoxofficeTool, 'name' | 'title' | 'summary' | 'output'>,
  read: (session: Session, eventId: string) => Promise<unknown>,
  action?: string,
): BoxofficeTool {
  return {
    ...tool,
    reads: '1 read call',
    changes: 'nothing',
    writes: false,
    input: action ? EVENT_INPUT : {},
    annotations: READ_ONLY,
    run: (input: ToolInput, signal) => {
      const ids = action ? eventIds(input) : {};
      const eventId = ids.EVENT_ID as string;
      return toolCall(settings, ids, () =>
        withSession(toolContext(settings, signal), {}, (session) =>
          action ? withPermissionExplained(notYourEvent(eventId, action), () => read(session, eventId)) : read(session, eventId),
        ),
      );
    },
  };
}

const dateTimeSchema = (what: string) =>
  z.object({
    date: closedSchema('date', `${what}: yyyy-mm-dd HH:MM:SS`),
    timezone: closedSchema('code', 'its time zone').nullable(),
  });

const dateTime = (value: OrganizerEvent['startDate']) => ({ date: closed('date', value.date), timezone: closed('code', value.timezone) });

/** A document's fields, each its output schema and its value read from the service's record: its schema and its document from one list. */
function documentOf<T>(fields: Record<string, [z.ZodType, (item: T) => unknown]>) {
  const entries = Object.entries(fields);
  return {
    schema: z.object(Object.fromEntries(entries.map(([name, [schema]]) => [name, schema]))),
    of: (item: T) => Object.fromEntries(entries.map(([name, [, value]]) => [name, value(item)])),
  };
}

const EVENT_LIST_ENTRY = documentOf<EventListItem>({
  eventId: [closedSchema('id', 'the id the other tools take'), (event) => closed('id', event.eventId)],
  numericId: [
    closedSchema('id', 'the numeric id, where the service gives one beside a code').nullable(),
    (event) => closed('id', event.id !== undefined && String(event.id) !== event.eventId ? String(event.id) : null),
  ],
  title: [textSchema('the title'), (event) => text(event.eventTitle)],
  startDate: [closedSchema('date', 'the first day, yyyy-mm-dd'), (event) => closed('date', event.startDate)],
  startTime: [closedSchema('time', 'the start time, HH:MM:SS'), (event) => closed('time', event.startTime)],
  endDate: [closedSchema('date', 'the last day, yyyy-mm-dd'), (event) => closed('date', event.endDate)],
  endTime: [closedSchema('time', 'the end time, HH:MM:SS'), (event) => closed('time', event.endTime)],
  type: [textSchema('online or offline').nullable(), (event) => text(event.type ?? event.eventType)],
  status: [textSchema('the status').nullable(), (event) => text(event.status)],
  url: [textSchema('the page').nullable(), (event) => text(event.url)],
});

// The fields the event document names; `more` holds the rest.
const EVENT_FIELDS = new Set([
  ...['id', 'name', 'url', 'description', 'eventType', 'eventCategory', 'eventStatus', 'startDate', 'endDate', 'publishedDate'],
  ...['subdomain', 'city', 'region', 'country', 'contactInfo', 'listingImage', 'headerImage', 'searchImage'],
]);

const EVENT_DOCUMENT = documentOf<OrganizerEvent>({
  id: [z.number().describe('the numeric id'), (event) => event.id],
  title: [textSchema('the title'), (event) => text(event.name)],
  url: [textSchema('the page'), (event) => text(event.url)],
  description: [textSchema('the description').nullable(), (event) => text(event.description)],
  type: [textSchema('public or private').nullable(), (event) => text(event.eventType)],
  category: [textSchema('the category').nullable(), (event) => text(event.eventCategory)],
  status: [textSchema('the status').nullable(), (event) => text(event.eventStatus)],
  start: [dateTimeSchema('when it starts'), (event) => dateTime(event.startDate)],
  end: [dateTimeSchema('when it ends'), (event) => dateTime(event.endDate)],
  published: [dateTimeSchema('when it was published').nullable(), (event) => (event.publishedDate ? dateTime(event.publishedDate) : null)],
  subdomain: [textSchema('the subdomain').nullable(), (event) => text(event.subdomain)],
  city: [textSchema('the city').nullable(), (event) => text(event.city)],
  region: [textSchema('the region').nullable(), (event) => text(event.region)],
  country: [textSchema('the country').nullable(), (event) => text(event.country)],
  contactInfo: [textSchema('how buyers reach the organizer').nullable(), (event) => text(event.contactInfo)],
  listingImage: [textSchema('the listing image').nullable(), (event) => text(event.listingImage)],
  headerImage: [
    textSchema('the header image').nullable(),
    (event) => {
      const header = (event as { headerImage?: unknown }).headerImage;
      return text(typeof header === 'string' ? header : event.searchImage);
    },
  ],
  more: [
    z.record(z.string(), z.unknown()).describe('every other field the service sent, its text fenced'),
    (event) => serviceValue(Object.fromEntries(Object.entries(event).filter(([name]) => !EVENT_FIELDS.has(name)))),
  ],
});

const TICKET_ENTRY = documentOf<OrganizerTicket>({
  id: [z.number().describe('the numeric id (what order tools and the buyer side take)'), (ticket) => ticket.id],
  code: [closedSchema('id', 'the code update_ticket takes, where the service gives one').nullable(), (ticket) => closed('id', ticketCodeOf(ticket) ?? null)],
  name: [textSchema('the name'), (ticket) => text(ticket.typeName)],
  description: [textSchema('the description').nullable(), (ticket) => text(ticket.typeDesc)],
  price: [z.number().nullable().describe('the price (null: the buyer chooses)'), (ticket) => ticket.price],
  currency: [closedSchema('code', 'the currency'), (ticket) => closed('code', ticket.currency)],
  quantity: [z.number().describe('the number on sale'), (ticket) => ticketCapacity(ticket)],
  status: [textSchema('the status, in the words update_ticket takes'), (ticket) => text(String(readBack(TICKET_TABLE, ticket).status ?? ticket.status))],
  minQuantity: [z.number().describe('the fewest one order takes'), (ticket) => ticket.minQuantity],
  maxQuantity: [z.number().describe('the most one order takes'), (ticket) => ticket.maxQuantity],
  onSaleFrom: [dateTimeSchema('on sale from'), (ticket) => dateTime(ticket.availableFrom)],
  onSaleTo: [dateTimeSchema('on sale until'), (ticket) => dateTime(ticket.availableTo)],
});

const money = (description: string) => z.number().nullable().describe(description);

const REPORT_LINE = documentOf<ReportResponse['tickets'][number]>({
  ticketId: [closedSchema('id', 'the ticket'), (line) => closed('id', line.ticketId)],
  ticketName: [textSchema('its name'), (line) => text(line.ticketName)],
  tickets: [z.number().describe('tickets sold'), (line) => line.tickets],
  platformFee: [money('its platform fee'), (line) => line.platformFee ?? null],
  cancel: [money('its cancelled tickets'), (line) => line.cancel ?? null],
  amount: [money('its amount'), (line) => line.amount ?? null],
});

const BOOKING = documentOf<BookingOrder>({
  orderNo: [closedSchema('id', 'the order number'), (order) => closed('id', order.orderNo)],
  createdOn: [closedSchema('date', 'when it was created').nullable(), (order) => closed('date', order.createdOn)],
  status: [textSchema('the status').nullable(), (order) => text(order.status)],
  amount: [z.union([z.number(), textSchema('the amount as the service sent it')]).nullable(), (order) => order.amount ?? null],
  currency: [closedSchema('code', 'the currency').nullable(), (order) => closed('code', order.currency)],
});

const dateInput = (description: string) => z.string().regex(DATE_PATTERN, FORMAT_MESSAGES.date).describe(`${description} (yyyy-mm-dd)`);

export function readTools(settings: ServerSettings): BoxofficeTool[] {
  return [
    sessionTool(
      settings,
      {
        name: 'list_events',
        title: 'List events',
        summary: "The account's events: id, title, start and end, type, status and page of each.",
        output: { events: z.array(EVENT_LIST_ENTRY.schema) },
      },
      async (session) => ({ events: (await session.client.events.getAllEvents()).events.map(EVENT_LIST_ENTRY.of) }),
    ),
    sessionTool(
      settings,
      {
        name: 'get_event',
        title: 'Get an event',
        summary: 'One event as the organizer sees it: every field the service keeps.',
        output: { event: EVENT_DOCUMENT.schema },
      },
      async (session, eventId) => ({ event: EVENT_DOCUMENT.of((await session.client.events.getEvent({ eventId })).event) }),
      'read it',
    ),
    sessionTool(
      settings,
      {
        name: 'list_tickets',
        title: 'List tickets',
        summary: 'The tickets of an event: name, price, currency, quantity on sale, status and sale period.',
        output: { eventId: closedSchema('id', 'the event'), tickets: z.array(TICKET_ENTRY.schema) },
      },
      async (session, eventId) => ({
        eventId: closed('id', eventId),
        tickets: (await session.client.events.getTickets({ eventId })).tickets.map(TICKET_ENTRY.of),
      }),
      'read its tickets',
    ),
    sessionTool(
      settings,
      {
        name: 'sales_report',
        title: 'Sales report',
        summary: 'The sales report of an event: tickets sold, cancelled, platform fee and amount per ticket, and the totals.',
        output: {
          eventId: closedSchema('id', 'the event'),
          amount: z.number().describe('the amount of the sales'),
          platformFee: money('the platform fee'),
          cancel: money('the cancelled tickets'),
          tickets: z.array(REPORT_LINE.schema),
        },
      },
      async (session, eventId) => {
        const report = await session.client.events.getReport({ eventId });
        return {
          eventId: closed('id', eventId),
          amount: report.amount,
          platformFee: report.platformFee ?? null,
          cancel: report.cancel ?? null,
          tickets: report.tickets.map(REPORT_LINE.of),
        };
      },
      'read its report',
    ),
    {
      name: 'list_bookings',
      title: 'List bookings',
      summary:
        'Booking orders created between two dates (inclusive, any range): order number, created, status, amount and currency ' +
        "(no buyer details). Needs the profile's booking key.",
      reads: '1 read call per 31 days of the range (a year: 12)',
      changes: 'nothing',
      writes: false,
      input: { fromDate: dateInput('first day'), toDate: dateInput('last day') },
      output: {
        fromDate: closedSchema('date', 'the first day'),
        toDate: closedSchema('date', 'the last day'),
        count: z.number().describe('the number of bookings'),
        reads: z.number().describe('the read calls spent'),
        bookings: z.array(BOOKING.schema),
      },
      annotations: READ_ONLY,
      run: (input, signal) =>
        toolCall(settings, {}, async () => {
          const range = validateDateRange(input.fromDate as string, input.toDate as string);
          const needs = { token: true, bookingKey: true, maxWaitMs: TOOL_CALL_MAX_WAIT_MS };
          const orders = await withSession(toolContext(settings, signal), needs, (session) => {
            const bookingKey = (session.profile.bookingKey as string).trim();
            return collectBookings<BookingOrder>({
              ...range,
              signal,
              fetchWindow: async (window) => (await session.client.events.bookingList({ ...window, bookingKey })).bookings,
            });
          });
          const bookings = orders.map(BOOKING.of);
          return { ...range, count: bookings.length, reads: splitIntoWindows(range.fromDate, range.toDate).length, bookings };
        }),
    },
  ];
}
