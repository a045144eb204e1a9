// One `attendees sync` (or, with --watch, one every INTERVAL; with --check, one comparison):
// the destination opened and migrated, the run locked, the session's attendee list read through
// src/sync, and the outbox delivered to the sinks the flags name.
import { BoxofficeError, RateLimitError, UsageError } from '../../../client/errors.js';
import { withSmallHeap } from '../../../util/heap.js';
import { checkDestination, type Difference } from '../../../sync/check.js';
import { deliveryRun, execSink, type FeedTally, forwardSink, jsonSink, type Sink } from '../../../sync/deliver.js';
import { openDestination, type SyncDatabase } from '../../../sync/destination.js';
import { runSync, type SyncSummary } from '../../../sync/run-sync.js';
import { migrate, readMeta, writeMeta } from '../../../sync/schema.js';
import { newForwardSecret } from '../../../sync/sign.js';
import { checkSource, serviceOf } from '../../../sync/source.js';
import { countOf } from '../../../util/count.js';
import { statusLine } from '../../../util/status-line.js';
import type { Change } from '../../../sync/store.js';
import { Help } from 'commander';
import { formatDuration } from '../../../util/duration.js';
import type { CommandContext } from '../../context.js';
import { explainPermission } from '../../permission.js';
import { attendeeListFetcher } from '../../../client/paginate.js';
import { openSession, type Session } from '../../session.js';
import { checkWatchInterval } from '../../watch-interval.js';
import { attendeeListRefused } from './shared.js';
import type { AttendeesSyncOptions } from './sync.js';
import { printOut } from '../../deps.js';

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

function changeCounts(summary: SyncSummary): string {
  const counts = summary.changes;
  return `${counts['attendee.added']} added, ${counts['attendee.updated']} updated, ${counts['attendee.cancelled']} cancelled, ${counts['attendee.removed']} removed`;
}

function feedCounts(feeds: readonly FeedTally[]): string {
  return feeds.map((feed) => `; ${feed.flag}: ${feed.delivered} delivered, ${feed.failed} failed, ${feed.pending} pending`).join('');
}

function summaryLine(summary: SyncSummary, feeds: readonly FeedTally[], label: string): string {
  const list = summary.listOrder === 'unknown' ? 'list order not yet known' : `list ${summary.listOrder}`;
  return (
    `synced event ${summary.eventId} → ${label}: ${changeCounts(summary)}${feedCounts(feeds)}; ${countOf(summary.reads, 'read')} ` +
    `(${summary.kind}${summary.complete ? '' : ', cut short'}; ${list}, ${countOf(summary.ordersInList, 'order')}); ${summary.plan}`
  );
}

/** A watched run on a terminal's status line: what changed and was delivered, in few words. */
function statusText(summary: SyncSummary, feeds: readonly FeedTally[]): string {
  const changed = Object.entries(summary.changes)
    .filter(([, count]) => count > 0)
    .map(([type, count]) => `${count} ${type.slice('attendee.'.length)}`);
  const delivered = feeds.reduce((sum, feed) => sum + feed.delivered, 0);
  const undelivered = feeds.reduce((sum, feed) => sum + feed.pending, 0);
  const fed = feeds.length === 0 ? '' : `; ${delivered} delivered${undelivered > 0 ? `, ${undelivered} pending` : ''}`;
  return `event ${summary.eventId}: ${changed.length === 0 ? 'no changes' : changed.join(', ')}${fed}; ${countOf(summary.reads, 'read')}`;
}

async function sinksFor(
  options: AttendeesSyncOptions,
  db: SyncDatabase,
  session: Session,
  context: CommandContext,
  notice: (line: string) => void,
): Promise<Sink[]> {
  const { deps } = context;
  const sinks: Sink[] = [];
  if (context.globals().json) sinks.push(jsonSink(deps.io.stdout));
  if (options.exec !== undefined) sinks.push(execSink(options.exec, deps.io.stderr, deps.env));
  if (options.forwardTo !== undefined) {
    sinks.push(
      forwardSink({
        url: options.forwardTo,
        secret: await forwardSecret(db, deps.env),
        post: session.client.postRaw,
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
    const output = syncOutput(options, context);
    const session = await openSession(context, { token: true, maxWaitMs: options.maxWaitMs, notice: output.notice });
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
        notice: output.notice,
      });
      if (options.check) return await withSmallHeap(() => runCheck(options, db, session, context));
      await withSmallHeap(() => syncLoop(options, db, session, context, output));
    } catch (error) {
      throw explainPermission(error, attendeeListRefused(options.eventId));
    } finally {
      await session.client.close();
    }
  } finally {
    await db.close();
  }
}

