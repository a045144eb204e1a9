// Every resource the service answers with, read leniently where the real service varies:
// numbers as numeric text, `attendee` as an array or an object keyed by position, `details` as []
// or an object. Unknown fields are kept (looseObject) so that `--json` shows the body as sent.
import * as z from 'zod/mini';
import { booleanFlag, NUMBER_PATTERN } from './common.js';

/** A number, or numeric text (the live service sends both). */
export const looseNumber = z.lazy(() => z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(NUMBER_PATTERN)), z.transform(Number))]));
/**
 * The reference puts "success" in a success body's `status`; no public client of the live service
 * checks it, so a body without it is read by its other keys (http.ts tells error bodies apart).
 */
export const successStatus = z.lazy(() => z.optional(z.literal('success')));
/** An id or text the service sends as a string or a number; kept as a string. */
const looseText = z.lazy(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));
const optionalText = z.lazy(() =>
  z.pipe(
    z.optional(z.union([z.string(), z.number(), z.null()])),
    z.transform((value) => (value === null || value === undefined ? value : String(value))),
  ),
);
const yesNo = z.lazy(() => z.string());

function lazyObject<T extends z.core.$ZodShape>(shape: () => T) {
  return z.lazy(() => z.looseObject(shape()));
}

function successBody<T extends z.core.$ZodShape>(shape: () => T) {
  return lazyObject(() => ({ status: successStatus, ...shape() }));
}

function alike<S extends z.core.$ZodType, const K extends string>(schema: S, ...names: K[]): Record<K, S> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<K, S>;
}

const schedule = () => ({ startDate: z.string(), endDate: z.string(), startTime: z.string(), endTime: z.string() });

export function keyedValues<T>(keyed: Record<string, T>): T[] {
  return Object.entries(keyed)
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([, value]) => value);
}

/** An array, or an object whose values are the elements (keyed by position). */
export function arrayOrKeyed<T extends z.core.$ZodType>(element: T) {
  return z.union([z.array(element), z.pipe(z.record(z.string(), element), z.transform(keyedValues))]);
}

function listOrNone<T extends z.core.$ZodType>(element: T) {
  return z.pipe(
    z.nullish(arrayOrKeyed(element)),
    z.transform((value) => value ?? []),
  );
}

/** 2.10 date-time object: {date: 'yyyy-mm-dd HH:MM:SS', timezone_type, timezone}. */
export const dateTimeObject = lazyObject(() => ({ date: z.string(), timezone_type: z.optional(looseNumber), timezone: z.optional(z.string()) }));

/** The date-time object of the reference, or a plain date text ("2013-11-13", an importer's fixture of the live service) read as {date}. */
export const orderPurchaseDate = z.lazy(() =>
  z.union([
    dateTimeObject,
    z.pipe(
      z.string(),
      z.transform((date): z.output<typeof dateTimeObject> => ({ date })),
    ),
  ]),
);

// 2.1 segment tree
export const topicNode = lazyObject(() => ({ topicId: z.string(), topicName: z.string() }));
export const categoryNode = lazyObject(() => ({ ...alike(z.string(), 'categoryId', 'categoryName'), topics: z._default(z.array(topicNode), []) }));
export const segmentNode = lazyObject(() => ({ ...alike(z.string(), 'segmentId', 'segmentName'), category: z._default(z.array(categoryNode), []) }));
export const segmentsResponse = successBody(() => ({ segments: z.array(segmentNode) }));

// 2.2 category map and topic map
export const categoriesResponse = successBody(() => ({ categories: z.record(z.string(), z.string()) }));
export const topicsResponse = successBody(() => ({ topics: z.record(z.string(), z.array(z.string())) }));

// 2.3 event summary
export const eventSummary = lazyObject(() => ({
  id: looseNumber,
  ...alike(z.string(), 'title', 'url'),
  textDescription: z.optional(z.string()),
  ...alike(z.nullish(z.string()), 'smallImage', 'largeImage'),
  ...alike(z.string(), 'startDateFormat', 'endDateFormat'),
  ...schedule(),
  ...alike(z.optional(z.string()), 'startDateTime', 'endDateTime'),
  category: z.string(),
  topics: z.optional(z.nullable(z.array(z.unknown()))),
  type: z.string(),
  ...alike(z.nullish(z.string()), 'city', 'state', 'venueName', 'address', 'country', 'zipcode'),
  currency: z.string(),
  minPrice: looseText,
}));
export const eventSearchResponse = successBody(() => ({ events: arrayOrKeyed(eventSummary) }));

