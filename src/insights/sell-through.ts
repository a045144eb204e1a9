// Sell-through: how much of what is on sale has sold, per ticket and for the event. Sold is the
// sales report's count per ticket (E10); on sale is the ticket's capacity (E8, ticketCapacity:
// `initialQuantity`, as `quantity` may be what is left). A report line names its ticket by id,
// or where the ids differ in kind (a code), by name.
import type { OrganizerTicket, ReportResponse } from '../client/index.js';
import { ticketCapacity } from '../client/schemas/index.js';

/** sold ÷ on sale, rounded to 3 places; null when nothing is on sale. */
function shareOf(sold: number, onSale: number): number | null {
  return onSale > 0 ? Math.round((sold / onSale) * 1000) / 1000 : null;
}

export function sellThrough(tickets: readonly OrganizerTicket[], report: Pick<ReportResponse, 'tickets'>) {
  const rows = tickets.map((ticket) => {
    const byId = report.tickets.filter((line) => String(line.ticketId) === String(ticket.id));
    const lines = byId.length > 0 ? byId : report.tickets.filter((line) => line.ticketName === ticket.typeName);
    const sold = lines.reduce((sum, line) => sum + (Number(line.tickets) || 0), 0);
    const onSale = ticketCapacity(ticket);
    return { ticketId: String(ticket.id), ticket: ticket.typeName, sold, onSale, share: shareOf(sold, onSale) };
  });
  const sold = rows.reduce((sum, row) => sum + row.sold, 0);
  const onSale = rows.reduce((sum, row) => sum + row.onSale, 0);
  return { tickets: rows, total: { sold, onSale, share: shareOf(sold, onSale) } };
}
