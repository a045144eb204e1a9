// --sync INTERVAL: `attendees sync`'s own run every INTERVAL, on a connection of its own, while the
// door keeps answering from the database. One process syncs a destination at a time (the sync's
// run lock): a door that finds another syncing only reads. A failed run is shown and tried again.
import { attendeeListFetcher } from '../../../client/paginate.js';
import { openDestination, type SyncDatabase } from '../../../sync/destination.js';
import { READS_PER_INCREMENTAL_RUN } from '../../../sync/plan.js';
import { changesText, runSync, type SyncEnvironment } from '../../../sync/run-sync.js';
import { migrate } from '../../../sync/schema.js';
import { checkSource, serviceOf } from '../../../sync/source.js';
import { countOf } from '../../../util/count.js';
import { formatDuration } from '../../../util/duration.js';
import type { CommandContext } from '../../framework/context.js';
import { openSession } from '../../../session/session.js';
import { checkWatchInterval } from '../../framework/duration.js';
import { formatClockTime } from './answer.js';
import type { CheckinOptions } from './checkin.js';

export type BackgroundSync = Awaited<ReturnType<typeof openBackgroundSync>>;

/** Opens the session and the sync's connection (refusing a token or an interval now, before the view). */
export async function openBackgroundSync(options: CheckinOptions & { syncMs: number }, context: CommandContext) {
  const { deps } = context;
  const every = `sync every ${formatDuration(options.syncMs)}`;
  let plan = every;
  /** The sync's last notice during a run (a wait for the rate limit, a read end of the list). */
  let notice: string | undefined;
  const keepNotice = (line: string): void => {
    notice = line;
  };
  const session = await openSession(context, { token: true, maxWaitMs: 0, notice: keepNotice });
  const apiUrl = session.profile.apiUrl as string;
  let db: SyncDatabase | undefined;
  try {
    checkWatchInterval(options.syncMs, apiUrl, READS_PER_INCREMENTAL_RUN, '--sync');
    db = await openDestination(options.db);
    await migrate(db);
    const readAccount = async () => (await session.client.events.getEvent({ eventId: options.eventId })).event.accountId ?? 'unknown';
    const now = deps.clock.now().toISOString();
    await checkSource(db, { eventId: options.eventId, service: serviceOf(apiUrl), record: true, readAccount, now, notice: keepNotice, flag: '--db' });
  } catch (error) {
    await db?.close();
    await session.client.close();
    throw error;
  }
  const syncDb = db;
  let locked = false;
  const request = { eventId: options.eventId, forceFull: false, fullEveryMs: options.fullEveryMs, maxReads: Number.POSITIVE_INFINITY };
  const sync: SyncEnvironment = {
    db: syncDb,
    fetchBatch: attendeeListFetcher(session.client.events),
    notice: (line) => {
      if (line.startsWith(`sync ${options.eventId} →`)) plan = line.replace(/^sync \S+ → \S+: /, `${every}: `);
      else notice = line;
    },
    signal: deps.signal,
    now: () => deps.clock.now().getTime(),
  };
  /** The two lines the view shows: the last run's outcome, and the plan or why the run failed. */
  const linesAfterRun = async (): Promise<string[]> => {
    try {
      locked ||= await syncDb.lockRuns();
      if (!locked) return ['another sync of this database is running (another door?); this door reads what it writes', notice ?? plan];
      const summary = await runSync(request, sync);
      return [`synced: ${changesText(summary)} (${summary.kind}, ${countOf(summary.reads, 'read')})`, notice ?? plan];
    } catch (error) {
      const failed = `sync failed at ${formatClockTime(deps.clock.now().toISOString())}`;
      return [failed, `the door works from its list · ${(error as Error).message.replace(/\s+/g, ' ')}`];
    } finally {
      notice = undefined;
    }
  };
  return {
    loop: async (report: (lines: string[]) => void, signal: AbortSignal): Promise<void> => {
      while (!signal.aborted) {
        const lines = await linesAfterRun();
        if (signal.aborted) return;
        report(lines);
        await deps.clock.sleep(options.syncMs, signal).catch(() => undefined);
      }
    },
    close: async (): Promise<void> => {
      await syncDb.close();
      await session.client.close();
    },
  };
}
