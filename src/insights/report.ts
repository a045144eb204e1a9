// What one run of `boxoffice insights` produces: the figures and what they are about (event,
// currency, timezone, source). The terminal summary, the JSON document, the page and the SVGs
// are all drawn from it.
import type { InsightsFigures } from './figures.js';

interface InsightsSource {
  /** `live`: read from the service through the export machinery; `file`: an export read with --from. */
  kind: 'live' | 'file';
  /** The file read (--from). */
  file?: string;
  /** Read calls the service was sent for this report. */
  reads?: number;
}

export interface InsightsReport {
  eventId: string | null;
  /** A heading: the event's name where known. */
  title: string;
  /** ISO 4217 code, when known (the event's tickets, or --currency). */
  currency: string | null;
  /** IANA zone the dates are counted in. */
  timezone: string;
  /** ISO instant. */
  generatedAt: string;
  source: InsightsSource;
  figures: InsightsFigures;
}

/** The --json / piped document: the report as data. */
export function reportDocument(report: InsightsReport): Record<string, unknown> {
  return {
    eventId: report.eventId,
    title: report.title,
    currency: report.currency,
    timezone: report.timezone,
    generatedAt: report.generatedAt,
    source: report.source,
    ...report.figures,
  };
}
