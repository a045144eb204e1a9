// E1–E6, the organizer's writes: create and update an event, add and update a ticket or discount.
import type { Context } from 'hono';
import type * as z from 'zod';
import {
  addDiscountRequest,
  addTicketRequest,
  createEventRequest,
  dateTimeKey,
  updateDiscountRequest,
  updateEventRequest,
  updateTicketRequest,
} from '../../client/schemas/index.js';
import { requireAccessToken } from '../auth.js';
import type { SandboxApp, SandboxContext } from '../context.js';
import {
  discountCodeTaken,
  insertDiscount,
  insertEvent,
  insertTicket,
  subdomainTakenByOther,
  updateDiscountRow,
  updateEventRow,
  updateTicketRow,
  urlTaken,
  type DiscountFields,
  type EventRow,
  type Span,
  type TicketFields,
  type TicketRow,
} from '../db/events.js';
import { SandboxError, fieldError } from '../errors.js';
import { liveLibraryTicketFields } from '../modes/quirks.js';
import { readForm, validate, type FieldCodes, type FormFields } from '../request.js';
import { utcDate, utcTime } from '../time.js';
import { discountOf, eventFor, ticketOf } from './access.js';
import { segmentOfCategory } from './publisher-catalogue.js';

const EVENT_FIELD_CODES: FieldCodes = {
  missing: { category: 'E021', url: 'E024' },
  invalid: { startDate: 'E017', startTime: 'E017', endDate: 'E018', endTime: 'E018', category: 'E021' },
  rule: { endDate: 'E003' },
};

const URL_SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The event's address part, lower-cased; refused (E024) unless it is a slug of ≤ 100 characters. */
function eventSlug(url: string): string {
  const slug = url.trim().toLowerCase();
  if (slug.length > 100 || !URL_SLUG.test(slug)) {
    throw new SandboxError('E024', {
      description: 'url must be an address part of letters, digits, "-" and "_" (at most 100 characters)',
      field: 'url',
    });
  }
  return slug;
}

function subdomainOf(subdomain: string | undefined): string | null {
  if (subdomain === undefined || subdomain.trim() === '') return null;
  const value = subdomain.trim().toLowerCase();
  if (!SUBDOMAIN.test(value)) throw fieldError('subdomain', 'expected letters, digits and "-" (at most 63)');
  return value;
}

/** E004: a start date that is set or changed must be today or later. */
function assertStartNotPast(startDate: string, now: Date): void {
  if (startDate < utcDate(now)) {
    throw new SandboxError('E004', { description: `startDate ${startDate} is before today (${utcDate(now)}, UTC)`, field: 'startDate' });
  }
}

/**
 * The columns create and update set alike: kind, title, schedule, page content and place, each
 * part of the place as given, else as `stored` (an update), else null.
 */
function sharedColumns(request: z.output<typeof createEventRequest> | z.output<typeof updateEventRequest>, stored?: EventRow) {
  return {
    event_type: request.eventType,
    type: request.type,
    title: request.eventTitle,
    category: request.category,
    start_date: request.startDate,
    start_time: request.startTime,
    end_date: request.endDate,
    end_time: request.endTime,
    about: request.aboutEvent,
    listing_image: request.listingImage,
    header_image: request.headerImage,
    contact_info: request.contactInfo,
    country: request.country ?? stored?.country ?? null,
    state: request.state ?? stored?.state ?? null,
    city: request.city ?? stored?.city ?? null,
    postal: request.postal ?? stored?.postal ?? null,
    address: request.address ?? stored?.address ?? null,
  };
}

/**
 * With --quirks, a create-event without `segment` gets its category's: the service's own library
 * never sends one. The reference requires it.
 */
function withSegment(fields: FormFields, quirks: boolean): FormFields {
  if (!quirks || (fields.segment ?? '').trim() !== '') return fields;
  const segment = segmentOfCategory(fields.category ?? '');
  return segment === undefined ? fields : { ...fields, segment };
}

const TICKET_FIELD_CODES: FieldCodes = {
  missing: { ticketName: 'E016', quantity: 'E015' },
  invalid: {
    quantity: 'E013',
    minQuantity: 'E013',
    maxQuantity: 'E013',
    price: 'E014',
    shippingCharge: 'E014',
    startDate: 'E017',
    startTime: 'E017',
    endDate: 'E018',
    endTime: 'E018',
  },
  rule: { endDate: 'E003' },
};

const DEFAULT_MIN_QUANTITY = 1;
const DEFAULT_MAX_QUANTITY = 10;

/** The sale window's parts a request gives. */
type GivenSpan = Partial<Record<'startDate' | 'startTime' | 'endDate' | 'endTime', string>>;

