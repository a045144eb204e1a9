// How many of a ticket are on sale in all. The reference types get-tickets' `quantity` and
// `initialQuantity` (2.11) without saying what they count; on the live service `quantity` falls
// as tickets sell (two public clients read it as "tickets left"), so the number offered is
// `initialQuantity`, and `quantity` only where a service sends no `initialQuantity`.
import type { OrganizerTicket } from './resources.js';

/** The number on sale in all (sold, held and left), as a service sends it. */
export function ticketCapacity(ticket: Pick<OrganizerTicket, 'quantity' | 'initialQuantity'>): number {
  const offered = Number(ticket.initialQuantity ?? ticket.quantity);
  return Number.isFinite(offered) ? offered : 0;
}
