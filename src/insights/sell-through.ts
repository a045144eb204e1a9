// Sell-through: how much of what is on sale has sold, per ticket and for the event. Sold is the
// sales report's count per ticket (E10); on sale is the ticket's quantity from the ticket list
// (E8, see onSaleOf). A report line names its ticket by id, or where the ids differ in kind (a
// code), by name.
import type { OrganizerTicket, ReportResponse } from '../client/index.js';

interface TicketSellThrough {
  ticketId: string;
  ticket: string;
  sold: number;
  onSale: number;
  /** sold ÷ on sale, rounded to 3 places; null when nothing is on sale. */
  share: number | null;
}

export interface SellThrough {
  tickets: TicketSellThrough[];
  total: { sold: number; onSale: number; share: number | null };
}

function shareOf(sold: number, onSale: number): number | null {
  return onSale > 0 ? Math.round((sold / onSale) * 1000) / 1000 : null;
}

/**
 * How many of a ticket are on sale. The reference's service (and the sandbox) gives `quantity` as
 * the number on sale as last set; the live service, as public clients read it, as the number left,
 * falling as tickets sell, `initialQuantity` staying the number first offered. A quantity below the
 * first offered that, with the tickets sold, does not exceed it is read as what is left (on sale:
 * the first offered, tickets held by unpaid orders included); a quantity at or above the first
 * offered, or one that with the sold exceeds it, as on sale — unless fewer are on sale than sold,
 * which only a number left can mean.
 */
function onSaleOf(quantity: number, initialQuantity: number | undefined, sold: number): number {
  if (initialQuantity === undefined || !(initialQuantity > 0) || quantity >= initialQuantity) return quantity;
  if (quantity + sold <= initialQuantity) return initialQuantity;
  return sold > quantity ? quantity + sold : quantity;
}

export function sellThrough(tickets: readonly OrganizerTicket[], report: Pick<ReportResponse, 'tickets'>): SellThrough {
  const rows = tickets.map((ticket): TicketSellThrough => {
    const byId = report.tickets.filter((line) => String(line.ticketId) === String(ticket.id));
    const lines = byId.length > 0 ? byId : report.tickets.filter((line) => line.ticketName === ticket.typeName);
    const sold = lines.reduce((sum, line) => sum + (Number(line.tickets) || 0), 0);
    const initial = ticket.initialQuantity === null || ticket.initialQuantity === undefined ? undefined : Number(ticket.initialQuantity);
    const onSale = onSaleOf(Number(ticket.quantity) || 0, Number.isFinite(initial) ? initial : undefined, sold);
    return { ticketId: String(ticket.id), ticket: ticket.typeName, sold, onSale, share: shareOf(sold, onSale) };
  });
  const sold = rows.reduce((sum, row) => sum + row.sold, 0);
  const onSale = rows.reduce((sum, row) => sum + row.onSale, 0);
  return { tickets: rows, total: { sold, onSale, share: shareOf(sold, onSale) } };
}