type TicketRequest = z.output<typeof addTicketRequest> | z.output<typeof updateTicketRequest>;

/** The columns add-ticket and update-ticket set alike; optional parameters left out of an update keep the `stored` values (E002 when min > max). */
function ticketColumns(request: TicketRequest, event: EventRow, now: Date, stored?: TicketRow) {
  const span = checkedSpan(request, event, now, stored);
  const minQuantity = request.minQuantity ?? stored?.min_quantity ?? DEFAULT_MIN_QUANTITY;
  const maxQuantity = request.maxQuantity ?? stored?.max_quantity ?? DEFAULT_MAX_QUANTITY;
  if (minQuantity > maxQuantity) {
    throw new SandboxError('E002', { description: `maxQuantity ${maxQuantity} is less than minQuantity ${minQuantity}`, field: 'maxQuantity' });
  }
  return {
    name: request.ticketName,
    description: request.ticketDescription ?? stored?.description ?? null,
    price: request.price === '' ? null : request.price,
    currency: request.currency,
    quantity: request.quantity,
    status: request.status,
    ...span,
    min_quantity: minQuantity,
    max_quantity: maxQuantity,
    service_fee: request.serviceFee,
    allow_cancellation: request.allowCancellation ? 1 : 0,
  };
}

/**
 * The sale window of a ticket or discount as it will be stored: the parts given, else those of
 * `stored` (an update), else the reference's defaults for a new one (E3, E5: start today / now,
 * end at the event's end). E004 for a start date set or changed to before today, E003 unless it
 * ends after it starts.
 */
function checkedSpan(given: GivenSpan, event: EventRow, now: Date, stored?: Span): Span {
  const fallback = stored ?? { start_date: utcDate(now), start_time: utcTime(now), end_date: event.end_date, end_time: event.end_time };
  const span = {
    start_date: given.startDate ?? fallback.start_date,
    start_time: given.startTime ?? fallback.start_time,
    end_date: given.endDate ?? fallback.end_date,
    end_time: given.endTime ?? fallback.end_time,
  };
  if (given.startDate !== undefined && given.startDate !== stored?.start_date) assertStartNotPast(given.startDate, now);
  if (dateTimeKey(span.end_date, span.end_time) <= dateTimeKey(span.start_date, span.start_time)) {
    throw new SandboxError('E003', {
      description: `end ${span.end_date} ${span.end_time} is not later than start ${span.start_date} ${span.start_time}`,
      field: 'endDate',
    });
  }
  return span;
}

const DISCOUNT_FIELD_CODES: FieldCodes = {
  missing: { discount: 'D001' },
  invalid: {
    discount: 'D001',
    limit: 'E013',
    fromQuantity: 'E013',
    toQuantity: 'E013',
    startDate: 'E017',
    startTime: 'E017',
    endDate: 'E018',
    endTime: 'E018',
  },
  rule: { endDate: 'E003', code: 'E025', fromQuantity: 'E026', toQuantity: 'E026', discount: 'D001' },
};

type DiscountRequest = z.output<typeof addDiscountRequest> | z.output<typeof updateDiscountRequest>;

function discountFields(request: DiscountRequest, span: Span, limit: number, name: string | null): DiscountFields {
  if (request.discount <= 0) throw new SandboxError('D001', { description: 'discount must be more than 0', field: 'discount' });
  const bulk = request.discountCategory === 'bulk';
  const code = request.discountCategory === 'code' ? (request.code ?? null) : null;
  return {
    name,
    category: request.discountCategory,
    amount: request.discount,
    type: request.discountType,
    ...span,
    usage_limit: limit,
    from_quantity: bulk ? (request.fromQuantity ?? null) : null,
    to_quantity: bulk ? (request.toQuantity ?? null) : null,
    code,
  };
}

function assertCodeFree(context: SandboxContext, eventId: number, code: string | null, exceptId?: number): void {
  if (code !== null && discountCodeTaken(context.db, eventId, code, exceptId)) {
    // E025 is the reference's one code about a discount's code; the description says which code is taken.
    throw new SandboxError('E025', {
      description: `code ${JSON.stringify(code)} is already used by another discount of this event`,
      field: 'code',
    });
  }
}

