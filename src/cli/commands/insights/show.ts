// Showing a report: the terminal summary or the JSON document on stdout, and the page and SVGs
// when asked for (vega is loaded only then).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatCount } from '../../../util/count.js';
import { wallTime } from '../../../insights/dates.js';
import { formatMoney } from '../../../insights/format.js';
import type { RefreshChange } from '../../../insights/live.js';
import { reportDocument, type InsightsReport } from '../../../insights/report.js';
import { terminalSummary } from '../../../insights/terminal.js';
import type { CommandContext } from '../../context.js';
import type { InsightsOptions } from './shared.js';
import { chartsOf, renderCharts } from '../../../insights/charts.js';
import { pageHtml } from '../../../insights/page.js';

function changeLine(change: RefreshChange, at: string, currency: string | null): string {
  const plural = (count: number, word: string): string => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;
  const parts = [
    `${at} since the last refresh: +${plural(change.newOrders, 'order')} (+${plural(change.newAttendees, 'attendee')})`,
    `+${formatMoney(change.revenue, currency)}`,
    plural(change.cancellations, 'cancellation'),
    `${change.reads} reads`,
  ];
  if (change.unread > 0) parts.push(`${formatCount(change.unread)} more attendees to read at the next refresh`);
  return parts.join(' · ');
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const aside = `${path}.partial`;
  await writeFile(aside, text);
  await rename(aside, path);
}

/** Writes the page and the SVGs asked for; returns the lines to say so. */
async function writeCharts(report: InsightsReport, options: InsightsOptions): Promise<string[]> {
  if (options.output === undefined && options.svgDir === undefined) return [];
  const charts = await renderCharts(chartsOf(report));
  const written: string[] = [];
  if (options.output !== undefined) {
    await writeAtomically(options.output, pageHtml(report, charts));
    written.push(`wrote the insights page: ${options.output}`);
  }
  if (options.svgDir !== undefined) {
    await mkdir(options.svgDir, { recursive: true });
    for (const chart of charts) await writeAtomically(join(options.svgDir, `${chart.id}.svg`), chart.svg);
    written.push(`wrote ${charts.length} charts as SVG into ${options.svgDir}`);
  }
  return written;
}

/** `change`: what the refresh that produced `report` brought (null for the first showing). */
export async function showReport(report: InsightsReport, options: InsightsOptions, context: CommandContext, change: RefreshChange | null): Promise<void> {
  const { io } = context.deps;
  const asData = context.globals().json || !io.stdoutIsTTY;
  const written = await writeCharts(report, options);
  if (asData) {
    // One document; under --watch one a line (NDJSON), so that each refresh can be read as it comes.
    if (options.watchMs === undefined) io.stdout.write(`${JSON.stringify(reportDocument(report), null, 2)}\n`);
    else io.stdout.write(`${JSON.stringify({ ...reportDocument(report), change })}\n`);
  } else {
    // Under --watch on a terminal each refresh redraws the screen in place.
    const clear = options.watchMs === undefined ? '' : '\x1b[H\x1b[2J';
    const at = wallTime(Date.parse(report.generatedAt), report.timezone).slice(11);
    const news = change === null ? '' : `\n${changeLine(change, at, report.currency)}\n`;
    io.stdout.write(`${clear}${terminalSummary(report)}${news}`);
  }
  for (const line of written) io.stderr.write(`${line}\n`);
}
