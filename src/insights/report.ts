// What one run of insights produces, from which the terminal summary, the JSON document, the page and the SVGs are drawn; and the words they share.
import type { OrganizerTicket, ReportResponse } from '../client/index.js';
import { ticketCapacity } from '../client/schemas/index.js';
import type { InsightsFigures } from './figures.js';
import type { ArrivalCounts } from '../checkin/attendees.js';

/** 0.0812 → "8.1%". */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** The names of the money figures, the same on the terminal and the page. */
export const PAID_BY_BUYERS = 'paid by buyers';
export const TICKET_SALES = 'ticket sales';
/** Attendees let in at the door (`checkin`), on the terminal and the page. */
export const ARRIVED = 'arrived';
export const NO_CITY = 'no city given';

/**
 * How much of what is on sale has sold, per ticket and for the event. Sold is the sales report's count per ticket (E10); on sale is the ticket's capacity (E8,
 * ticketCapacity: `initialQuantity`, as `quantity` may be what is left). A report line names its ticket by id, or where the ids differ in kind (a code), by
 * name. `share`: sold ÷ on sale, to 3 places; null when nothing is on sale.
 */
export function sellThrough(tickets: readonly OrganizerTicket[], report: Pick<ReportResponse, 'tickets'>) {
  const shareOf = (sold: number, onSale: number) => (onSale > 0 ? Math.round((sold / onSale) * 1000) / 1000 : null);
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

/**
 * What the service's sales report and ticket list add to a live read: `ticketSales` is the
 * report's `amount` (what the tickets sold for after discounts, fees and tax excluded),
 * `platformFee` what buyers paid the platform on top of the ticket price.
 */
export function eventSales(tickets: readonly OrganizerTicket[], report: ReportResponse) {
  return { ticketSales: Number(report.amount) || 0, platformFee: Number(report.platformFee ?? 0) || 0, sellThrough: sellThrough(tickets, report) };
}

export interface InsightsReport {
  eventId: string | null;
  title: string;
  currency: string | null;
  timezone: string;
  generatedAt: string;
  /** `file`: an export read with --from; `reads`: the calls sent to the service. */
  source: { kind: 'live' | 'file'; file?: string; reads?: number };
  figures: InsightsFigures;
  /** Null when an export file is read. */
  sales: ReturnType<typeof eventSales> | null;
  /** From the check-in table of `--db`. */
  arrivals?: ArrivalCounts;
}

/** The --json / piped document: the report as data. */
export function reportDocument(report: InsightsReport): Record<string, unknown> {
  const { eventId, title, currency, timezone, generatedAt, source, figures, sales, arrivals } = report;
  return { eventId, title, currency, timezone, generatedAt, source, ...figures, sales, arrivals }; // arrivals: left out of the JSON without --db
}