export function registerWriteRoutes(app: SandboxApp, context: SandboxContext): void {
  const auth = requireAccessToken(context);
  const { db, clock } = context;

  app.post('/api/e/create', auth, async (c) => {
    const request = validate(createEventRequest, withSegment(await readForm(c), context.quirks), EVENT_FIELD_CODES);
    const account = c.get('account');
    const now = clock.now();
    const url = eventSlug(request.url);
    const subdomain = subdomainOf(request.subdomain);
    assertStartNotPast(request.startDate, now);
    const eventId = db.transaction(() => {
      if (urlTaken(db, url)) throw new SandboxError('E006', { field: 'url' });
      if (subdomain && subdomainTakenByOther(db, subdomain, account.id)) throw new SandboxError('E005', { field: 'subdomain' });
      return insertEvent(db, account.id, { ...sharedColumns(request), url, subdomain, segment: request.segment, topics: request.topics ?? null }, now);
    })();
    return c.json({ status: 'success', message: 'S001', eventId: String(eventId) });
  });

  app.post('/api/e/update', auth, async (c) => {
    const request = validate(updateEventRequest, await readForm(c), EVENT_FIELD_CODES);
    const account = c.get('account');
    const now = clock.now();
    const event: EventRow = eventFor(db, account, request.eventId, 'write');
    const url = eventSlug(request.url);
    const subdomain = request.subdomain === undefined ? event.subdomain : subdomainOf(request.subdomain);
    if (request.startDate !== event.start_date) assertStartNotPast(request.startDate, now);
    db.transaction(() => {
      if (urlTaken(db, url, event.id)) throw new SandboxError('E009', { field: 'url' });
      if (subdomain && subdomainTakenByOther(db, subdomain, account.id)) throw new SandboxError('E005', { field: 'subdomain' });
      updateEventRow(db, event.id, { ...sharedColumns(request, event), url, subdomain }, now);
    })();
    return c.json({ status: 'success', message: 'S002', eventId: String(event.id) });
  });

  /** The fields; with --quirks, the service's own library's values read in the reference's words. */
  const ticketForm = async (c: Context, operation: 'add' | 'update'): Promise<FormFields> => {
    const fields = await readForm(c);
    return context.quirks ? liveLibraryTicketFields(fields, operation) : fields;
  };

  app.post('/api/e/add-ticket', auth, async (c) => {
    const request = validate(addTicketRequest, await ticketForm(c, 'add'), TICKET_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const fields: TicketFields = { ...ticketColumns(request, event, now), shipping_charge: null, shipping_charge_type: null };
    const ticketId = insertTicket(db, event.id, fields, now);
    return c.json({ status: 'success', message: 'S003', ticketId: String(ticketId) });
  });

  app.post('/api/e/update-ticket', auth, async (c) => {
    const request = validate(updateTicketRequest, await ticketForm(c, 'update'), TICKET_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const ticket = ticketOf(db, event, request.ticketId);
    const columns = ticketColumns(request, event, now, ticket);
    const taken = ticket.sold_count + ticket.held_count;
    if (taken > 0 && (columns.price !== ticket.price || request.currency !== ticket.currency)) {
      throw new SandboxError('E027', {
        description: `${taken} of this ticket are sold or held, so its price and currency cannot change`,
        field: columns.price !== ticket.price ? 'price' : 'currency',
      });
    }
    if (request.quantity < taken) {
      throw new SandboxError('E027', {
        description: `${taken} of this ticket are sold or held, so quantity cannot go below ${taken}`,
        field: 'quantity',
      });
    }
    updateTicketRow(
      db,
      ticket.id,
      {
        ...columns,
        shipping_charge: request.shippingCharge ?? ticket.shipping_charge,
        shipping_charge_type: request.shippingChargeType ?? ticket.shipping_charge_type,
      },
      now,
    );
    return c.json({ status: 'success', message: 'S003', ticketId: String(ticket.id) });
  });

  app.post('/api/e/add-discount', auth, async (c) => {
    const request = validate(addDiscountRequest, await readForm(c), DISCOUNT_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const ticket = ticketOf(db, event, request.ticketId);
    const span = checkedSpan(request, event, now);
    const fields = discountFields(request, span, request.limit ?? ticket.quantity, request.discountName ?? null);
    const discountId = db.transaction(() => {
      assertCodeFree(context, event.id, fields.code);
      return insertDiscount(db, event.id, ticket.id, fields, now);
    })();
    return c.json({ status: 'success', message: 'S004', discountId: String(discountId) });
  });

  app.post('/api/e/update-discount', auth, async (c) => {
    const request = validate(updateDiscountRequest, await readForm(c), DISCOUNT_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const discount = discountOf(db, event, request.discountId);
    // Optional parameters left out keep their stored values.
    const span = checkedSpan(request, event, now, discount);
    const fields = discountFields(request, span, request.limit ?? discount.usage_limit, request.discountName ?? discount.name);
    db.transaction(() => {
      assertCodeFree(context, event.id, fields.code, discount.id);
      updateDiscountRow(db, discount.id, fields, now);
    })();
    return c.json({ status: 'success', message: 'S004', discountId: String(discount.id) });
  });
}
