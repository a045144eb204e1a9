// `boxoffice insights EVENT_ID [--watch INTERVAL]`: the event read from the service through the
// export machinery, then, with --watch, refreshed at the interval for two reads a refresh.
import { join } from 'node:path';
import { RateLimitError } from '../../../client/errors.js';
import { exportSource } from '../../../export/checkpoint.js';
import { progressAndNotices } from '../../../export/progress.js';
import { formatCount } from '../../../util/count.js';
import { sumMoney } from '../../../util/money.js';
import { EventWatcher, READS_PER_REFRESH, readEventLive, type RefreshChange } from '../../../insights/live.js';
import { eventSales, type InsightsReport } from '../../../insights/report.js';
import { configDirectory } from '../../config/store.js';
import type { CommandContext } from '../../context.js';
import { formatDuration } from '../../../util/duration.js';
import { withPermissionExplained } from '../../permission.js';
import { checkWatchInterval } from '../../watch-interval.js';
import { HOURLY_READ_QUOTA } from '../../../util/live-quotas.js';
import { openSession } from '../../session.js';
import { DEFAULT_PREFETCH, attendeeListRefused } from '../attendees/shared.js';
import type { InsightsOptions } from './shared.js';
import { showReport, type WatchedSoFar } from './show.js';
import { wallTime } from '../../../insights/dates.js';

function costLine(intervalMs: number): string {
  const perHour = Math.round((READS_PER_REFRESH * 3_600_000) / intervalMs);
  return (
    `watching: every ${formatDuration(intervalMs)} a refresh reads the sales report and the attendee list past the orders seen: ` +
    `${READS_PER_REFRESH} reads, ${formatCount(perHour)} an hour (the live service allows ${HOURLY_READ_QUOTA}); Ctrl-C stops`
  );
}

export async function runLiveInsights(options: InsightsOptions & { eventId: string }, context: CommandContext): Promise<void> {
  const { eventId } = options;
  const { deps } = context;
  const { io } = deps;
  const { progress, notice } = progressAndNotices(io.stderr, io.stderrIsTTY, () => deps.clock.now().getTime());
  const session = await openSession(context, { token: true, maxWaitMs: options.maxWaitMs, notice });
  try {
    if (options.watchMs !== undefined) checkWatchInterval(options.watchMs, session.profile.apiUrl as string, READS_PER_REFRESH);
    // Beside the config: an interrupted read resumes from its checkpoint on the next run.
    const workPath = join(configDirectory(deps.env), 'insights-work', `${session.profileName}-${eventId.replace(/[^\w.-]/g, '_')}.ndjson`);
    const live = await withPermissionExplained(attendeeListRefused(eventId), () =>
      readEventLive(eventId, {
        api: session.client.events,
        workPath,
        source: exportSource(session.profile.apiUrl as string, session.profile.token as string),
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
    let watcher: EventWatcher | undefined;
    const reportNow = (): InsightsReport => ({
      eventId,
      title: live.facts.title,
      currency: live.facts.currency,
      timezone: live.facts.timezone,
      generatedAt: deps.clock.now().toISOString(),
      source: { kind: 'live', reads },
      figures: live.figures.figures(),
      sales: eventSales(live.facts.tickets, watcher?.lastReport ?? live.facts.report),
    });
    if (options.watchMs === undefined) return await showReport(reportNow(), options, context, null);

    watcher = new EventWatcher(session.client.events, eventId, live.figures, live.listStart);
    reads += await watcher.start();
    const first = reportNow();
    await showReport(first, options, context, null);
    io.stderr.write(`${costLine(options.watchMs)}\n`);
    const watched: WatchedSoFar = {
      since: wallTime(Date.parse(first.generatedAt), first.timezone).slice(11),
      change: { newOrders: 0, newAttendees: 0, revenue: 0, cancellations: 0, reads: 0, unread: 0 },
    };
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
      watched.change = {
        ...change,
        newOrders: watched.change.newOrders + change.newOrders,
        newAttendees: watched.change.newAttendees + change.newAttendees,
        revenue: sumMoney([watched.change.revenue, change.revenue]),
        cancellations: watched.change.cancellations + change.cancellations,
      };
      await showReport(reportNow(), options, context, change, watched);
    }
  } finally {
    await session.client.close();
  }
}
