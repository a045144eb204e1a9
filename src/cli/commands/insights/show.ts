// Showing a report: the terminal summary or the JSON document on stdout, and the page and SVGs when asked for (vega is loaded only then).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { countOf, formatCount, formatMoney } from '../../../util/count.js';
import { wallTime } from '../../../insights/dates.js';
import type { RefreshChange } from '../../../insights/live.js';
import type { LiveStep } from '../../../insights/run.js';
import { reportDocument, type InsightsReport } from '../../../insights/report.js';
import { COLOURED, compactSummary, PLAIN, terminalSummary, type Paint } from '../../../insights/terminal.js';
import { colorAllowed } from '../../output/rows.js';
import type { CommandContext } from '../../framework/context.js';
import type { InsightsOptions } from './insights.js';
import { chartsOf, renderCharts } from '../../../insights/charts.js';
import { pageHtml } from '../../../insights/page.js';
import { printOut } from '../../../session/deps.js';

const ANSI_STYLE = /\x1b\[[\d;]*m/g;
/** A terminal's size when it does not say (a classic VT100's). */
const DEFAULT_COLUMNS = 80;
const DEFAULT_ROWS = 24;

/**
 * One refresh under --watch, drawn over the previous one from the top corner: lines cut to the width, never more than the window has (one kept for the cursor),
 * so nothing scrolls and no copy piles up; the compact summary when the full one is taller than the window.
 */
function watchFrame(report: InsightsReport, news: readonly string[], columns: number, rows: number, paint: Paint): string {
  const linesOf = (text: string): string[] => [...text.replace(/\n$/, '').split('\n'), ...news];
  const full = linesOf(terminalSummary(report, paint));
  const lines = (full.length < rows ? full : linesOf(compactSummary(report, paint))).slice(0, Math.max(1, rows - 1));
  // A line too wide loses its colour with its end (an escape sequence is never cut in two).
  const cut = (line: string): string => {
    const plain = line.replace(ANSI_STYLE, '');
    return [...plain].length > columns ? `${[...plain].slice(0, columns - 1).join('')}…` : line;
  };
  return `\x1b[H${lines.map((line) => `${cut(line)}\x1b[K`).join('\n')}\n\x1b[J`;
}

/** What came since `lead` ("12:05 since the last refresh"); with `reads`, what the refresh cost and left to read. */
function changeLine(lead: string, change: RefreshChange, currency: string | null, reads: boolean): string {
  const parts = [
    `${lead}: +${countOf(change.newOrders, 'order')} (+${countOf(change.newAttendees, 'attendee')})`,
    `+${formatMoney(change.revenue, currency)}`,
    countOf(change.cancellations, 'cancellation'),
  ];
  if (reads) parts.push(`${change.reads} reads`);
  if (reads && change.unread > 0) parts.push(`${formatCount(change.unread)} more attendees to read at the next refresh`);
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
    const page = pageHtml(report, charts, 'boxoffice insights');
    // A pipe or a device (/dev/stdout) is written into, never replaced.
    if (options.destination === 'stream') await writeFile(options.output, page);
    else await writeAtomically(options.output, page);
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
export async function showReport(step: Extract<LiveStep, { report: unknown }>, options: InsightsOptions, context: CommandContext): Promise<void> {
  const { report, change, watched } = step;
  const { io } = context.deps;
  const asData = context.globals().json || !io.stdoutIsTTY;
  const written = await writeCharts(report, options);
  if (asData) {
    // One document; under --watch one a line (NDJSON), so that each refresh can be read as it comes.
    if (options.watchMs === undefined) printOut(io, `${JSON.stringify(reportDocument(report), null, 2)}\n`);
    else printOut(io, `${JSON.stringify({ ...reportDocument(report), change })}\n`);
  } else {
    const at = wallTime(Date.parse(report.generatedAt), report.timezone).slice(11);
    const news = change === null ? [] : ['', changeLine(`${at} since the last refresh`, change, report.currency, true)];
    // What the watch has seen since it began: stays on screen when a refresh brings nothing new.
    if (watched) news.push(changeLine(`since ${watched.since}`, watched.change, report.currency, false));
    const paint = colorAllowed(context.deps.env) ? COLOURED : PLAIN;
    if (options.watchMs === undefined) printOut(io, terminalSummary(report, paint));
    else printOut(io, watchFrame(report, news, io.columns ?? DEFAULT_COLUMNS, io.rows ?? DEFAULT_ROWS, paint));
  }
  for (const line of written) io.stderr.write(`${line}\n`);
}
