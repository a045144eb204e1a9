// One `attendees sync` (or, with --watch, one every INTERVAL; with --check, one comparison):
// the destination opened and migrated, the run locked, the session's attendee list read through
// src/sync, and the outbox delivered to the sinks the flags name.
import { BoxofficeError, DeclinedError, RateLimitError, UsageError } from '../../../client/errors.js';
import { withSmallHeap } from '../../../util/heap.js';
import { checkDestination, type Difference } from '../../../sync/check.js';
import { deliverPending, execSink, forwardSink, jsonSink, type Sink } from '../../../sync/deliver.js';
import { openDestination, type SyncDatabase } from '../../../sync/destination.js';
import { recordReads } from '../../../sync/plan.js';
import { runSync, type SyncSummary } from '../../../sync/run-sync.js';
import { migrate, readMeta, writeMeta } from '../../../sync/schema.js';
import { newForwardSecret } from '../../../sync/sign.js';
import { checkSource, serviceOf } from '../../../sync/source.js';
import { countOf } from '../../../util/count.js';
import { statusLine } from '../../../util/status-line.js';
import { formatDuration } from '../../../util/duration.js';
import type { CommandContext } from '../../context.js';
import { explainPermission } from '../../permission.js';
import { attendeeListFetcher } from '../../../client/paginate.js';
import { openSession, type Session } from '../../session.js';
import { checkWatchInterval } from '../../watch-interval.js';
import { attendeeListRefused } from './shared.js';
import type { AttendeesSyncOptions } from './sync.js';
import { printOut } from '../../deps.js';
import { createPrompter } from '../../prompt.js';

/** What an incremental run costs at most when few orders are new (the watch interval's measure). */
const READS_PER_WATCHED_RUN = 2;
const FORWARD_SECRET_ENV = 'BOXOFFICE_FORWARD_SECRET';

/** The --forward-to signing secret: the environment's, else the one kept in the destination. */
async function forwardSecret(db: SyncDatabase, env: Readonly<Record<string, string | undefined>>): Promise<string> {
  const given = env[FORWARD_SECRET_ENV]?.trim();
  if (given) return given;
  const kept = await readMeta(db, 'forward_secret');
  if (kept !== undefined) return kept;
  const made = newForwardSecret();
  await writeMeta(db, 'forward_secret', made);
  return made;
}

function summaryLine(summary: SyncSummary, label: string): string {
  const counts = summary.changes;
  const changes = `${counts['attendee.added']} added, ${counts['attendee.updated']} updated, ${counts['attendee.cancelled']} cancelled, ${counts['attendee.removed']} removed`;
  const list = summary.listOrder === 'unknown' ? 'list order not yet known' : `list ${summary.listOrder}`;
  return (
    `synced event ${summary.eventId} → ${label}: ${changes}; ${countOf(summary.reads, 'read')} ` +
    `(${summary.kind}${summary.complete ? '' : ', cut short'}; ${list}, ${countOf(summary.ordersInList, 'order')}); ${summary.plan}`
  );
}

async function sinksFor(options: AttendeesSyncOptions, db: SyncDatabase, context: CommandContext, notice: (line: string) => void): Promise<Sink[]> {
  const { deps } = context;
  const sinks: Sink[] = [];
  if (context.globals().json) sinks.push(jsonSink(deps.io.stdout));
  if (options.exec !== undefined) sinks.push(execSink(options.exec, deps.io.stderr, deps.env));
  if (options.forwardTo !== undefined) {
    sinks.push(
      forwardSink({
        url: options.forwardTo,
        secret: await forwardSecret(db, deps.env),
        sleep: (ms, signal) => deps.clock.sleep(ms, signal),
        nowSeconds: () => Math.floor(deps.clock.now().getTime() / 1000),
        notice,
        signal: deps.signal,
      }),
    );
  }
  return sinks;
}

async function runCheck(options: AttendeesSyncOptions, db: SyncDatabase, session: Session, context: CommandContext): Promise<void> {
  const { io } = context.deps;
  const json = context.globals().json;
  const report = (difference: Difference): void => {
    if (json) {
      printOut(io, `${JSON.stringify(difference)}\n`);
      return;
    }
    const fields =
      difference.fields === undefined
        ? ''
        : `: ${Object.entries(difference.fields)
            .map(([name, values]) => `${name} ${JSON.stringify(values.destination)} → ${JSON.stringify(values.list)}`)
            .join(', ')}`;
    printOut(io, `${difference.kind}\t${difference.attendeeKey}${fields}\n`);
  };
  const result = await checkDestination(options.eventId, { db, fetchBatch: attendeeListFetcher(session.client.events), signal: context.deps.signal, report });
  await recordReads(db, context.deps.clock.now().getTime(), result.reads);
  io.stderr.write(
    `checked event ${options.eventId} in ${db.label} against the list (${countOf(result.rows, 'attendee')}, ${countOf(result.reads, 'read')}): ` +
      `${result.differences === 0 ? 'no differences' : countOf(result.differences, 'difference')}\n`,
  );
  if (result.differences > 0) {
    throw new BoxofficeError(`error: ${db.label} differs from the attendee list; \`boxoffice attendees sync ${options.eventId} --to … --full\` reconciles it`);
  }
}