/**
 * What a run prints on stderr. In a script: a line per notice and per run. On a terminal: lines
 * wrapped at word boundaries to its width, a line per delivery (as `stripe listen` prints them),
 * and under --watch one status line for the runs, below a notice said again only when it changes.
 */
interface SyncOutput {
  notice(line: string): void;
  delivered(change: Change, answer: string): void;
  /** A run's result: its summary; under --watch, at what time, and when the next run starts. */
  result(summary: SyncSummary, feeds: readonly FeedTally[], label: string): void;
  /** Under --watch: a run stopped by the service's rate limit. */
  rateLimited(code: string): void;
}

function syncOutput(options: AttendeesSyncOptions, context: CommandContext): SyncOutput {
  const { io } = context.deps;
  const watching = options.watchMs !== undefined;
  const next = `next in ${formatDuration(options.watchMs ?? 0)}`;
  const timed = (text: string): string => `${context.deps.clock.now().toISOString().slice(11, 19)} ${text}`;
  const waiting = (code: string): string => timed(`rate limited (${code}); trying again in ${formatDuration(options.watchMs ?? 0)}`);
  if (!io.stderrIsTTY) {
    const line = (text: string): void => void io.stderr.write(`${text}\n`);
    return {
      notice: line,
      delivered: () => undefined,
      result: (summary, feeds, label) => line(watching ? timed(`${summaryLine(summary, feeds, label)}; ${next}`) : summaryLine(summary, feeds, label)),
      rateLimited: (code) => line(waiting(code)),
    };
  }
  const width = io.columns ?? 80;
  const status = statusLine(io.stderr, width);
  const help = new Help();
  let lastNotice: string | undefined;
  const line = (text: string): void => {
    status.clear();
    io.stderr.write(`${help.boxWrap(text, width)}\n`);
  };
  return {
    notice(text) {
      if (watching && text === lastNotice) return;
      lastNotice = text;
      line(text);
    },
    delivered: (change, answer) => line(timed(` [${answer}]  ${change.type.padEnd(18)}  ${change.id}`)),
    result: (summary, feeds, label) => (watching ? status.show(timed(`${statusText(summary, feeds)}; ${next}`)) : line(summaryLine(summary, feeds, label))),
    rateLimited: (code) => status.show(waiting(code)),
  };
}

async function syncLoop(options: AttendeesSyncOptions, db: SyncDatabase, session: Session, context: CommandContext, output: SyncOutput): Promise<void> {
  const { deps } = context;
  const sinks = await sinksFor(options, db, session, context, output.notice);
  const once = async (): Promise<{ summary: SyncSummary; feeds: FeedTally[] }> => {
    const deliveries = deliveryRun(db, options.eventId, sinks, deps.signal, output.delivered);
    try {
      const summary = await runSync(
        { eventId: options.eventId, forceFull: options.forceFull, fullEveryMs: options.fullEveryMs, maxReads: options.maxReads },
        {
          db,
          fetchBatch: attendeeListFetcher(session.client.events),
          notice: output.notice,
          afterStep: () => deliveries.deliverPending(),
          signal: deps.signal,
          now: () => deps.clock.now().getTime(),
        },
      );
      return { summary, feeds: await deliveries.tally() };
    } catch (error) {
      const feeds = await deliveries.tally();
      if (feeds.some((feed) => feed.failed > 0)) output.notice(`event ${options.eventId}${feedCounts(feeds)}`);
      throw error;
    }
  };
  if (options.watchMs === undefined) {
    try {
      const { summary, feeds } = await once();
      output.result(summary, feeds, db.label);
    } catch (error) {
      if (error instanceof RateLimitError) output.notice("stopped by the service's rate limit: what was read is kept, and the next run continues from there");
      throw error;
    }
    return;
  }
  for (let first = true; ; first = false) {
    if (!first) await deps.clock.sleep(options.watchMs, deps.signal);
    try {
      const { summary, feeds } = await once();
      output.result(summary, feeds, db.label);
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      output.rateLimited(error.code);
    }
  }
}
