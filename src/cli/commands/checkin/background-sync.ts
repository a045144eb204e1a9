// --sync INTERVAL: `attendees sync`'s own run (src/sync/run-sync.ts) every INTERVAL, on a
// connection of its own, while the door keeps answering from the database. One process syncs a
// destination at a time (the sync's run lock): a door that finds another syncing only reads.
// A failed run (the service out of reach, the quota spent) is shown and tried again next time.
import { attendeeListFetcher } from '../../../client/paginate.js';
import { openDestination, type SyncDatabase } from '../../../sync/destination.js';
import { changesText, runSync } from '../../../sync/run-sync.js';
import { READS_PER_INCREMENTAL_RUN } from '../../../sync/plan.js';
import { migrate } from '../../../sync/schema.js';
import { checkSource, serviceOf } from '../../../sync/source.js';
import { countOf } from '../../../util/count.js';
import { formatDuration } from '../../../util/duration.js';
import type { CommandContext } from '../../framework/context.js';
import { openSession, type Session } from '../../../session/session.js';
import { checkWatchInterval } from '../../framework/watch-interval.js';
import { formatClockTime } from './answer.js';
import type { CheckinOptions } from './checkin.js';

export interface BackgroundSync {
  /** Runs until `signal` fires; `report` gets the lines the view shows after each run. */
  loop(report: (lines: string[]) => void, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** Opens the session and the sync's connection (refusing a token or an interval now, before the view). */
export async function openBackgroundSync(options: CheckinOptions & { syncMs: number }, context: CommandContext): Promise<BackgroundSync> {
  const { deps } = context;
  let plan = `sync every ${formatDuration(options.syncMs)}`;
  /** The sync's last notice during a run (a wait for the rate limit, a read end of the list). */
  let notice: string | undefined;
  const session: Session = await openSession(context, {
    token: true,
    maxWaitMs: 0,
    notice: (line) => {
      notice = line;
    },
  });
  let db: SyncDatabase | undefined;
  try {
    checkWatchInterval(options.syncMs, session.profile.apiUrl as string, READS_PER_INCREMENTAL_RUN, '--sync');
    db = await openDestination(options.db);
    await migrate(db);
    await checkSource(db, {
      eventId: options.eventId,
      service: serviceOf(session.profile.apiUrl as string),
      record: true,
      readAccount: async () => (await session.client.events.getEvent({ eventId: options.eventId })).event.accountId ?? 'unknown',
      now: deps.clock.now().toISOString(),
      notice: (line) => {
        notice = line;
      },
      flag: '--db',
    });
  } catch (error) {
    await db?.close();
    await session.client.close();
    throw error;
  }
  const syncDb = db;
  let locked = false;
  const runOnce = async (): Promise<string> => {
    locked ||= await syncDb.lockRuns();
    if (!locked) return 'another sync of this database is running (another door?); this door reads what it writes';
    const summary = await runSync(
      { eventId: options.eventId, forceFull: false, fullEveryMs: options.fullEveryMs, maxReads: Number.POSITIVE_INFINITY },
      {
        db: syncDb,
        fetchBatch: attendeeListFetcher(session.client.events),
        notice: (line) => {
          if (line.startsWith(`sync ${options.eventId} →`)) plan = line.replace(/^sync \S+ → \S+: /, `sync every ${formatDuration(options.syncMs)}: `);
          else notice = line;
        },
        afterStep: async () => undefined,
        signal: deps.signal,
        now: () => deps.clock.now().getTime(),
      },
    );
    return `synced: ${changesText(summary)} (${summary.kind}, ${countOf(summary.reads, 'read')})`;
  };
  /** The two lines the view shows: the last run's outcome, and the plan or why the run failed. */
  const linesAfterRun = async (): Promise<string[]> => {
    try {
      const outcome = await runOnce();
      return [outcome, notice ?? plan];
    } catch (error) {
      const failed = `sync failed at ${formatClockTime(deps.clock.now().toISOString())}`;
      return [failed, `the door works from its list · ${(error as Error).message.replace(/\s+/g, ' ')}`];
    } finally {
      notice = undefined;
    }
  };
  return {
    loop: async (report, signal) => {
      while (!signal.aborted) {
        const lines = await linesAfterRun();
        if (signal.aborted) return;
        report(lines);
        await deps.clock.sleep(options.syncMs, signal).catch(() => undefined);
      }
    },
    close: async () => {
      await syncDb.close();
      await session.client.close();
    },
  };
}
