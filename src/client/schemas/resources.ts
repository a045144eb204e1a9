// Every resource the service answers with, as the client reads it. Parsing is lenient
// where the real service varies: numbers may arrive as
// numeric strings, `attendee` as an array or an object keyed by batch position, `details` as []
// or an object. Unknown fields are kept (looseObject) so that `--json` shows the body as sent.
import * as z from 'zod';

/** A number, or numeric text (the live service sends both). */
export const looseNumber = z.lazy(() =>
  z.union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?(\d+(\.\d*)?|\.\d+)$/)
      .transform(Number),
  ]),
);
/**
 * `status` of a success body. The reference puts "success" there; no public client of the live
 * service checks it, so a body without it is read by its other keys (error bodies are told apart
 * before parsing, in http.ts).
 */
export const successStatus = z.lazy(() => z.literal('success').optional());
/** An id the service sends as a string or a number; kept as a string. */
export const looseId = z.lazy(() => z.union([z.string(), z.number()]).transform(String));
const looseText = z.lazy(() => z.union([z.string(), z.number()]).transform(String));
const optionalText = z.lazy(() =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined ? value : String(value))),
);
const yesNo = z.lazy(() => z.string());

/** A resource read leniently (unknown fields kept), its schema built when first used. */
function lazyObject<T extends z.ZodRawShape>(shape: () => T) {
  return z.lazy(() => z.looseObject(shape()));
}

/** A success body: its `status`, then `shape`. */
function successBody<T extends z.ZodRawShape>(shape: () => T) {
  return lazyObject(() => ({ status: successStatus, ...shape() }));
}

/** The same schema for each field of `names`. */
function alike<S extends z.ZodType, const K extends string>(schema: S, ...names: K[]): Record<K, S> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<K, S>;
}

/** Texts the service may leave out or send as null, by name. */
function nullishTexts<const K extends string>(...names: K[]) {
  return alike(z.string().nullish(), ...names);
}

/** When an event or a ticket (on sale) starts and ends, as yyyy-mm-dd and HH:MM texts. */
const schedule = () => ({ startDate: z.string(), endDate: z.string(), startTime: z.string(), endTime: z.string() });

/** The values of an object keyed by position, in the order of their keys. */
export function keyedValues<T>(keyed: Record<string, T>): T[] {
  return Object.entries(keyed)
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([, value]) => value);
}

/** An array, or an object whose values are the elements (keyed by position). */
export function arrayOrKeyed<T extends z.ZodType>(element: T) {
  return z.union([z.array(element), z.record(z.string(), element).transform(keyedValues)]);
}

/** 2.10 date-time object: {date: 'yyyy-mm-dd HH:MM:SS', timezone_type, timezone}. */
export const dateTimeObject = lazyObject(() => ({
  date: z.string(),
  timezone_type: looseNumber.optional(),
  timezone: z.string().optional(),
}));

// 2.1 segment tree
export const topicNode = lazyObject(() => ({ topicId: z.string(), topicName: z.string() }));
export const categoryNode = lazyObject(() => ({
  categoryId: z.string(),
  categoryName: z.string(),
  topics: z.array(topicNode).default([]),
}));
export const segmentNode = lazyObject(() => ({
  segmentId: z.string(),
  segmentName: z.string(),
  category: z.array(categoryNode).default([]),
}));
export const segmentsResponse = successBody(() => ({ segments: z.array(segmentNode) }));

// 2.2 category map and topic map
export const categoriesResponse = successBody(() => ({ categories: z.record(z.string(), z.string()) }));
export const topicsResponse = successBody(() => ({ topics: z.record(z.string(), z.array(z.string())) }));

// 2.3 event summary
export const eventSummary = lazyObject(() => ({
  id: looseNumber,
  title: z.string(),
  url: z.string(),
  textDescription: z.string().optional(),
  ...nullishTexts('smallImage', 'largeImage'),
  startDateFormat: z.string(),
  endDateFormat: z.string(),
  ...schedule(),
  startDateTime: z.string().optional(),
  endDateTime: z.string().optional(),
  category: z.string(),
  topics: z.array(z.unknown()).nullable().optional(),
  type: z.string(),
  ...nullishTexts('city', 'state', 'venueName', 'address', 'country', 'zipcode'),
  currency: z.string(),
  minPrice: looseText,
}));
export const eventSearchResponse = successBody(() => ({ events: arrayOrKeyed(eventSummary) }));

// 2.4 event details
export const publisherEvent = lazyObject(() => ({
  id: looseNumber,
  title: z.string(),
  url: z.string(),
  ...nullishTexts('smallImage', 'largeImage'),
  ...schedule(),
  createdOn: z.string().optional(),
  category: z.string(),
  type: z.string(),
  contactInfo: z.string().nullish(),
  images: z.array(z.unknown()).nullable().optional(),
  eventTopics: z.array(z.unknown()).optional(),
  topics: z.array(z.string()).optional(),
  ...nullishTexts('textDescription', 'shortDescription', 'contactDetails'),
  isAttendeeFormEnabled: yesNo.optional(),
  enquiryForm: yesNo.optional(),
  showButton: yesNo.optional(),
  eventSessionType: z.string().nullish(),
  Location: z.array(z.unknown()).optional(),
  currency: z.string(),
  price: looseText,
  email: z.string().nullish(),
}));
export const eventDetailsResponse = successBody(() => ({
  events: publisherEvent,
  tabs: z.array(z.unknown()).default([]),
  soldout: yesNo,
  favourite: yesNo.optional(),
}));

