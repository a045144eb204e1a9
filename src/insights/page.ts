// The self-contained insights page: one HTML file with the charts inline as SVG, each with its
// numbers in a table, and its styles inline. No script, no external address of any kind (the
// Content-Security-Policy forbids every load), so it works from file:// and offline, and prints.
import type { RenderedChart } from './charts.js';
import { wallTime } from './dates.js';
import { formatCount, formatMoney, formatShare } from './format.js';
import type { InsightsReport } from './report.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

const STYLE = `
  :root { color-scheme: light; }
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  h1 { font-size: 1.6rem; margin-bottom: .2rem; }
  .meta { color: #555; margin-top: 0; }
  dl.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .8rem; margin: 1.5rem 0; }
  dl.totals div { border: 1px solid #ddd; border-radius: 6px; padding: .6rem .8rem; }
  dl.totals dt { color: #555; font-size: .85rem; }
  dl.totals dd { margin: 0; font-size: 1.3rem; font-weight: 600; }
  section { margin: 2.5rem 0; break-inside: avoid; page-break-inside: avoid; }
  figure { margin: 0; overflow-x: auto; }
  figure svg { max-width: 100%; height: auto; }
  table { border-collapse: collapse; margin-top: .8rem; font-size: .9rem; }
  caption { text-align: left; color: #555; padding-bottom: .3rem; white-space: nowrap; }
  th, td { border-bottom: 1px solid #e5e5e5; padding: .25rem .8rem .25rem 0; text-align: left; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
  footer { color: #777; font-size: .8rem; margin-top: 3rem; }
  @media print {
    body { margin: 0; max-width: none; }
  }
`;

/** A count, a share or an amount ("1,234", "8.1%", "INR 1,234.50"): right-aligned. */
const NUMBER_CELL = /^(?:[A-Z]{3}\s)?-?[\d,]+(?:\.\d+)?%?$/;

function tableHtml(chart: RenderedChart): string {
  const isNumber = (cell: string): boolean => NUMBER_CELL.test(cell.trim());
  const numericColumn = chart.table.columns.map((_, column) => chart.table.rows.length > 0 && chart.table.rows.every((row) => isNumber(row[column] ?? '')));
  const head = chart.table.columns
    .map((name, column) => `<th scope="col"${numericColumn[column] ? ' class="number"' : ''}>${escapeHtml(name)}</th>`)
    .join('');
  const body = chart.table.rows
    .map((row) => `<tr>${row.map((cell, column) => `<td${numericColumn[column] ? ' class="number"' : ''}>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table><caption>${escapeHtml(chart.title)}: the numbers</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** An SVG from vega, labelled for screen readers (the table beside it holds the numbers). */
function figureHtml(chart: RenderedChart): string {
  const svg = chart.svg.replace(/^<svg /, `<svg role="img" aria-labelledby="${chart.id}-title" `);
  return `<figure data-chart="${chart.id}">${svg}</figure>`;
}

export function pageHtml(report: InsightsReport, charts: readonly RenderedChart[]): string {
  const { figures, currency } = report;
  const totals: [string, string][] = [
    ['orders', formatCount(figures.totals.orders)],
    ['attendees', formatCount(figures.totals.attendees)],
    ['revenue', formatMoney(figures.totals.revenue, currency)],
    ['cancelled', `${formatShare(figures.totals.cancelledShare)} (${formatCount(figures.totals.cancelled)})`],
    ['checked in', `${formatShare(figures.totals.checkedInShare)} (${formatCount(figures.totals.checkedIn)})`],
  ];
  const freeText = figures.questions.filter((question) => question.answers === null);
  const sections = charts.map(
    (chart) => `<section id="${chart.id}" aria-labelledby="${chart.id}-title">
<h2 id="${chart.id}-title">${escapeHtml(chart.title)}</h2>
${figureHtml(chart)}
${tableHtml(chart)}
</section>`,
  );
  const source = report.source.kind === 'file' ? `the export ${report.source.file ?? ''}` : `the service (${formatCount(report.source.reads ?? 0)} reads)`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(report.title)}: insights</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(report.title)}</h1>
<p class="meta">Dates in ${escapeHtml(report.timezone)}${currency === null ? '' : `, amounts in ${escapeHtml(currency)}`}. Made ${escapeHtml(wallTime(Date.parse(report.generatedAt), report.timezone).slice(0, 16))}.</p>
</header>
<main>
<dl class="totals">
${totals.map(([name, value]) => `<div><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('\n')}
</dl>
${sections.join('\n')}
${freeText.length === 0 ? '' : `<section id="free-text"><h2>Free-text questions</h2><p>Too many different answers to chart: ${freeText.map((question) => `${escapeHtml(question.question)} (${formatCount(question.answered)} answers)`).join(', ')}.</p></section>`}
</main>
<footer>From ${escapeHtml(source)}. Made by boxoffice insights.</footer>
</body>
</html>
`;
}
