// Runs `boxoffice insights` once its flags are checked: read (an export file, or the service
// through the export machinery), count, then show — terminal summary or JSON, plus the page and
// SVGs when asked — and with --watch, refresh at the interval for two reads a refresh.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { RateLimitError, UsageError } from '../../../client/errors.js';
import { createRateLimitWaiter } from '../../../export/rate-limit.js';
import { formatCount, silentProgress, terminalProgress } from '../../../export/progress.js';
import { machineTimezone } from '../../../insights/dates.js';
import { FiguresAccumulator } from '../../../insights/figures.js';
import { formatMoney } from '../../../insights/format.js';
import { EventWatcher, READS_PER_REFRESH, figuresClock, readEventLive, type RefreshChange } from '../../../insights/live.js';
import { readExportRows } from '../../../insights/read-export.js';
import { reportDocument, type InsightsReport } from '../../../insights/report.js';
import { terminalSummary } from '../../../insights/terminal.js';
import { configDirectory } from '../../config/store.js';
import type { CommandContext } from '../../context.js';
import { formatDuration } from '../../duration.js';
import { notYourEvent, withPermissionExplained } from '../../permission.js';
import { isLoopbackHost } from '../../secure-url.js';
import { openSession } from '../../session.js';
import { DEFAULT_PREFETCH } from '../attendees/export.js';
import type { InsightsOptions } from './insights.js';

/** The live service's read quota (cli-contract "Real-world tolerance"). */
export const HOURLY_READ_QUOTA = 30;

/**
 * Refuses a --watch interval whose refreshes alone would spend more than the hourly read quota.
 * The built-in sandbox (a loopback address) applies no quota unless started with --limits.
 */
export function checkWatchInterval(intervalMs: number, apiUrl: string): void {
  if (isLoopbackHost(new URL(apiUrl).hostname)) return;
  const perHour = (READS_PER_REFRESH * 3_600_000) / intervalMs;
  if (perHour <= HOURLY_READ_QUOTA) return;
  const shortest = Math.ceil((READS_PER_REFRESH * 3_600_000) / HOURLY_READ_QUOTA);
  throw new UsageError(
    `--watch ${formatDuration(intervalMs)}: each refresh costs ${READS_PER_REFRESH} reads, ${Math.ceil(perHour)} an hour, over the ` +
      `service's quota of ${HOURLY_READ_QUOTA} read calls an hour; use --watch ${formatDuration(shortest)} or longer`,
    '--watch',
  );
}

export function costLine(intervalMs: number): string {
  const perHour = Math.round((READS_PER_REFRESH * 3_600_000) / intervalMs);
  return (
    `watching: every ${formatDuration(intervalMs)} a refresh reads the sales report and the attendee list past the orders seen: ` +
    `${READS_PER_REFRESH} reads, ${formatCount(perHour)} an hour (the live service allows ${HOURLY_READ_QUOTA}); Ctrl-C stops`
  );
}

export function changeLine(change: RefreshChange, at: string, currency: string | null): string {
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
  const { chartsOf, renderCharts } = await import('../../../insights/charts.js');
  const charts = await renderCharts(chartsOf(report));
  const written: string[] = [];
  if (options.output !== undefined) {
    const { pageHtml } = await import('../../../insights/page.js');
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

async function show(report: InsightsReport, options: InsightsOptions, context: CommandContext, change: RefreshChange | null): Promise<void> {
  const { io } = context.deps;
  const asData = context.globals().json || !io.stdoutIsTTY;
  const written = await writeCharts(report, options);
  if (asData) {
    const document = options.watchMs === undefined ? reportDocument(report) : { ...reportDocument(report), change };
    // One document; under --watch one a line (NDJSON), so that each refresh can be read as it comes.
    io.stdout.write(options.watchMs === undefined ? `${JSON.stringify(document, null, 2)}\n` : `${JSON.stringify(document)}\n`);
  } else {
    const clear = options.watchMs === undefined ? '' : '\x1b[H\x1b[2J';
    const news = change === null ? '' : `\n${changeLine(change, report.generatedAt.slice(11, 19), report.currency)}\n`;
    io.stdout.write(`${clear}${terminalSummary(report)}${news}`);
  }
  for (const line of written) io.stderr.write(`${line}\n`);
}

async function fromFile(options: InsightsOptions & { from: NonNullable<InsightsOptions['from']> }, context: CommandContext): Promise<void> {
  const { deps } = context;
  const timezone = options.timezone ?? machineTimezone();
  const now = deps.clock.now();
  const figures = new FiguresAccumulator(figuresClock(timezone, undefined, now.getTime()));
  for await (const row of readExportRows(options.from.path, options.from.format, deps.signal)) figures.add(row);
  const report: InsightsReport = {
    eventId: options.eventId ?? null,
    title: options.eventId === undefined ? basename(options.from.path) : `Event ${options.eventId}`,
    currency: options.currency ?? null,
    timezone,
    generatedAt: now.toISOString(),
    source: { kind: 'file', file: options.from.path },
    figures: figures.figures(),
  };
  await show(report, options, context, null);
}

export async function runInsights(options: InsightsOptions, context: CommandContext): Promise<void> {
  if (options.from !== undefined) return fromFile({ ...options, from: options.from }, context);
  const eventId = options.eventId as string;
  const { deps } = context;
  const { io } = deps;
  const session = await openSession(context, { token: true });
  try {
    if (options.watchMs !== undefined) checkWatchInterval(options.watchMs, session.profile.apiUrl as string);
    const progress = io.stderrIsTTY ? terminalProgress(io.stderr, () => deps.clock.now().getTime()) : silentProgress;
    const notice = (line: string): void => {
      progress.finish();
      io.stderr.write(`${line}\n`);
    };
    const waiter = createRateLimitWaiter({ maxWaitMs: options.maxWaitMs, sleep: (ms, signal) => deps.clock.sleep(ms, signal), notice, signal: deps.signal });
    const workPath = join(configDirectory(deps.env), 'insights-work', `${session.profileName}-${eventId.replace(/[^\w.-]/g, '_')}.ndjson`);
    const live = await withPermissionExplained(notYourEvent(eventId, 'read its attendee list'), () =>
      readEventLive(eventId, {
        api: session.client.events,
        workPath,
        onFailure: waiter.onFailure,
        progress,
        notice,
        signal: deps.signal,
        now: () => deps.clock.now().getTime(),
        stdout: io.stdout,
        prefetch: DEFAULT_PREFETCH,
        currency: options.currency,
        timezone: options.timezone,
      }),
    );
    let reads = live.reads;
    const reportNow = (): InsightsReport => ({
      eventId,
      title: live.facts.title,
      currency: live.facts.currency,
      timezone: live.facts.timezone,
      generatedAt: deps.clock.now().toISOString(),
      source: { kind: 'live', reads },
      figures: live.figures.figures(),
    });
    if (options.watchMs === undefined) return await show(reportNow(), options, context, null);

    const watcher = new EventWatcher(session.client.events, eventId, live.figures);
    reads += await watcher.start();
    await show(reportNow(), options, context, null);
    io.stderr.write(`${costLine(options.watchMs)}\n`);
    for (;;) {
      await deps.clock.sleep(options.watchMs, deps.signal);
      let change: RefreshChange;
      try {
        change = await watcher.refresh();
      } catch (error) {
        if (!(error instanceof RateLimitError)) throw error;
        io.stderr.write(`refresh skipped: rate limited (${error.code}); trying again in ${formatDuration(options.watchMs)}\n`);
        continue;
      }
      reads += change.reads;
      await show(reportNow(), options, context, change);
    }
  } finally {
    await session.client.close();
  }
}
