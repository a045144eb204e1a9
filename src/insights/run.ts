// One run of insights as data: the report of an export file, or the reports of an event read from the service (with a watch interval, one more after each
// refresh), each with the arrivals at the door when a check-in table is read (`--db`). The CLI presents them and words what they say.
import { basename } from 'node:path';
import { RateLimitError } from '../client/errors.js';
import type { ArrivalCounts } from '../checkin/attendees.js';
import type { ExportFormat } from '../export/formats.js';
import { figuresClock, machineTimezone, wallTime } from './dates.js';
import { FiguresAccumulator } from './figures.js';
import { EventWatcher, readEventLive, type LiveReadEnvironment, type RefreshChange } from './live.js';
import { sumMoney } from '../util/money.js';
import { readExportRows } from './read-export.js';
import { eventSales, type InsightsReport } from './report.js';

/** Counts the arrivals at the door now (the check-in table of `--db`). */
export type ReadArrivals = () => Promise<ArrivalCounts>;

type FileReportSettings = { eventId?: string; arrivals?: ReadArrivals; currency?: string; timezone?: string; now: Date; signal: AbortSignal };

/** The report of an attendee export (`--from`): the service is not read. */
export async function reportOfFile(file: { path: string; format: ExportFormat }, settings: FileReportSettings): Promise<InsightsReport> {
  const timezone = settings.timezone ?? machineTimezone();
  const figures = new FiguresAccumulator(figuresClock(timezone, undefined, () => settings.now.getTime()));
  for await (const row of readExportRows(file.path, file.format, settings.signal)) figures.add(row);
  return {
    eventId: settings.eventId ?? null,
    title: settings.eventId === undefined ? basename(file.path) : `Event ${settings.eventId}`,
    currency: settings.currency ?? null,
    timezone,
    generatedAt: settings.now.toISOString(),
    source: { kind: 'file', file: file.path },
    figures: figures.figures(),
    sales: null,
    arrivals: await settings.arrivals?.(),
  };
}

/** The changes of every refresh since the watch began (`since`: its wall time), added up. */
type WatchedSoFar = { since: string; change: RefreshChange };

/** A report to show (`change`: what its refresh brought, null for the first), or a refresh skipped. */
export type LiveStep = { report: InsightsReport; change: RefreshChange | null; watched?: WatchedSoFar } | { skipped: RateLimitError };

/** `watchMs`: refresh every this many ms; undefined: one report. */
type LiveReportSettings = { eventId: string; read: LiveReadEnvironment; watchMs?: number; arrivals?: ReadArrivals; clock: WatchClock };
type WatchClock = { now(): Date; sleep(ms: number, signal?: AbortSignal): Promise<void> };

/** The event read from the service; with a watch interval, refreshed until the read's signal fires (a refresh the rate limit refuses is skipped). */
export async function* liveReports(settings: LiveReportSettings): AsyncGenerator<LiveStep> {
  const { eventId, read, clock, watchMs } = settings;
  const live = await readEventLive(eventId, read);
  let reads = live.reads;
  const watcher = watchMs === undefined ? undefined : new EventWatcher(read.api, eventId, live.figures, live.listStart);
  if (watcher !== undefined) reads += await watcher.start();
  const reportNow = async (): Promise<InsightsReport> => ({
    eventId,
    title: live.facts.title,
    currency: live.facts.currency,
    timezone: live.facts.timezone,
    generatedAt: clock.now().toISOString(),
    source: { kind: 'live', reads },
    figures: live.figures.figures(),
    sales: eventSales(live.facts.tickets, watcher?.lastReport ?? live.facts.report),
    arrivals: await settings.arrivals?.(),
  });
  const first = await reportNow();
  yield { report: first, change: null };
  if (watcher === undefined || watchMs === undefined) return;
  const watched: WatchedSoFar = {
    since: wallTime(Date.parse(first.generatedAt), first.timezone).slice(11),
    change: { newOrders: 0, newAttendees: 0, revenue: 0, cancellations: 0, reads: 0, unread: 0 },
  };
  for (;;) {
    await clock.sleep(watchMs, read.signal);
    let change: RefreshChange;
    try {
      change = await watcher.refresh();
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      yield { skipped: error };
      continue;
    }
    reads += change.reads;
    watched.change = {
      ...change,
      newOrders: watched.change.newOrders + change.newOrders,
      newAttendees: watched.change.newAttendees + change.newAttendees,
      revenue: sumMoney([watched.change.revenue, change.revenue]),
      cancellations: watched.change.cancellations + change.cancellations,
    };
    yield { report: await reportNow(), change, watched };
  }
}
