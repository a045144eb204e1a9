// The terminal summary: totals, a sparkline of the last 30 days and horizontal bars, as plain text.
import { formatCount, formatMoney } from '../util/count.js';
import type { ArrivalCounts } from '../checkin/attendees.js';
import { ARRIVED, NO_CITY, PAID_BY_BUYERS, TICKET_SALES, formatShare, type InsightsReport } from './report.js';

/** No colour: piped, NO_COLOR, TERM=dumb. */
export const PLAIN = { heading: (text: string) => text, chart: (text: string) => text };
export type Paint = typeof PLAIN;

/** On a colour terminal: headings bold, bars and the sparkline cyan. */
export const COLOURED: Paint = {
  heading: (text) => `\x1b[1m${text}\x1b[22m`,
  chart: (text) => (text === '' ? text : `\x1b[36m${text}\x1b[39m`),
};

const SPARK_LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const BAR_WIDTH = 30;
/** Rows shown per bar chart on the terminal (the page and --json have them all). */
const TOP_ROWS = 8;

/** One character per value: the lowest block for 0, the highest for the largest value. */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values);
  const level = (value: number): number => (max === 0 || value <= 0 ? 0 : Math.max(1, Math.round((value / max) * (SPARK_LEVELS.length - 1))));
  return values.map((value) => SPARK_LEVELS[level(value)]).join('');
}

