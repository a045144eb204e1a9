// E7 get-event, E8 get-tickets, E9 get-all-events, E10 get-report, E11 attendee-list, in the
// shapes the client's resource schemas read.
import { attendeeListRequest, eventIdRequest } from '../../client/schemas/index.js';
import { requireAccessToken } from '../auth.js';
import { findAccountById } from '../db/accounts.js';
import type { SandboxApp, SandboxContext } from '../context.js';
import { listEventsOwnedBy, listTickets, ticketsLeft, type EventRow, type TicketRow } from '../db/events.js';
import { salesReport } from '../db/orders.js';
import { plainText } from '../pages/html.js';
import { readForm, validate } from '../request.js';
import { buildDateTimeObject, instantObject, sqlDateTime, utcDate, withSeconds } from '../time.js';
import { eventFor } from './access.js';
import { eventPageUrl, requestOrigin } from './event-page.js';
import { listRecord, batchPositions, listSpan, liveAttendeeBatch } from './live-attendee-list.js';
import { roundMoney, sumMoney } from '../../util/money.js';

// The reference's fields of an event that the sandbox leaves null, as JSON text built once: every
// get-event answer holds them, and building and serializing them per request cost an eighth of it.
const NULL_EVENT_FIELDS_JSON = `
  extUrl eventSubcategory attendeeRegistration ticketSpecificAttendee isFree showAttendee commentsEnabled showTimer contactOrganizer processingFee
  onlineWalletFee gatewayFee platformFee offlinePlatformFee codLimit codFlat codPercentage clientCodPercentage clientCodFlat serviceFee
  chequePaymentFeeFlat venuePaymentFeeFlat bankDepositFeeFlat additionalCharges cancellationCharge additionalChargesComment codOn additionalInfo
  customTicketMessge isEventListed isaddedfeatured showContact checkoutTime customMessage message ticketMessage metaTags tags images coOwner
  featuredImage colorcode subscribecolorcode analyticsId freeService socialNetworkId hideUpcomingTickets hidePrice enableQna isAllowCancel
  showWidgetHeader mapImage callbackUrl collectionUrls metaTitle metaDesc contactDetails askOrganizerEmail allowUniqueBuyer globalTicketNumber
  hideDate mulcity location contactNumber source popularity buyButton createdFrom performanceMarketing performanceMarketingFee campaign utmContent
  utmName utmMedium referralType referrerUrl landingPage networking externalSiteId isSingleTicket isChildMandatory
`
  .trim()
  .split(/\s+/)
  .map((name) => `${JSON.stringify(name)}:null`)
  .join(',');

/** 2.10 but for NULL_EVENT_FIELDS_JSON. Beyond the reference's fields the sandbox adds headerImage, state,
 *  postal, address and eventVisibility, so that a read-back holds every value update-event takes. */
function organizerEventValues(event: EventRow, ownerEmail: string): Record<string, unknown> {
  return {
    id: event.id,
    name: event.title,
    url: event.url,
    description: event.about,
    contactInfo: event.contact_info,
    eventCategory: event.category,
    eventStatus: event.status,
    eventType: event.type,
    visiblity: event.event_type === 'public',
    eventVisibility: event.event_type,
    pricingModel: 'commission',
    agreedPricePerTicket: 0,
    agreedTransactionFee: 0,
    chequePaymentFee: 0,
    venuePaymentFee: 0,
    bankDepositFee: 0,
    listingImage: event.listing_image,
    searchImage: event.header_image,
    headerImage: event.header_image,
    region: event.state ?? '',
    country: event.country ?? '',
    accountId: String(event.owner_id),
    startDate: buildDateTimeObject(event.start_date, event.start_time),
    endDate: buildDateTimeObject(event.end_date, event.end_time),
    publishedDate: instantObject(event.created_on),
    auditCreated: instantObject(event.created_on),
    subdomain: event.subdomain,
    topics: event.topics,
    segment: event.segment,
    city: event.city,
    state: event.state,
    postal: event.postal,
    address: event.address,
    owner: ownerEmail,
    endDatetime: `${event.end_date} ${withSeconds(event.end_time)}`,
  };
}

const NULL_TICKET_FIELDS = `
  ticketOrder isDiscountAvailable bibNo bibCount cummalativeDiscount refundEndDate refundAmount associationMember nonAssociationMember ticketId
  eventSessionId serviceTaxSetting showRemainingQuantity groupRegistration maxMember partnerId membershipId
`
  .trim()
  .split(/\s+/);

/**
 * 2.11. `initialQuantity` is the number on sale as last set; `quantity` what is left of it (not
 * sold, not held), in either mode, as public clients read the live service's ("tickets left").
 */
