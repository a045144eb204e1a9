// What one run of insights produces, from which the terminal summary, the JSON document, the page
// and the SVGs are drawn; and the words they share.
import type { OrganizerTicket, ReportResponse } from '../client/index.js';
import type { InsightsFigures } from './figures.js';
import { sellThrough } from './sell-through.js';
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
 * What the service's sales report and ticket list add to a live read: `ticketSales` is the
 * report's `amount` (what the tickets sold for after discounts, fees and tax excluded),
 * `platformFee` what buyers paid the platform on top of the ticket price.
 */
export function eventSales(tickets: readonly OrganizerTicket[], report: ReportResponse) {
  return { ticketSales: Number(report.amount) || 0, platformFee: Number(report.platformFee ?? 0) || 0, sellThrough: sellThrough(tickets, report) };
}

export interface InsightsReport {
  eventId: string | null;
  /** The event's name where known. */
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
