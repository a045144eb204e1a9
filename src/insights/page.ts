// The self-contained insights page: one HTML file with the charts inline as SVG, each with its numbers in a table, and its styles inline. No script, no
// external address of any kind (the Content-Security-Policy forbids every load), so it works from file:// and offline, and prints.
import { basename } from 'node:path';
import type { RenderedChart } from './charts.js';
import { escapeHtml } from '../util/loopback.js';
import { wallTime } from './dates.js';
import { formatCount, formatMoney } from '../util/count.js';
import { ARRIVED, PAID_BY_BUYERS, TICKET_SALES, formatShare, type InsightsReport } from './report.js';

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; margin: 1.5rem auto; max-width: 96rem; padding: 0 1rem; color: #222; }
  h1 { font-size: 1.6rem; margin-bottom: .2rem; overflow-wrap: anywhere; }
  h2 { font-size: 1.1rem; margin: 0 0 .6rem; overflow-wrap: anywhere; }
  .meta { color: #555; margin-top: 0; }
  dl.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr)); gap: .8rem; margin: 1.5rem 0; }
  dl.totals div { border: 1px solid #ddd; border-radius: 6px; padding: .6rem .8rem; }
  dl.totals dt { color: #555; font-size: .85rem; }
  dl.totals dd { margin: 0; font-size: 1.3rem; font-weight: 600; overflow-wrap: anywhere; }
  dl.totals dd small { display: block; font-size: .75rem; font-weight: normal; color: #555; }
  .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 34rem), 1fr)); gap: 1.5rem; align-items: start; }
  .charts section { min-width: 0; border: 1px solid #e5e5e5; border-radius: 6px; padding: 1rem; break-inside: avoid; page-break-inside: avoid; }
  figure { margin: 0; }
  figure svg { display: block; width: 100%; height: auto; }
  .note { color: #555; font-size: .85rem; margin: .4rem 0 0; }
  details { margin-top: .6rem; }
  summary { cursor: pointer; color: #3465a4; font-size: .9rem; }
  .table { overflow-x: auto; }
  table { border-collapse: collapse; margin-top: .4rem; font-size: .9rem; }
  th, td { border-bottom: 1px solid #e5e5e5; padding: .25rem .8rem .25rem 0; text-align: left; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  footer { color: #777; font-size: .8rem; margin-top: 3rem; }
  @media print {
    body { margin: 0; max-width: none; }
    .charts { display: block; }
    .charts section { margin-bottom: 1rem; }
  }
`;

/** A count, a share or an amount ("1,234", "8.1%", "1,234.50 INR"): right-aligned. */
const NUMBER_CELL = /^-?[\d,]+(?:\.\d+)?%?(?:\s[A-Z]{3})?$/;

function tableHtml(chart: RenderedChart): string {
  const isNumber = (cell: string): boolean => NUMBER_CELL.test(cell.trim());
  const numericColumn = chart.table.columns.map((_, column) => chart.table.rows.length > 0 && chart.table.rows.every((row) => isNumber(row[column] ?? '')));
  const head = chart.table.columns.map((name, column) => `<th scope="col"${numericColumn[column] ? ' class="number"' : ''}>${escapeHtml(name)}</th>`).join('');
  const body = chart.table.rows
    .map((row) => `<tr>${row.map((cell, column) => `<td${numericColumn[column] ? ' class="number"' : ''}>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  // Folded under the chart: the numbers are there to be read out or copied, not to crowd the grid.
  return `<details><summary>The numbers</summary><div class="table"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div></details>`;
}

/** A total: its name, its value, and what it is where the name alone would not say. */
type Total = [name: string, value: string, what?: string];

function totalsOf(report: InsightsReport): Total[] {
  const { figures, currency, sales } = report;
  const totals: Total[] = [
    ['orders', formatCount(figures.totals.orders)],
    ['attendees', formatCount(figures.totals.attendees)],
    [PAID_BY_BUYERS, formatMoney(figures.totals.revenue, currency), 'the orders’ cost, fees and tax included'],
  ];
  if (sales !== null) {
    totals.push([TICKET_SALES, formatMoney(sales.ticketSales, currency), 'for the organizer: after discounts, before fees and tax']);
    const { total } = sales.sellThrough;
    if (total.share !== null)
      totals.push(['sell-through', formatShare(total.share), `${formatCount(total.sold)} of ${formatCount(total.onSale)} tickets sold`]);
  }
  totals.push(
    ['cancelled', `${formatShare(figures.totals.cancelledShare)} (${formatCount(figures.totals.cancelled)})`],
    ['checked in', `${formatShare(figures.totals.checkedInShare)} (${formatCount(figures.totals.checkedIn)})`],
  );
  const { arrivals } = report;
  if (arrivals !== undefined) {
    const share = arrivals.expected === 0 ? formatCount(arrivals.arrived) : formatShare(arrivals.arrived / arrivals.expected);
    totals.push([ARRIVED, share, `${formatCount(arrivals.arrived)} of ${formatCount(arrivals.expected)} expected, let in at the door`]);
  }
  return totals;
}

/** Where the figures came from, without the machine's paths (the page is sent to others). */
function sourceText(report: InsightsReport): string {
  if (report.source.kind === 'live') return `the service (${formatCount(report.source.reads ?? 0)} reads)`;
  return report.source.file === undefined ? 'an attendee export' : `the attendee export ${basename(report.source.file)}`;
}

/** `madeBy`: the program that made the page, as the footer names it. */
export function pageHtml(report: InsightsReport, charts: readonly RenderedChart[], madeBy: string): string {
  const { figures, currency } = report;
  const freeText = figures.questions.filter((question) => question.answers === null);
  // Each SVG labelled for screen readers (the table beside it holds the numbers).
  const sections = charts.map(
    (chart) => `<section id="${chart.id}" aria-labelledby="${chart.id}-title">
<h2 id="${chart.id}-title">${escapeHtml(chart.title)}</h2>
<figure data-chart="${chart.id}">${chart.svg.replace(/^<svg /, `<svg role="img" aria-labelledby="${chart.id}-title" `)}</figure>
${chart.note === undefined ? '' : `<p class="note">${escapeHtml(chart.note)}</p>\n`}${tableHtml(chart)}
</section>`,
  );
  const totalHtml = ([name, value, what]: Total): string =>
    `<div><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}${what === undefined ? '' : `<small>${escapeHtml(what)}</small>`}</dd></div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(report.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(report.title)}</h1>
<p class="meta">Sales insights. Dates in ${escapeHtml(report.timezone)}${currency === null ? '' : `, amounts in ${escapeHtml(currency)}`}. Made ${escapeHtml(wallTime(Date.parse(report.generatedAt), report.timezone).slice(0, 16))}.</p>
</header>
<main>
<dl class="totals">
${totalsOf(report).map(totalHtml).join('\n')}
</dl>
${sections.length === 0 ? '<p>No sales yet: nothing to chart.</p>' : `<div class="charts">\n${sections.join('\n')}\n</div>`}
${freeText.length === 0 ? '' : `<section id="free-text"><h2>Free-text questions</h2><p>Too many different answers to chart: ${freeText.map((question) => `${escapeHtml(question.question)} (${formatCount(question.answered)} answers)`).join(', ')}.</p></section>`}
</main>
<footer>From ${escapeHtml(sourceText(report))}. Made by ${escapeHtml(madeBy)}.</footer>
</body>
</html>
`;
}
