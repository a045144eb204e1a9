// What apply needs of the client, and how the service's records read back in the file's terms.
// The service answers in other names and shapes than it accepts (get-event and get-tickets:
// `typeName` for `ticketName`, date-time objects for date + time, `active` for a ticket sold as
// `published`, numbers as text); these views map them back so an unchanged file compares equal.
import { numberOrUndefined, readBack, textOrUndefined, type FieldValues } from '../client/fields/read-back.js';
import { TICKET_TABLE } from '../client/fields/ticket.js';
import type { DiscountSpec } from './file.js';
import type { EventApi } from '../client/event-api.js';
import type { OrganizerTicket } from '../client/schemas/index.js';

type ApplyCall = 'createEvent' | 'updateEvent' | 'addTicket' | 'updateTicket' | 'addDiscount' | 'updateDiscount' | 'getEvent' | 'getTickets' | 'getAllEvents';

/** The part of the client apply uses. */
export interface ApplyClient {
  events: Pick<EventApi, ApplyCall>;
  /**
   * The event's automatic discounts as buyers see them (Publisher API ticket details); absent
   * when no Publisher API key is configured. Code discounts are never listed there.
   */
  listDiscounts?: (eventId: string) => Promise<PublicDiscount[]>;
  /** Shared with the update commands. */
  sent?: SentStore;
}

/**
 * What was last sent for a ticket or discount, kept per profile: the service never returns a
 * discount or a ticket's serviceFee, and an update must send them again.
 */
export interface SentStore {
  recall(kind: 'tickets' | 'discounts', eventId: string, id: string): FieldValues | undefined;
  remember(kind: 'tickets' | 'discounts', eventId: string, id: string, fields: FieldValues): Promise<void>;
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
  return tickets.flatMap((ticket) =>
    (ticket.discounts ?? []).flatMap((element) => {
      const record = (element !== null && typeof element === 'object' ? element : {}) as Record<string, unknown>;
      const id = record.discountId ?? record.id;
      if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return [];
      const view = {
        discountName: textOrUndefined(record.discountName),
        discountCategory: textOrUndefined(record.discountCategory),
        discountType: textOrUndefined(record.discountType),
        discount: numberOrUndefined(record.discount),
        fromQuantity: numberOrUndefined(record.fromQuantity),
        toQuantity: numberOrUndefined(record.toQuantity),
      };
      return [{ id: String(id), ticketId: String(ticket.id), view: Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) }];
    }),
  );
}

/** The automatic discounts of `ticketId` that a rule discount of the file describes. */
export function matchingRuleDiscounts(discounts: readonly PublicDiscount[], spec: DiscountSpec, ticketId: string): PublicDiscount[] {
  const fields = ['discountCategory', 'discountType', 'discount', 'discountName', 'fromQuantity', 'toQuantity'] as const;
  return discounts.filter(
    (candidate) => candidate.ticketId === ticketId && fields.every((field) => spec[field] === undefined || sameValue(candidate.view[field], spec[field])),
  );
}

/** A record as the file would describe it; a field the service did not return is absent. */
export type RemoteView = Record<string, unknown>;

/**
 * get-tickets (2.11) in the file's terms: the one read-back view, but a ticket on sale is
 * `active` there (add-ticket's word) where update-ticket says `published`.
 */
export function ticketView(ticket: OrganizerTicket): RemoteView {
  const { status, ...view } = readBack(TICKET_TABLE, ticket);
  if (status === 'published') return { ...view, status: 'active' };
  return status === 'pause' ? { ...view, status } : view;
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