/** A bar `width` characters long at `max`, in eighths of a character. */
export function bar(value: number, max: number, width = BAR_WIDTH): string {
  if (max <= 0 || value <= 0) return '';
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/**
 * Labels padded to one width, bars scaled to `scaleTo` (by default the largest value), each followed by its `text` (by default the count); at most TOP_ROWS
 * rows.
 */
export function barChart(rows: readonly { label: string; value: number; text?: string }[], paint: Paint = PLAIN, scaleTo?: number): string[] {
  const shown = rows.slice(0, TOP_ROWS);
  const labelWidth = Math.min(24, Math.max(0, ...shown.map((row) => row.label.length)));
  const max = scaleTo ?? Math.max(0, ...shown.map((row) => row.value));
  const lines = shown.map((row) => {
    const label = row.label.length > labelWidth ? `${row.label.slice(0, labelWidth - 1)}…` : row.label.padEnd(labelWidth);
    const barText = bar(row.value, max);
    return `  ${label}  ${paint.chart(barText)}${barText ? ' ' : ''}${row.text ?? formatCount(row.value)}`;
  });
  if (rows.length > shown.length) lines.push(`  … and ${formatCount(rows.length - shown.length)} more`);
  return lines;
}

function totalsLines(report: InsightsReport): string[] {
  const { currency, sales } = report;
  const { totals } = report.figures;
  const rows: [string, string][] = [
    ['orders', formatCount(totals.orders)],
    ['attendees', formatCount(totals.attendees)],
    [PAID_BY_BUYERS, `${formatMoney(totals.revenue, currency)} (fees and tax included)`],
  ];
  // Each ticket's sell-through is on its line below; the event's is on the page and in --json.
  if (sales !== null) rows.push([TICKET_SALES, `${formatMoney(sales.ticketSales, currency)} (after discounts, before fees and tax)`]);
  rows.push(
    ['cancelled', `${formatShare(totals.cancelledShare)} (${formatCount(totals.cancelled)} attendees)`],
    ['checked in', `${formatShare(totals.checkedInShare)} (${formatCount(totals.checkedIn)} attendees)`],
  );
  const { arrivals } = report;
  if (arrivals !== undefined) {
    // "25.0% (3 of 12 expected)": the arrivals at the door of the attendees expected.
    const share = arrivals.expected === 0 ? '' : `${formatShare(arrivals.arrived / arrivals.expected)} `;
    rows.push([ARRIVED, `${share}(${formatCount(arrivals.arrived)} of ${formatCount(arrivals.expected)} expected)`]);
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`);
}

/** Arrived of expected per ticket, and arrivals per door. */
function arrivalLines(arrivals: ArrivalCounts, paint: Paint): string[] {
  return [
    '',
    paint.heading(`${ARRIVED} per ticket (of expected)`),
    ...barChart(
      arrivals.tickets.map((ticket) => ({
        label: ticket.ticketName,
        value: ticket.expected === 0 ? 0 : ticket.arrived / ticket.expected,
        text: `${formatCount(ticket.arrived)} of ${formatCount(ticket.expected)}`,
      })),
      paint,
      1, // a full bar: every attendee expected is in
    ),
    `${ARRIVED} per door: ${arrivals.doors.map((door) => `${door.door} ${formatCount(door.arrived)}`).join(' · ') || 'nobody yet'}`,
  ];
}

/** " · 48.3% of 1,200": a ticket's sold of on sale, when the service was read. */
function sellThroughText(report: InsightsReport, ticketName: string): string {
  const ticket = report.sales?.sellThrough.tickets.find((entry) => entry.ticket === ticketName);
  if (ticket?.share === null || ticket?.share === undefined) return '';
  return ` · ${formatShare(ticket.share)} of ${formatCount(ticket.onSale)}`;
}

/** The title, the totals and the sparkline: what a window too short for the summary shows. */
export function compactSummary(report: InsightsReport, paint: Paint = PLAIN): string {
  const { recent } = report.figures;
  const lines = [
    paint.heading(titleLine(report)),
    ...totalsLines(report),
    `orders per day, last ${recent.orders.length} days: ${paint.chart(sparkline(recent.orders))}`,
    '(the window is too short for the full summary; make it taller to see tickets, cities and questions)',
  ];
  return `${lines.join('\n')}\n`;
}

function titleLine(report: InsightsReport): string {
  return `${report.title} · times in ${report.timezone}${report.currency === null ? '' : ` · amounts in ${report.currency}`}`;
}

export function terminalSummary(report: InsightsReport, paint: Paint = PLAIN): string {
  const { figures, currency } = report;
  const recent = figures.recent;
  const recentTotal = recent.orders.reduce((sum, value) => sum + value, 0);
  const lines = [
    paint.heading(titleLine(report)),
    '',
    ...totalsLines(report),
    '',
    `orders per day, last ${recent.orders.length} days (${recent.from} – ${recent.to}): ${formatCount(recentTotal)} orders, at most ${formatCount(Math.max(0, ...recent.orders))} a day`,
    `  ${paint.chart(sparkline(recent.orders))}`,
    ...(report.arrivals === undefined ? [] : arrivalLines(report.arrivals, paint)),
    '',
    paint.heading(`tickets (attendees · ${PAID_BY_BUYERS}${report.sales === null ? '' : ' · sold of on sale'})`),
    ...barChart(
      figures.tickets.map((ticket) => ({
        label: ticket.ticket,
        value: ticket.attendees,
        text: `${formatCount(ticket.attendees)} · ${formatMoney(ticket.revenue, currency)}${sellThroughText(report, ticket.ticket)}`,
      })),
      paint,
    ),
    '',
    paint.heading('cities (orders)'),
    ...barChart(
      figures.cities.map((city) => ({ label: city.city || NO_CITY, value: city.orders })),
      paint,
    ),
  ];
  const freeText: string[] = [];
  for (const question of figures.questions) {
    if (question.answers === null) {
      freeText.push(`${question.question} (${formatCount(question.answered)} answers)`);
      continue;
    }
    const bars = question.answers.map((answer) => ({ label: answer.answer, value: answer.attendees }));
    lines.push('', paint.heading(`${question.question} (${formatCount(question.answered)} of ${formatCount(figures.totals.attendees)} attendees answered)`));
    lines.push(...barChart(bars, paint));
  }
  if (freeText.length > 0) lines.push('', `free-text questions, not charted: ${freeText.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
