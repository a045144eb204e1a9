// What apply needs of the client, and how the service's records read back in the file's terms.
// The service answers in other names and shapes than it accepts (api-reference 2.10, 2.11:
// `typeName` for `ticketName`, date-time objects for date + time, `active` for a ticket sold as
// `published`, numbers as text); these views map them back so an unchanged file compares equal.
import type { DiscountSpec } from './file.js';
import type {
  AddDiscountRequest,
  AddTicketRequest,
  CreateEventRequest,
  EventIdRequest,
  EventListItem,
  OrganizerEvent,
  OrganizerTicket,
  UpdateDiscountRequest,
  UpdateEventRequest,
  UpdateTicketRequest,
} from '../client/schemas/index.js';
import { ticketCapacity } from '../client/schemas/index.js';

/** The part of the client apply uses; the real client (src/client/index.ts) satisfies it. */
export interface ApplyClient {
  events: {
    createEvent(request: CreateEventRequest): Promise<{ eventId: string }>;
    updateEvent(request: UpdateEventRequest): Promise<unknown>;
    addTicket(request: AddTicketRequest): Promise<{ ticketId: string }>;
    updateTicket(request: UpdateTicketRequest): Promise<unknown>;
    addDiscount(request: AddDiscountRequest): Promise<{ discountId: string }>;
    updateDiscount(request: UpdateDiscountRequest): Promise<unknown>;
    getEvent(request: EventIdRequest): Promise<{ event: OrganizerEvent }>;
    getTickets(request: EventIdRequest): Promise<{ tickets: OrganizerTicket[] }>;
    getAllEvents(request: Record<string, never>): Promise<{ events: EventListItem[] }>;
  };
  /**
   * The event's automatic discounts as buyers see them (Publisher API ticket details); absent
   * when no Publisher API key is configured. Code discounts are never listed there.
   */
  listDiscounts?: (eventId: string) => Promise<PublicDiscount[]>;
}

/** An automatic discount as the Publisher API's ticket details list it (2.5 `discounts`). */
export interface PublicDiscount {
  id: string;
  ticketId: string;
  view: RemoteView;
}

/**
 * P6 ticket details → the discounts of every ticket, in add-discount's terms. The reference does
 * not show the element's shape; the fields read are add-discount's own names (the sandbox's
 * shape), and an element without an id is skipped.
 */
export function publicDiscounts(tickets: readonly { id?: unknown; discounts?: readonly unknown[] }[]): PublicDiscount[] {
  const found: PublicDiscount[] = [];
  for (const ticket of tickets) {
    for (const element of ticket.discounts ?? []) {
      if (element === null || typeof element !== 'object') continue;
      const record = element as Record<string, unknown>;
      const id = record.discountId ?? record.id;
      if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') continue;
      found.push({
        id: String(id),
        ticketId: String(ticket.id),
        view: withoutUndefined({
          discountName: textOrUndefined(record.discountName) || undefined,
          discountCategory: textOrUndefined(record.discountCategory),
          discountType: textOrUndefined(record.discountType),
          discount: numberOrUndefined(record.discount),
          fromQuantity: numberOrUndefined(record.fromQuantity),
          toQuantity: numberOrUndefined(record.toQuantity),
        }),
      });
    }
  }
  return found;
}

/** The automatic discounts of `ticketId` that a rule discount of the file describes. */
export function matchingRuleDiscounts(discounts: readonly PublicDiscount[], spec: DiscountSpec, ticketId: string): PublicDiscount[] {
  const fields = ['discountCategory', 'discountType', 'discount', 'discountName', 'fromQuantity', 'toQuantity'] as const;
  return discounts.filter(
    (candidate) =>
      candidate.ticketId === ticketId &&
      fields.every((field) => spec[field] === undefined || sameValue(candidate.view[field], spec[field])),
  );
}

/** A record as the file would describe it; a field the service did not return is absent. */
export type RemoteView = Record<string, unknown>;

interface SplitDateTime {
  date: string;
  time: string;
}

/** `{date: '2027-03-12 09:00:00', …}` (or the bare text) → date and HH:MM. */
function splitDateTime(value: unknown): SplitDateTime | undefined {
  const text = value !== null && typeof value === 'object' ? (value as { date?: unknown }).date : value;
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(text.trim());
  if (!match) return undefined;
  return { date: match[1], time: match[2] ?? '00:00' };
}

function numberOrUndefined(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function textOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function booleanOrUndefined(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** The last path segment: the service may answer with the full page address for a slug. */
export function urlSlug(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

function withoutUndefined(view: Record<string, unknown>): RemoteView {
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
}

/** get-event (2.10) in the terms of create-event (E1). */
export function eventView(event: OrganizerEvent): RemoteView {
  const start = splitDateTime(event.startDate);
  const end = splitDateTime(event.endDate);
  const visibility = booleanOrUndefined(event.visiblity);
  return withoutUndefined({
    eventTitle: textOrUndefined(event.name),
    url: typeof event.url === 'string' ? urlSlug(event.url) : undefined,
    aboutEvent: textOrUndefined(event.description),
    contactInfo: textOrUndefined(event.contactInfo),
    category: textOrUndefined(event.eventCategory),
    type: textOrUndefined(event.eventType),
    eventType: visibility === undefined ? undefined : visibility ? 'public' : 'private',
    startDate: start?.date,
    startTime: start?.time,
    endDate: end?.date,
    endTime: end?.time,
    listingImage: textOrUndefined(event.listingImage),
    country: textOrUndefined(event.country),
    city: textOrUndefined(event.city),
    subdomain: textOrUndefined(event.subdomain),
    // Not in the reference's 2.10; read when a service sends them (the sandbox does), else the
    // last applied values stand in.
    headerImage: textOrUndefined(event.headerImage),
    state: textOrUndefined(event.state),
    postal: textOrUndefined(event.postal),
    address: textOrUndefined(event.address),
  });
}

/** A ticket status as the file says it: on sale (`active`, `published`) or `pause`. */
function fileTicketStatus(status: unknown): 'active' | 'pause' | undefined {
  if (status === 'active' || status === 'published') return 'active';
  if (status === 'pause') return 'pause';
  return undefined;
}

/** get-tickets (2.11) in the terms of add-ticket (E3). */
export function ticketView(ticket: OrganizerTicket): RemoteView {
  const from = splitDateTime(ticket.availableFrom);
  const to = splitDateTime(ticket.availableTo);
  // The total on sale, not what is left (the live service's `quantity` falls as tickets sell).
  const quantity = numberOrUndefined(ticketCapacity(ticket));
  return withoutUndefined({
    ticketName: textOrUndefined(ticket.typeName),
    ticketDescription: textOrUndefined(ticket.typeDesc),
    // null: "any amount", sent as a blank price
    price: ticket.price === null ? '' : numberOrUndefined(ticket.price),
    currency: textOrUndefined(ticket.currency),
    quantity,
    startDate: from?.date,
    startTime: from?.time,
    endDate: to?.date,
    endTime: to?.time,
    minQuantity: numberOrUndefined(ticket.minQuantity),
    maxQuantity: numberOrUndefined(ticket.maxQuantity),
    allowCancellation: booleanOrUndefined(ticket.allowCancel),
    status: fileTicketStatus(ticket.status),
  });
}

/** Two values the same once read as the API reads them (numbers as numbers, text trimmed). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  const numberA = numberOrUndefined(a);
  const numberB = numberOrUndefined(b);
  if (numberA !== undefined && numberB !== undefined) return numberA === numberB;
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return false;
}