// 2.4 event details
export const publisherEvent = lazyObject(() => ({
  id: looseNumber,
  ...alike(z.string(), 'title', 'url'),
  ...alike(z.nullish(z.string()), 'smallImage', 'largeImage'),
  ...schedule(),
  createdOn: z.optional(z.string()),
  ...alike(z.string(), 'category', 'type'),
  contactInfo: z.nullish(z.string()),
  images: z.optional(z.nullable(z.array(z.unknown()))),
  eventTopics: z.optional(z.array(z.unknown())),
  topics: z.optional(z.array(z.string())),
  ...alike(z.nullish(z.string()), 'textDescription', 'shortDescription', 'contactDetails'),
  ...alike(z.optional(yesNo), 'isAttendeeFormEnabled', 'enquiryForm', 'showButton'),
  eventSessionType: z.nullish(z.string()),
  Location: z.optional(z.array(z.unknown())),
  currency: z.string(),
  price: looseText,
  email: z.nullish(z.string()),
}));
export const eventDetailsResponse = successBody(() => ({
  events: publisherEvent,
  tabs: z._default(z.array(z.unknown()), []),
  soldout: yesNo,
  favourite: z.optional(yesNo),
}));

// 2.5 ticket (Publisher)
export const publisherTicket = lazyObject(() => ({
  id: looseNumber,
  eventId: looseText,
  name: z.string(),
  description: z.nullish(z.string()),
  ...alike(looseNumber, 'price', 'quantity'),
  ...schedule(),
  ...alike(looseNumber, 'minQuantity', 'maxQuantity'),
  ...alike(z.string(), 'status', 'availability', 'currency'),
  discounts: z._default(z.array(z.unknown()), []),
}));
export const ticketDetailsResponse = successBody(() => ({ tickets: arrayOrKeyed(publisherTicket), currency: z.string() }));

// 2.6 cart
export const cart = lazyObject(() => ({ ...alike(looseNumber, 'price', 'discount', 'processingFee', 'serviceTax', 'grandTotal'), codeApplied: booleanFlag }));
/** The cart totals newer public clients read (`servieFeeTotal` spelled so), as the reference's cart. */
const liveCarts = lazyObject(() => ({ actualCost: looseNumber, ...alike(z._default(looseNumber, 0), 'discount', 'servieFeeTotal'), total: looseNumber }));

export const cartResponse = z.lazy(() =>
  z.union([
    z.looseObject({ status: successStatus, cart }),
    z.pipe(
      z.looseObject({ status: successStatus, carts: liveCarts }),
      z.transform(({ carts, ...rest }) => ({
        ...rest,
        carts,
        cart: {
          price: carts.actualCost,
          discount: carts.discount,
          processingFee: carts.servieFeeTotal,
          serviceTax: 0,
          grandTotal: carts.total,
          codeApplied: carts.discount > 0,
        },
      })),
    ),
  ]),
);

// 2.7 generated order
export const generateOrderResponse = successBody(() => ({
  orderNo: looseText,
  /** Newer clients of the live service read only orderNo from generate-order. */
  ...alike(z.optional(looseNumber), 'platformFee', 'ticketCost'),
}));

// 2.8 attendee form
export const formField = lazyObject(() => ({
  ...alike(z.string(), 'id', 'type', 'label'),
  ...alike(z.nullish(z.string()), 'description', 'validation'),
  mandatory: z.union([
    z.boolean(),
    z.pipe(
      z.enum(['true', 'false', '1', '0']),
      z.transform((v) => v === 'true' || v === '1'),
    ),
  ]),
}));
export const attendeeFormResponse = successBody(() => ({ attendeeForm: z.record(z.string(), z.array(formField)) }));

export const saveAttendeeResponse = successBody(() => ({ message: z.optional(z.string()), orderNo: looseText }));

export const confirmOrderResponse = successBody(() => ({ message: z.optional(z.string()), orderNo: looseText, orderStatus: z.string() }));

