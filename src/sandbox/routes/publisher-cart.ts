// P7 cart-calculation and the checks P8 generate-order shares with it: which tickets, how many,
// whether they can be bought now, and the price (pricing.ts).
import type * as z from 'zod';
import type { cartData } from '../../client/schemas/index.js';
import type { SandboxDatabase } from '../db/index.js';
import { SandboxError } from '../errors.js';
import { priceCart, type CartLineInput, type PricedCart, type ServiceFeeMode } from '../pricing.js';
import { saleWindow, ticketsLeft, type EventRow, type TicketRow } from '../db/events.js';
import { discountsOfEvent, visibleTickets } from './publisher-store.js';

export interface CheckedLine {
  ticket: TicketRow;
  quantity: number;
  discountCode: string;
}

/** 'yyyy-mm-dd HH:MM' in UTC: the form sale windows are compared in. */
export function minuteOf(now: Date): string {
  return now.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The cart's lines after the checks both P7 and P8 make:
 * T001 no tickets, or a ticket not of this event (field names it); T004 every quantity 0;
 * T001 (HTTP 409) a ticket not on sale, below minQuantity, above maxQuantity, or more than left.
 * Lines with quantity 0 are dropped; the same ticket twice is refused (T001).
 */
export function checkCart(db: SandboxDatabase, event: EventRow, request: z.output<typeof cartData>, now: Date): CheckedLine[] {
  if (request.tickets.length === 0) throw new SandboxError('T001', { field: 'data.tickets' });
  const tickets = new Map(visibleTickets(db, event.id).map((ticket) => [ticket.id, ticket]));
  const seen = new Set<number>();
  const minute = minuteOf(now);
  const lines: CheckedLine[] = [];
  request.tickets.forEach((line, index) => {
    const field = `data.tickets.${index}`;
    const ticket = tickets.get(line.ticketId);
    if (!ticket) {
      throw new SandboxError('T001', {
        description: `invalid request; ticket ${line.ticketId} is not a ticket of event ${event.id}`,
        field: `${field}.ticketId`,
      });
    }
    if (seen.has(ticket.id)) {
      throw new SandboxError('T001', { description: `invalid request; ticket ${ticket.id} is listed twice`, field: `${field}.ticketId` });
    }
    seen.add(ticket.id);
    if (line.quantity === 0) return;
    const refuse = (reason: string) =>
      new SandboxError('T001', { description: `ticket ${ticket.id} (${ticket.name}): ${reason}`, field: `${field}.quantity`, httpStatus: 409 });
    if (ticket.status === 'pause') throw refuse('sales are paused');
    const { startsAt, endsAt } = saleWindow(ticket);
    if (minute < startsAt) throw refuse(`not on sale before ${startsAt}`);
    if (minute > endsAt) throw refuse(`sales ended at ${endsAt}`);
    const left = ticketsLeft(ticket);
    if (left === 0) throw refuse('sold out');
    if (line.quantity > left) throw refuse(`only ${left} left`);
    if (line.quantity < ticket.min_quantity) throw refuse(`at least ${ticket.min_quantity} per order`);
    if (line.quantity > ticket.max_quantity) throw refuse(`at most ${ticket.max_quantity} per order`);
    lines.push({ ticket, quantity: line.quantity, discountCode: line.discountCode });
  });
  if (lines.length === 0) throw new SandboxError('T004', { field: 'data.tickets' });
  return lines;
}

/** Prices checked lines with the event's discounts as they stand now. */
export function priceLines(db: SandboxDatabase, event: EventRow, lines: readonly CheckedLine[], now: Date): PricedCart {
  const discounts = discountsOfEvent(db, event.id);
  const inputs: CartLineInput[] = lines.map((line) => ({
    ticket: { id: line.ticket.id, price: line.ticket.price ?? 0, serviceFee: line.ticket.service_fee as ServiceFeeMode },
    quantity: line.quantity,
    discountCode: line.discountCode,
    discounts: discounts.filter((discount) => discount.ticket_id === line.ticket.id),
  }));
  return priceCart(inputs, minuteOf(now));
}
