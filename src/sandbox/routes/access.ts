// Looking up the event, ticket or discount a request names, and who may touch it (E007, E008,
// E012, E019, E028). Organizers reach only their own events; an administrator may also read
// (never change) every event.
import type { Account } from '../db/accounts.js';
import { findDiscount, findEvent, findTicket, type DiscountRow, type EventRow, type TicketRow } from '../db/events.js';
import type { SandboxDatabase } from '../db/index.js';
import { SandboxError, type SandboxErrorCode } from '../errors.js';
import { idFromCode, type IdKind } from '../id-codes.js';

/** A positive integer id in text, or the code of one (id-codes.ts) when `kind` is given; else undefined. */
function parseId(text: string, kind?: IdKind): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return kind === undefined ? undefined : idFromCode(kind, trimmed);
  const value = Number(trimmed);
  return value > 0 ? value : undefined;
}

function unknown(code: SandboxErrorCode, field: string, text: string): SandboxError {
  return new SandboxError(code, { description: `no ${field} ${JSON.stringify(text.slice(0, 40))}`, field });
}

export type Access = 'read' | 'write';

export function eventFor(db: SandboxDatabase, account: Account, eventIdText: string, access: Access): EventRow {
  const id = parseId(eventIdText, 'event');
  const event = id === undefined ? undefined : findEvent(db, id);
  if (!event) throw unknown('E007', 'eventId', eventIdText);
  const mayRead = access === 'read' && account.role === 'admin';
  if (event.owner_id !== account.id && !mayRead) {
    throw new SandboxError('E008', { description: 'this token is not valid for the given event id', field: 'eventId' });
  }
  return event;
}

export function ticketOf(db: SandboxDatabase, event: EventRow, ticketIdText: string): TicketRow {
  const id = parseId(ticketIdText, 'ticket');
  const ticket = id === undefined ? undefined : findTicket(db, id);
  if (!ticket || ticket.event_id !== event.id) throw unknown('E012', 'ticketId', ticketIdText);
  return ticket;
}

export function discountOf(db: SandboxDatabase, event: EventRow, discountIdText: string): DiscountRow {
  const id = parseId(discountIdText, 'discount');
  const discount = id === undefined ? undefined : findDiscount(db, id);
  if (!discount) throw unknown('E019', 'discountId', discountIdText);
  if (discount.event_id !== event.id) {
    throw new SandboxError('E028', { description: 'discount does not belong to this event', field: 'discountId' });
  }
  return discount;
}