// 2.9 order details
export const orderAttendee = lazyObject(() => ({
  ticketId: looseNumber,
  ticketName: z.string(),
  ticketNo: looseText,
  ...alike(z.nullish(z.string()), 'seatNo', 'bibNo'),
  ...alike(z.string(), 'attendeeName', 'attendeeEmailId'),
  additionalInfo: z._default(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]), {}),
}));
export const orderDetails = lazyObject(() => ({
  eventId: looseNumber,
  eventName: z.string(),
  orderNo: looseText,
  datePurchased: z.string(),
  ...alike(looseNumber, 'quantity', 'ticketCost', 'paidAmount'),
  ...alike(z.string(), 'orderStatus', 'buyerName', 'buyerEmail'),
  buyerPhoneNo: optionalText,
  attendee: arrayOrKeyed(orderAttendee),
}));
export const orderDetailsResponse = successBody(() => ({ orderNo: looseText, orderDetails }));

// 2.10 organizer event (only the documented fields with values are typed; the rest pass through)
export const organizerEvent = lazyObject(() => ({
  id: looseNumber,
  ...alike(z.string(), 'name', 'url'),
  ...alike(z.nullish(z.string()), 'description', 'contactInfo', 'eventCategory', 'eventStatus', 'eventType'),
  visiblity: z.nullish(z.union([z.boolean(), z.string(), z.number()])),
  ...alike(dateTimeObject, 'startDate', 'endDate'),
  ...alike(z.nullish(dateTimeObject), 'publishedDate', 'auditCreated'),
  ...alike(z.nullish(z.string()), 'listingImage', 'searchImage', 'region', 'country'),
  accountId: z.nullish(looseText),
  ...alike(z.nullish(z.string()), 'subdomain', 'city'),
}));
export const getEventResponse = successBody(() => ({ event: organizerEvent }));

// 2.11 organizer ticket
export const organizerTicket = lazyObject(() => ({
  id: looseNumber,
  typeName: z.string(),
  typeDesc: z.nullish(z.string()),
  price: z.nullable(looseNumber),
  includeFee: z.nullish(looseNumber),
  quantity: looseNumber,
  initialQuantity: z.nullish(looseNumber),
  ...alike(dateTimeObject, 'availableFrom', 'availableTo'),
  ...alike(looseNumber, 'maxQuantity', 'minQuantity'),
  allowCancel: z.nullish(z.union([z.boolean(), z.string(), z.number()])),
  ...alike(z.string(), 'status', 'currency'),
  shippingCharge: z.nullish(looseNumber),
  shippingType: z.nullish(z.string()),
  eventId: looseText,
  /** Null in the reference's sample; a code (e.g. TKCIGJ) where the service gives one. */
  ticketId: z.nullish(looseText),
}));
export const getTicketsResponse = successBody(() => ({ tickets: arrayOrKeyed(organizerTicket) }));

// 2.12 event list item
export const eventListItem = lazyObject(() => ({
  /** The code the Event & Registration calls take (e.g. EKDJHH on the live service). */
  eventId: looseText,
  /** The live service also sends the numeric id, which the buyer-facing (Publisher) side takes (kept as sent). */
  id: z.optional(z.union([z.string(), z.number()])),
  ...alike(z.nullish(z.string()), 'eventType', 'type'),
  eventTitle: z.string(),
  ...alike(z.nullish(z.string()), 'actualUrl', 'url', 'mobileUrl', 'subdomain', 'category'),
  ...schedule(),
  ...alike(z.nullish(z.string()), 'aboutEvent', 'shortDescription', 'listingImage', 'headerImage', 'terms', 'createdOn', 'status'),
}));
export const getAllEventsResponse = successBody(() => ({ events: arrayOrKeyed(eventListItem) }));

// 2.13 report ("the service" fee field is platformFee)
export const reportTicketLine = lazyObject(() => ({
  ticketId: looseText,
  ticketName: z.string(),
  tickets: looseNumber,
  // amount: not in the reference's 2.13 sample; the sandbox sends each ticket's revenue.
  ...alike(z.optional(looseNumber), 'platformFee', 'cancel', 'amount'),
}));
export const reportResponse = successBody(() => ({
  amount: looseNumber,
  ...alike(z.optional(looseNumber), 'platformFee', 'cancel'),
  tickets: arrayOrKeyed(reportTicketLine),
}));

