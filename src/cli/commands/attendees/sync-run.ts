// `attendees sync` as the terminal sees it: src/sync/attendees-sync.ts with the command's session,
// and everything it prints.
import { Help } from 'commander';
import { BoxofficeError, DeclinedError } from '../../../client/errors.js';
import type { Difference } from '../../../sync/check.js';
import type { FeedTally } from '../../../sync/deliver.js';
import { type SyncOutput, syncAttendees } from '../../../sync/attendees-sync.js';
import { changesText, type SyncSummary } from '../../../sync/run-sync.js';
import { countOf } from '../../../util/count.js';
import { formatDuration } from '../../../util/duration.js';
import { READS_PER_INCREMENTAL_RUN } from '../../../sync/plan.js';
import { statusLine } from '../../../util/status-line.js';
import type { CommandContext } from '../../framework/context.js';
import { printOut } from '../../../session/deps.js';
import { explainPermission } from '../../../session/permission.js';
import { openSession } from '../../../session/session.js';
import { createPrompter } from '../../framework/prompt.js';
import { checkWatchInterval } from '../../framework/duration.js';
import { attendeeListRefused } from './shared.js';
import type { AttendeesSyncOptions } from './sync.js';

function feedCounts(feeds: readonly FeedTally[]): string {
  return feeds.map((feed) => `; ${feed.flag}: ${feed.delivered} delivered, ${feed.failed} failed, ${feed.pending} pending`).join('');
}

function summaryLine(summary: SyncSummary, feeds: readonly FeedTally[], label: string): string {
  const list = summary.listOrder === 'unknown' ? 'list order not yet known' : `list ${summary.listOrder}`;
  const changes = Object.entries(summary.changes).map(([type, count]) => `${count} ${type.slice('attendee.'.length)}`);
  return (
    `synced event ${summary.eventId} → ${label}: ${changes.join(', ')}${feedCounts(feeds)}; ${countOf(summary.reads, 'read')} ` +
    `(${summary.kind}${summary.complete ? '' : ', cut short'}; ${list}, ${countOf(summary.ordersInList, 'order')}); ${summary.plan}`
  );
}

/** A watched run on a terminal's status line: what changed and was delivered, in few words. */
function statusText(summary: SyncSummary, feeds: readonly FeedTally[]): string {
  const delivered = feeds.reduce((sum, feed) => sum + feed.delivered, 0);
  const undelivered = feeds.reduce((sum, feed) => sum + feed.pending, 0);
  const fed = feeds.length === 0 ? '' : `; ${delivered} delivered${undelivered > 0 ? `, ${undelivered} pending` : ''}`;
  return `event ${summary.eventId}: ${changesText(summary)}${fed}; ${countOf(summary.reads, 'read')}`;
}

export async function runAttendeesSync(options: AttendeesSyncOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const output = syncOutput(options, context);
  const connect = async () => {
    const session = await openSession(context, { token: true, maxWaitMs: options.maxWaitMs, notice: output.notice });
    const apiUrl = session.profile.apiUrl as string;
    try {
      if (options.watchMs !== undefined) checkWatchInterval(options.watchMs, apiUrl, READS_PER_INCREMENTAL_RUN);
    } catch (error) {
      await session.client.close();
      throw error;
    }
    return { client: session.client, apiUrl };
  };
  const environment = { connect, output, stdout: deps.io.stdout, stderr: deps.io.stderr, env: deps.env, clock: deps.clock, signal: deps.signal };
  await syncAttendees({ ...options, json: context.globals().json }, environment).catch((error: unknown) => {
    throw explainPermission(error, attendeeListRefused(options.eventId));
  });
}

function differenceLine({ kind, attendeeKey, fields }: Difference): string {
  const differing = Object.entries(fields ?? {}).map(([name, values]) => `${name} ${JSON.stringify(values.destination)} → ${JSON.stringify(values.list)}`);
  return `${kind}\t${attendeeKey}${differing.length === 0 ? '' : `: ${differing.join(', ')}`}`;
}

/**
 * What a run prints: the secret and --check's differences on stdout, the rest on stderr. In a
 * script: a line per notice and per run. On a terminal: lines wrapped at word boundaries to its
 * width, a line per delivery (as `stripe listen` prints them), and under --watch one status line
 * for the runs, below a notice said again only when it changes.
 */
function syncOutput(options: AttendeesSyncOptions, context: CommandContext): SyncOutput {
  const { io, clock } = context.deps;
  const tty = io.stderrIsTTY;
  const watching = options.watchMs !== undefined;
  const every = formatDuration(options.watchMs ?? 0);
  const timed = (text: string): string => `${clock.now().toISOString().slice(11, 19)} ${text}`;
  const width = io.columns ?? 80;
  const status = statusLine(io.stderr, width);
  const help = new Help();
  let lastNotice: string | undefined;
  const line = (text: string): void => {
    status.clear();
    io.stderr.write(`${tty ? help.boxWrap(text, width) : text}\n`);
  };
  return {
    secret: (secret) => printOut(io, `${secret}\n`),
    difference: (difference) => printOut(io, `${context.globals().json ? JSON.stringify(difference) : differenceLine(difference)}\n`),
    checked(result, label) {
      io.stderr.write(
        `checked event ${options.eventId} in ${label} against the list (${countOf(result.rows, 'attendee')}, ${countOf(result.reads, 'read')}): ` +
          `${result.differences === 0 ? 'no differences' : countOf(result.differences, 'difference')}\n`,
      );
      if (result.differences > 0) {
        throw new BoxofficeError(`error: ${label} differs from the attendee list; \`boxoffice attendees sync ${options.eventId} --to … --full\` reconciles it`);
      }
    },
    // A plan beyond what is left of the hour: on a terminal it asks (y/N); otherwise it says so and goes on.
    async beyondTheHour(text, label) {
      if (!context.globals().input) {
        line(`${text}; a run stopped by the service's rate limit keeps what it read, and the next run continues from there`);
        return;
      }
      line(text);
      if (!(await createPrompter(context.deps).confirm({ message: 'Start it?', default: false }))) {
        throw new DeclinedError(`sync of event ${options.eventId} not started: nothing read, ${label} unchanged`);
      }
    },
    notice(text) {
      if (tty && watching && text === lastNotice) return;
      lastNotice = text;
      line(text);
    },
    delivered(change, answer) {
      if (tty) line(timed(` [${answer}]  ${change.type.padEnd(18)}  ${change.id}`));
    },
    result(summary, feeds, label) {
      if (!watching) line(summaryLine(summary, feeds, label));
      else if (tty) status.show(timed(`${statusText(summary, feeds)}; next in ${every}`));
      else line(timed(`${summaryLine(summary, feeds, label)}; next in ${every}`));
    },
    feedsStopped: (feeds) => line(`event ${options.eventId}${feedCounts(feeds)}`),
    rateLimited(code) {
      const text = timed(`rate limited (${code}); trying again in ${every}`);
      if (tty) status.show(text);
      else line(text);
    },
  };
}