export async function runAttendeesSync(options: AttendeesSyncOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const { io } = deps;
  const db = await openDestination(options.to);
  try {
    await migrate(db);
    if (options.printSecret) {
      printOut(io, `${await forwardSecret(db, deps.env)}\n`);
      return;
    }
    if (!(await db.lockRuns())) {
      throw new UsageError(`--to ${db.label}: another attendees sync is running against it; wait for it to finish`, '--to');
    }
    const session = await openSession(context, { token: true, maxWaitMs: options.maxWaitMs, notice: syncNotice(options, context) });
    try {
      if (options.watchMs !== undefined) checkWatchInterval(options.watchMs, session.profile.apiUrl as string, READS_PER_WATCHED_RUN);
      await checkSource(db, {
        eventId: options.eventId,
        service: serviceOf(session.profile.apiUrl as string),
        record: !options.check,
        readAccount: async () => {
          const { event } = await session.client.events.getEvent({ eventId: options.eventId });
          return event.accountId ?? 'unknown';
        },
        now: deps.clock.now().toISOString(),
        notice: syncNotice(options, context),
      });
      if (options.check) return await withSmallHeap(() => runCheck(options, db, session, context));
      await withSmallHeap(() => syncLoop(options, db, session, context));
    } catch (error) {
      throw explainPermission(error, attendeeListRefused(options.eventId));
    } finally {
      await session.client.close();
    }
  } finally {
    await db.close();
  }
}

/** Under --watch on a terminal, one status line rewritten in place; otherwise a line each. */
function syncNotice(options: AttendeesSyncOptions, context: CommandContext): (line: string) => void {
  const { io } = context.deps;
  if (options.watchMs === undefined || !io.stderrIsTTY) return (line) => io.stderr.write(`${line}\n`);
  return statusLine(io.stderr).show;
}

async function syncLoop(options: AttendeesSyncOptions, db: SyncDatabase, session: Session, context: CommandContext): Promise<void> {
  const { deps } = context;
  const notice = syncNotice(options, context);
  const sinks = await sinksFor(options, db, context, notice);
  let told = false;
  /** Once a process (not on every run of --watch): on a terminal it asks (y/N); otherwise it says so and goes on. */
  const beyondTheHour = async (text: string): Promise<void> => {
    if (told) return;
    told = true;
    if (!context.globals().input) {
      notice(`${text}; a run stopped by the service's rate limit keeps what it read, and the next run continues from there`);
      return;
    }
    notice(text);
    if (!(await createPrompter(deps).confirm({ message: 'Start it?', default: false }))) {
      throw new DeclinedError(`sync of event ${options.eventId} not started: nothing read, ${db.label} unchanged`);
    }
  };
  const once = (): Promise<SyncSummary> =>
    runSync(
      { eventId: options.eventId, forceFull: options.forceFull, fullEveryMs: options.fullEveryMs, maxReads: options.maxReads },
      {
        db,
        fetchBatch: attendeeListFetcher(session.client.events),
        notice,
        afterStep: async () => {
          await deliverPending(db, options.eventId, sinks, deps.signal);
        },
        beyondTheHour,
        signal: deps.signal,
        now: () => deps.clock.now().getTime(),
      },
    );
  if (options.watchMs === undefined) {
    try {
      notice(summaryLine(await once(), db.label));
    } catch (error) {
      if (error instanceof RateLimitError) notice("stopped by the service's rate limit: what was read is kept, and the next run continues from there");
      throw error;
    }
    return;
  }
  for (let first = true; ; first = false) {
    if (!first) await deps.clock.sleep(options.watchMs, deps.signal);
    const time = deps.clock.now().toISOString().slice(11, 19);
    try {
      const summary = await once();
      notice(`${time} ${summaryLine(summary, db.label)}; next in ${formatDuration(options.watchMs)}`);
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      notice(`${time} rate limited (${error.code}); trying again in ${formatDuration(options.watchMs)}`);
    }
  }
}