// 2.14 attendee list record. Every field but orderNo may be null or missing (the live service
// sends `name: null` with the names in `details`, `""` for unknown fields); what is there is kept.
const scalar = z.lazy(() => z.nullish(z.union([z.string(), z.number(), z.boolean()])));
export const attendeeEntry = lazyObject(() => ({
  ticketName: z.nullish(z.string()),
  /** The ticket type's id, or (live service, 2020) a code for each issued ticket. */
  ticketId: optionalText,
  ...alike(z.nullish(z.string()), 'name', 'email'),
  checkin: scalar,
  ticketNo: optionalText,
  status: z.nullish(z.string()),
  /** [] when there are no answers, else an object (label → value) or an array of {label,value}. */
  details: z.nullish(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
}));
export const attendeeRecord = lazyObject(() => ({
  orderNo: looseText,
  /** Kept as sent (a number, numeric text such as "127.19", or ""): the export writes the service's text. */
  orderCost: scalar,
  quantity: scalar,
  status: z.nullish(z.string()),
  ...alike(scalar, 'paidBy', 'paidTo', 'refundAmount', 'city', 'state', 'country', 'address', 'zipcode', 'phoneNo'),
  purchaseDate: z.nullish(orderPurchaseDate),
  ...alike(z.nullish(z.string()), 'name', 'email'),
  attendee: listOrNone(attendeeEntry),
}));
export const attendeeListResponse = successBody(() => ({
  /**
   * The end of the list may come as a missing, null, [] or {} `attendee`. Later batches of the
   * live service come as an object keyed by the records' absolute offsets ("50", "51", …).
   */
  attendee: listOrNone(attendeeRecord),
}));

// 2.15 discount, E1–E6 acknowledgements
export const createEventResponse = successBody(() => ({ message: z.string(), eventId: looseText }));
export const ticketAckResponse = successBody(() => ({ message: z.string(), ticketId: looseText }));
export const discountAckResponse = successBody(() => ({ message: z.string(), discountId: looseText }));

// 2.16 booking order (shape not shown by the reference; the sandbox's choice is documented in
// docs/sandbox.md). Lenient: any object with an order number.
export const bookingOrder = lazyObject(() => ({
  orderNo: looseText,
  amount: z.optional(looseNumber),
  currency: z.optional(z.string()),
  status: z.optional(z.string()),
  createdOn: z.optional(z.string()),
}));
export const bookingListResponse = successBody(() => ({
  bookings: z.pipe(
    z.union([arrayOrKeyed(bookingOrder), z.null()]),
    z.transform((value) => value ?? []),
  ),
}));

/** E12 answered to a server-side post (a sandbox choice; the reference shows no response). */
export const submittedBooking = lazyObject(() => ({ paymentUrl: z.optional(z.string().check(z.minLength(1))), bookingId: z.optional(looseText) }));

// OAuth token response (§5: shape not shown; RFC 6749 names)
export const tokenResponse = lazyObject(() => ({
  access_token: z.string().check(z.minLength(1)),
  token_type: z._default(z.string(), 'Bearer'),
  expires_in: z.optional(looseNumber),
}));

/** Any error body: the code is in `message`. */
export const errorBody = lazyObject(() => ({
  status: z.literal('error'),
  message: z.string(),
  description: z.optional(z.string()),
  field: z.optional(z.string()),
}));

export type SegmentNode = z.output<typeof segmentNode>;
export type EventSummary = z.output<typeof eventSummary>;
export type PublisherEvent = z.output<typeof publisherEvent>;
export type PublisherTicket = z.output<typeof publisherTicket>;
export type Cart = z.output<typeof cart>;
export type FormField = z.output<typeof formField>;
export type OrderDetails = z.output<typeof orderDetails>;
export type OrganizerEvent = z.output<typeof organizerEvent>;
export type OrganizerTicket = z.output<typeof organizerTicket>;
export type EventListItem = z.output<typeof eventListItem>;
export type Report = z.output<typeof reportResponse>;
export type AttendeeRecord = z.output<typeof attendeeRecord>;
export type AttendeeEntry = z.output<typeof attendeeEntry>;
export type BookingOrder = z.output<typeof bookingOrder>;
export type TokenResponse = z.output<typeof tokenResponse>;
export type ErrorBody = z.output<typeof errorBody>;