// 2.5 ticket (Publisher)
export const publisherTicket = lazyObject(() => ({
  id: looseNumber,
  eventId: looseId,
  name: z.string(),
  description: z.string().nullish(),
  price: looseNumber,
  quantity: looseNumber,
  ...schedule(),
  minQuantity: looseNumber,
  maxQuantity: looseNumber,
  status: z.string(),
  availability: z.string(),
  currency: z.string(),
  discounts: z.array(z.unknown()).default([]),
}));
export const ticketDetailsResponse = successBody(() => ({
  tickets: arrayOrKeyed(publisherTicket),
  currency: z.string(),
}));

// 2.6 cart
export const cart = lazyObject(() => ({
  price: looseNumber,
  discount: looseNumber,
  processingFee: looseNumber,
  serviceTax: looseNumber,
  grandTotal: looseNumber,
  codeApplied: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
}));
/**
 * The cart totals newer public clients read: `carts{actualCost, discount, servieFeeTotal (spelled
 * so), total}`, as the reference's cart.
 */
const liveCarts = lazyObject(() => ({
  actualCost: looseNumber,
  discount: looseNumber.default(0),
  servieFeeTotal: looseNumber.default(0),
  total: looseNumber,
}));

export const cartResponse = z.lazy(() =>
  z.union([
    z.looseObject({ status: successStatus, cart }),
    z.looseObject({ status: successStatus, carts: liveCarts }).transform(({ carts, ...rest }) => ({
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
  ]),
);

// 2.7 generated order
export const generateOrderResponse = successBody(() => ({
  orderNo: looseText,
  /** Newer clients of the live service read only orderNo from generate-order. */
  platformFee: looseNumber.optional(),
  ticketCost: looseNumber.optional(),
}));

// 2.8 attendee form
export const formField = lazyObject(() => ({
  id: z.string(),
  type: z.string(),
  label: z.string(),
  ...nullishTexts('description', 'validation'),
  mandatory: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
}));
export const attendeeFormResponse = successBody(() => ({ attendeeForm: z.record(z.string(), z.array(formField)) }));

export const saveAttendeeResponse = successBody(() => ({
  message: z.string().optional(),
  orderNo: looseText,
}));

export const confirmOrderResponse = successBody(() => ({
  message: z.string().optional(),
  orderNo: looseText,
  orderStatus: z.string(),
}));

// 2.9 order details
export const orderAttendee = lazyObject(() => ({
  ticketId: looseNumber,
  ticketName: z.string(),
  ticketNo: looseText,
  ...nullishTexts('seatNo', 'bibNo'),
  attendeeName: z.string(),
  attendeeEmailId: z.string(),
  additionalInfo: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).default({}),
}));
export const orderDetails = lazyObject(() => ({
  eventId: looseNumber,
  eventName: z.string(),
  orderNo: looseText,
  datePurchased: z.string(),
  quantity: looseNumber,
  ticketCost: looseNumber,
  paidAmount: looseNumber,
  orderStatus: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhoneNo: optionalText,
  attendee: arrayOrKeyed(orderAttendee),
}));
export const orderDetailsResponse = successBody(() => ({
  orderNo: looseText,
  orderDetails,
}));

// 2.10 organizer event (only the documented fields with values are typed; the rest pass through)
export const organizerEvent = lazyObject(() => ({
  id: looseNumber,
  name: z.string(),
  url: z.string(),
  ...nullishTexts('description', 'contactInfo', 'eventCategory', 'eventStatus', 'eventType'),
  visiblity: z.union([z.boolean(), z.string(), z.number()]).nullish(),
  startDate: dateTimeObject,
  endDate: dateTimeObject,
  publishedDate: dateTimeObject.nullish(),
  auditCreated: dateTimeObject.nullish(),
  ...nullishTexts('listingImage', 'searchImage', 'region', 'country'),
  accountId: looseText.nullish(),
  ...nullishTexts('subdomain', 'city'),
}));
export const getEventResponse = successBody(() => ({ event: organizerEvent }));

// 2.11 organizer ticket
export const organizerTicket = lazyObject(() => ({
  id: looseNumber,
  typeName: z.string(),
  typeDesc: z.string().nullish(),
  price: looseNumber.nullable(),
  includeFee: looseNumber.nullish(),
  quantity: looseNumber,
  initialQuantity: looseNumber.nullish(),
  availableFrom: dateTimeObject,
  availableTo: dateTimeObject,
  maxQuantity: looseNumber,
  minQuantity: looseNumber,
  allowCancel: z.union([z.boolean(), z.string(), z.number()]).nullish(),
  status: z.string(),
  currency: z.string(),
  shippingCharge: looseNumber.nullish(),
  shippingType: z.string().nullish(),
  eventId: looseId,
  /** Null in the reference's sample; a code (e.g. TKCIGJ) where the service gives one. */
  ticketId: looseId.nullish(),
}));
export const getTicketsResponse = successBody(() => ({ tickets: arrayOrKeyed(organizerTicket) }));

// 2.12 event list item
export const eventListItem = lazyObject(() => ({
  /** The code the Event & Registration calls take (e.g. EKDJHH on the live service). */
  eventId: looseId,
  /** The live service also sends the numeric id, which the buyer-facing (Publisher) side takes (kept as sent). */
  id: z.union([z.string(), z.number()]).optional(),
  ...nullishTexts('eventType', 'type'),
  eventTitle: z.string(),
  ...nullishTexts('actualUrl', 'url', 'mobileUrl', 'subdomain', 'category'),
  ...schedule(),
  ...nullishTexts('aboutEvent', 'shortDescription', 'listingImage', 'headerImage', 'terms', 'createdOn', 'status'),
}));
export const getAllEventsResponse = successBody(() => ({ events: arrayOrKeyed(eventListItem) }));

// 2.13 report ("the service" fee field is platformFee)
export const reportTicketLine = lazyObject(() => ({
  ticketId: looseId,
  ticketName: z.string(),
  tickets: looseNumber,
  platformFee: looseNumber.optional(),
  cancel: looseNumber.optional(),
  /** Not in the reference's 2.13 sample; the sandbox sends each ticket's revenue. */
  amount: looseNumber.optional(),
}));
export const reportResponse = successBody(() => ({
  amount: looseNumber,
  platformFee: looseNumber.optional(),
  cancel: looseNumber.optional(),
  tickets: arrayOrKeyed(reportTicketLine),
}));

// 2.14 attendee list record. Every field but orderNo may be null or missing (the live service
// sends `name: null` with the names in `details`, `""` for unknown fields); what is there is kept.
const scalar = z.lazy(() => z.union([z.string(), z.number(), z.boolean()]).nullish());
export const attendeeEntry = lazyObject(() => ({
  ticketName: z.string().nullish(),
  /** The ticket type's id, or (live service, 2020) a code for each issued ticket. */
  ticketId: optionalText,
  ...nullishTexts('name', 'email'),
  checkin: scalar,
  ticketNo: optionalText,
  status: z.string().nullish(),
  /** [] when there are no answers, else an object (label → value) or an array of {label,value}. */
  details: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
}));
export const attendeeRecord = lazyObject(() => ({
  orderNo: looseText,
  /** Kept as sent (a number, numeric text such as "127.19", or ""): the export writes the service's text. */
  orderCost: scalar,
  quantity: scalar,
  status: z.string().nullish(),
  ...alike(scalar, 'paidBy', 'paidTo', 'refundAmount', 'city', 'state', 'country', 'address', 'zipcode', 'phoneNo'),
  purchaseDate: dateTimeObject.nullish(),
  ...nullishTexts('name', 'email'),
  attendee: arrayOrKeyed(attendeeEntry)
    .nullish()
    .transform((value) => value ?? []),
}));
export const attendeeListResponse = successBody(() => ({
  /**
   * The end of the list may come as a missing, null, [] or {} `attendee`. Later batches of the
   * live service come as an object keyed by the records' absolute offsets ("50", "51", …).
   */
  attendee: arrayOrKeyed(attendeeRecord)
    .nullish()
    .transform((value) => value ?? []),
}));

// 2.15 discount, E1–E6 acknowledgements
export const createEventResponse = successBody(() => ({ message: z.string(), eventId: looseId }));
export const ticketAckResponse = successBody(() => ({ message: z.string(), ticketId: looseId }));
export const discountAckResponse = successBody(() => ({ message: z.string(), discountId: looseId }));

// 2.16 booking order (shape not shown by the reference; the sandbox's choice is documented in
// docs/sandbox.md). Lenient: any object with an order number.
export const bookingOrder = lazyObject(() => ({
  orderNo: looseText,
  amount: looseNumber.optional(),
  currency: z.string().optional(),
  status: z.string().optional(),
  createdOn: z.string().optional(),
}));
export const bookingListResponse = successBody(() => ({ bookings: z.union([arrayOrKeyed(bookingOrder), z.null()]).transform((value) => value ?? []) }));

/** E12 answered to a server-side post (a sandbox choice; the reference shows no response). */
export const submittedBooking = lazyObject(() => ({
  paymentUrl: z.string().min(1).optional(),
  bookingId: looseText.optional(),
}));

// OAuth token response (§5: shape not shown; RFC 6749 names)
export const tokenResponse = lazyObject(() => ({
  access_token: z.string().min(1),
  token_type: z.string().default('Bearer'),
  expires_in: looseNumber.optional(),
}));

/** Any error body: the code is in `message`. */
export const errorBody = lazyObject(() => ({
  status: z.literal('error'),
  message: z.string(),
  description: z.string().optional(),
  field: z.string().optional(),
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