function organizerTicket(ticket: TicketRow): Record<string, unknown> {
  const nulls = Object.fromEntries(NULL_TICKET_FIELDS.map((name) => [name, null]));
  return {
    ...nulls,
    id: ticket.id,
    typeName: ticket.name,
    typeDesc: ticket.description ?? '',
    price: ticket.price,
    includeFee: ticket.service_fee === 1 ? 1 : 0,
    quantity: ticketsLeft(ticket),
    initialQuantity: ticket.quantity,
    availableFrom: buildDateTimeObject(ticket.start_date, ticket.start_time),
    availableTo: buildDateTimeObject(ticket.end_date, ticket.end_time),
    maxQuantity: ticket.max_quantity,
    minQuantity: ticket.min_quantity,
    allowCancel: ticket.allow_cancellation === 1,
    status: ticket.status,
    currency: ticket.currency,
    shippingCharge: ticket.shipping_charge,
    shippingType: ticket.shipping_charge_type,
    eventId: String(ticket.event_id),
  };
}

/** 2.12 */
function eventListItem(event: EventRow, origin: string): Record<string, unknown> {
  const url = eventPageUrl(origin, event.url);
  return {
    eventId: String(event.id),
    eventType: event.event_type,
    type: event.type,
    eventTitle: event.title,
    actualUrl: event.url,
    url,
    mobileUrl: url,
    subdomain: event.subdomain,
    category: event.category,
    startDate: event.start_date,
    endDate: event.end_date,
    startTime: withSeconds(event.start_time),
    endTime: withSeconds(event.end_time),
    aboutEvent: event.about,
    shortDescription: plainText(event.about).slice(0, 200),
    listingImage: event.listing_image,
    headerImage: event.header_image,
    terms: '',
    createdOn: sqlDateTime(event.created_on),
    status: event.status,
  };
}

export function registerReadRoutes(app: SandboxApp, context: SandboxContext): void {
  const auth = requireAccessToken(context);
  const { db } = context;

  app.post('/api/e/get-event', auth, async (c) => {
    const request = validate(eventIdRequest, await readForm(c));
    const event = eventFor(db, c.get('account'), request.eventId, 'read');
    const owner = findAccountById(db, event.owner_id)?.email ?? '';
    const values = JSON.stringify(organizerEventValues(event, owner)).slice(1);
    return c.body(`{"status":"success","event":{${NULL_EVENT_FIELDS_JSON},${values}}`, 200, { 'Content-Type': 'application/json' });
  });

  app.post('/api/e/get-tickets', auth, async (c) => {
    const request = validate(eventIdRequest, await readForm(c));
    const event = eventFor(db, c.get('account'), request.eventId, 'read');
    return c.json({ status: 'success', tickets: listTickets(db, event.id).map(organizerTicket) });
  });

  app.post('/api/e/get-all-events', auth, async (c) => {
    // `type=current|past`, as the service's own WordPress plugin sends it: events not yet over, or over.
    const { type } = await readForm(c);
    const today = utcDate(context.clock.now());
    const kept = (event: EventRow) => (type === 'current' ? event.end_date >= today : type === 'past' ? event.end_date < today : true);
    const origin = requestOrigin(c);
    return c.json({
      status: 'success',
      events: listEventsOwnedBy(db, c.get('account').id)
        .filter(kept)
        .map((event) => eventListItem(event, origin)),
    });
  });

  app.post('/api/e/get-report', auth, async (c) => {
    const request = validate(eventIdRequest, await readForm(c));
    const event = eventFor(db, c.get('account'), request.eventId, 'read');
    const lines = salesReport(db, event.id);
    return c.json({
      status: 'success',
      amount: sumMoney(lines.map((line) => line.amount)),
      platformFee: sumMoney(lines.map((line) => line.platformFee)),
      cancel: lines.reduce((sum, line) => sum + line.cancelled, 0),
      tickets: lines.map((line) => ({
        ticketId: String(line.ticketId),
        ticketName: line.ticketName,
        tickets: line.sold,
        amount: String(roundMoney(line.amount)),
        platformFee: String(roundMoney(line.platformFee)),
        cancel: String(line.cancelled),
      })),
    });
  });

  app.post('/api/e/attendee-list', auth, async (c) => {
    // The account holder's own token reads its events' lists (five public clients of the live
    // service use one token for everything); another account's event is E008 (eventFor).
    const request = validate(attendeeListRequest, await readForm(c));
    const event = eventFor(db, c.get('account'), request.eventId, 'read');
    if (context.quirks) return c.json({ status: 'success', attendee: liveAttendeeBatch(db, event, request.fromRecord, request.toRecord, context.listOrder) });
    const { first, last } = batchPositions(request.fromRecord, request.toRecord, false);
    return c.json({ status: 'success', attendee: listSpan(db, event, first, last, context.listOrder).map(listRecord) });
  });
}
