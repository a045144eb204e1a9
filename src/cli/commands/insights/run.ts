// Runs `boxoffice insights` once its flags are checked (src/insights/run.ts), shown by ./show.ts. The session, the work file beside the config and the words
// about the watch's cost are the CLI's.
import { join } from 'node:path';
import { exportSource } from '../../../export/checkpoint.js';
import { progressAndNotices } from '../../../export/progress.js';
import { READS_PER_REFRESH } from '../../../insights/live.js';
import { arrivalCounts } from '../../../checkin/attendees.js';
import { openCheckinDatabase, hasTable } from '../../../checkin/database.js';
import type { SyncDatabase } from '../../../sync/destination.js';
import { refuseOtherService, serviceOf } from '../../../sync/source.js';
import { liveReports, reportOfFile, type ReadArrivals } from '../../../insights/run.js';
import { CutShortExportError } from '../../../insights/read-export.js';
import { withNotes } from '../../../client/errors.js';
import { formatCount } from '../../../util/count.js';
import { formatDuration } from '../../../util/duration.js';
import { withSmallHeap } from '../../../util/heap.js';
import { HOURLY_READ_QUOTA } from '../../../client/live-quotas.js';
import { configDirectory } from '../../../session/config/store.js';
import type { CommandContext } from '../../framework/context.js';
import { explainPermission } from '../../../session/permission.js';
import { confirmReplace } from '../../framework/prompt.js';
import { openSession } from '../../../session/session.js';
import { checkWatchInterval } from '../../framework/duration.js';
import { DEFAULT_PREFETCH, attendeeListRefused } from '../attendees/shared.js';
import type { InsightsOptions } from './insights.js';
import { showReport } from './show.js';

function costLine(intervalMs: number): string {
  const perHour = Math.round((READS_PER_REFRESH * 3_600_000) / intervalMs);
  return (
    `watching: every ${formatDuration(intervalMs)} a refresh reads the sales report and the attendee list past the orders seen: ` +
    `${READS_PER_REFRESH} reads, ${formatCount(perHour)} an hour (the live service allows ${HOURLY_READ_QUOTA}); Ctrl-C stops`
  );
}

/** The arrivals of `db` (--db), counted again for each report. */
const arrivalsOf = (db: SyncDatabase | undefined, eventId: string): ReadArrivals | undefined => db && (() => arrivalCounts(db, eventId));

async function runLiveInsights(options: InsightsOptions & { eventId: string }, context: CommandContext, db?: SyncDatabase): Promise<void> {
  const { eventId } = options;
  const { deps } = context;
  const { io } = deps;
  const { progress, notice } = progressAndNotices(io.stderr, io.stderrIsTTY, () => deps.clock.now().getTime());
  const session = await openSession(context, { token: true, maxWaitMs: options.maxWaitMs, notice });
  try {
    if (options.watchMs !== undefined) checkWatchInterval(options.watchMs, session.profile.apiUrl as string, READS_PER_REFRESH);
    // The arrivals of another service's event of the same id are not this event's.
    if (db && (await hasTable(db, 'boxoffice_sync_sources')))
      await refuseOtherService(db, { eventId, service: serviceOf(session.profile.apiUrl as string), flag: '--db' });
    const steps = liveReports({
      ...options,
      arrivals: arrivalsOf(db, eventId),
      clock: deps.clock,
      read: {
        api: session.client.events,
        // Beside the config: an interrupted read resumes from its checkpoint on the next run.
        workPath: join(configDirectory(deps.env), 'insights-work', `${session.profileName}-${eventId.replace(/[^\w.-]/g, '_')}.ndjson`),
        source: exportSource(session.profile.apiUrl as string, session.profile.token as string),
        progress,
        notice,
        signal: deps.signal,
        now: () => deps.clock.now().getTime(),
        stdout: io.stdout,
        prefetch: DEFAULT_PREFETCH,
        currency: options.currency,
        timezone: options.timezone,
      },
    });
    let shown = 0;
    try {
      for await (const step of steps) {
        if ('skipped' in step) {
          io.stderr.write(`refresh skipped: rate limited (${step.skipped.code}); trying again in ${formatDuration(options.watchMs ?? 0)}\n`);
          continue;
        }
        await showReport(step, options, context);
        if (shown === 0 && options.watchMs !== undefined) io.stderr.write(`${costLine(options.watchMs)}\n`);
        shown += 1;
      }
    } catch (error) {
      // An E008 of the first read: the event is another account's.
      throw shown === 0 ? explainPermission(error, attendeeListRefused(eventId)) : error;
    }
  } finally {
    await session.client.close();
  }
}

export async function runInsights(options: InsightsOptions, context: CommandContext): Promise<void> {
  // Asked before anything is read: a read of the service costs its quota.
  if (options.output !== undefined && options.destination === 'file' && !options.force) {
    await confirmReplace(options.output, context, 'nothing read');
  }
  const { from, db: destination, eventId } = options;
  const { deps } = context;
  // Refused before the service is read: the database must hold the event's synced list, as at the door.
  const db = destination === undefined || eventId === undefined ? undefined : await openCheckinDatabase(destination, eventId, 'read');
  try {
    await withSmallHeap(async () => {
      if (from === undefined) return runLiveInsights({ ...options, eventId: eventId as string }, context, db);
      const arrivals = eventId === undefined ? undefined : arrivalsOf(db, eventId);
      const report = await reportOfFile(from, { ...options, arrivals, now: deps.clock.now(), signal: deps.signal }).catch((error: unknown) => {
        throw error instanceof CutShortExportError ? withNotes(error, { next: 'export it again (boxoffice attendees export EVENT_ID -o FILE)' }) : error;
      });
      await showReport({ report, change: null }, options, context);
    });
  } finally {
    await db?.close();
  }
}
