// `boxoffice attendees export EVENT_ID [-o FILE [--force]] [--format csv|json|ndjson] [--resume]
// [--max-wait DURATION]`: the whole attendee list (E11) as one flat file, exact under either
// paging semantics, streamed, written aside and renamed, resumable (src/export).
import { constants, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { Option, type Command } from 'commander';
import { ATTENDEE_STATUSES } from '../../../client/schemas/values.js';
import { CancelledError, ConnectionError, RateLimitError, ServerBusyError, UsageError } from '../../../client/errors.js';
import { assertExtensionMatches, assertWorkFilesOurs, checkDestination, type DestinationKind } from '../../../export/destination.js';
import { exportFormatOf } from '../../../export/format-of.js';
import { lockOutput } from '../../../export/output-lock.js';
import { DEFAULT_MAX_WAIT, DEFAULT_PREFETCH, attendeeListRefused } from './shared.js';
import type { CommandContext } from '../../context.js';
import { confirmReplace } from '../../replace-file.js';
import { parseDuration } from '../../duration.js';
import { writeJson } from '../../output/json.js';
import { countOf } from '../../../util/count.js';
import { explainPermission } from '../../permission.js';
import { EXPORT_FORMATS, exportSource, type ExportFormat } from '../../../export/checkpoint.js';
import { exportAttendees } from '../../../export/export-attendees.js';
import { silentProgress, terminalProgress } from '../../../export/progress.js';
import { createRateLimitWaiter } from '../../../export/rate-limit.js';
import { formatDuration } from '../../../util/duration.js';
import { shellQuote } from '../../../util/shell-word.js';
import { openSession } from '../../session.js';


interface AttendeesExportOptions {
  eventId: string;
  output?: string;
  /** How -o FILE is written (see checkDestination). */
  destination?: DestinationKind;
  format: ExportFormat;
  resume: boolean;
  /** Replace an existing -o FILE without asking. */
  force: boolean;
  maxWaitMs: number;
  /** Batches requested ahead of the one being written. */
  prefetch: number;
  /** Only attendees with one of these statuses; every attendee when empty. */
  statuses: string[];
}

interface ExportFlags {
  output?: string;
  format?: ExportFormat;
  resume?: boolean;
  force?: boolean;
  maxWait: string;
  prefetch: string;
  status?: string[];
}

const collectStatuses = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];
export function registerAttendeesExport(group: Command, context: CommandContext): void {
  group
    .command('export')
    .description('export every attendee of an event as CSV, JSON or NDJSON (one row per ticket)')
    .argument('<EVENT_ID>', 'the event whose attendees to export')
    .option('-o, --output <file>', 'write to FILE (atomically, resumable) (default: stdout)')
    .addOption(
      new Option('--format <format>', 'csv, json (one array) or ndjson (one object a line) (default: from the -o extension, else csv)')
        .choices(EXPORT_FORMATS),
    )
    .option('--force', 'replace -o FILE if it exists (on a terminal, boxoffice asks instead)')
    .option('--resume', 'continue an interrupted export to the same -o FILE from its last completed batch')
    .option('--max-wait <duration>', 'longest total wait for the service\'s rate limit (E023), e.g. 90s, 10m, 1h', DEFAULT_MAX_WAIT)
    .option('--prefetch <n>', 'batches requested ahead while one is written (0 = one request at a time)', String(DEFAULT_PREFETCH))
    .option('--status <status>', `only attendees with this status: ${ATTENDEE_STATUSES.join(', ')} (repeatable, or comma-separated)`, collectStatuses)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice attendees export 123456 -o attendees.csv\n' +
        '  boxoffice attendees export 123456 --format ndjson | jq .attendeeEmail\n' +
        '  boxoffice attendees export 123456 -o attendees.csv --resume --max-wait 1h\n' +
        '  boxoffice attendees export 123456 --status attending -o attending.csv\n' +
        '\nThe attendee list is read with the token of the account that owns the event (another\n' +
        'account\'s token gets E008, exit 3): the token of boxoffice login, or on the sandbox\n' +
        '  export BOXOFFICE_TOKEN=$(boxoffice sandbox token)\n' +
        '\nCSV cells starting with = + - @, a tab or a carriage return get a leading \' so that\n' +
        'spreadsheets show them as text (plain numbers such as -12.5 and phone numbers such as\n' +
        '+49 30 000000 are left alone).\n',
    )
    .action(async (eventId: string, flags: ExportFlags) => {
      await runAttendeesExport(await exportOptionsFrom(eventId, flags, context.globals().json), context);
    });
}

/** Flags → options, refusing bad input before anything is sent. */
async function exportOptionsFrom(eventId: string, flags: ExportFlags, json: boolean): Promise<AttendeesExportOptions> {
  const id = eventId.trim();
  if (id === '') throw new UsageError('EVENT_ID: must not be empty', 'EVENT_ID');
  const output = flags.output?.trim();
  if (flags.output !== undefined && !output) throw new UsageError('--output: must name a file', '--output');
  const destination = output === undefined ? undefined : checkDestination(output);
  if (flags.resume && output === undefined) {
    throw new UsageError('--resume: needs -o FILE (an export to stdout keeps no checkpoint)', '--resume');
  }
  if (flags.resume && destination === 'stream') {
    throw new UsageError(`--resume: ${output} is a pipe or a device, written as a stream; such an export keeps no checkpoint`, '--resume');
  }
  const format = flags.format ?? exportFormatOf(output) ?? (json && output === undefined ? 'json' : 'csv');
  if (output !== undefined && destination !== 'stream') assertExtensionMatches(output, format, flags.format !== undefined);
  if (json && output === undefined && format !== 'json') {
    throw new UsageError(`--format ${format}: with --json and no -o, stdout carries the rows as one JSON document; use --format json or -o FILE`, '--format');
  }
  const prefetch = Number(flags.prefetch);
  if (!Number.isInteger(prefetch) || prefetch < 0 || prefetch > 8) {
    throw new UsageError(`--prefetch: expected a whole number from 0 to 8, got "${flags.prefetch}"`, '--prefetch');
  }
  const statuses = (flags.status ?? []).map((status) => status.trim());
  if (statuses.some((status) => status === '')) {
    throw new UsageError('--status: expected a status such as attending (comma-separated for several)', '--status');
  }
  const unknown = statuses.find((status) => !(ATTENDEE_STATUSES as readonly string[]).includes(status));
  if (unknown !== undefined) throw new UsageError(`invalid --status "${unknown}": expected one of ${ATTENDEE_STATUSES.join(', ')}`, '--status');
  return {
    eventId: id,
    output,
    destination,
    format,
    resume: flags.resume === true,
    force: flags.force === true,
    maxWaitMs: parseDuration(flags.maxWait, '--max-wait'),
    prefetch,
    statuses,
  };
}

/**
 * Holds the lock beside -o FILE (refusing when another export to it runs) and makes sure an
 * existing FILE may be replaced, then runs the export; all of it before the first request.
 */
export async function runAttendeesExport(options: AttendeesExportOptions, context: CommandContext): Promise<void> {
  if (options.output === undefined) return exportAttendeeList(options, context);
  if (options.destination === 'stream') return exportToStream(options.output, options, context);
  const lock = await lockOutput(options.output, () => context.deps.clock.now().getTime());
  try {
    assertWorkFilesOurs(options.output);
    if (!options.force && options.destination === 'file') await confirmReplace(options.output, context, 'export not started');
    await exportAttendeeList(options, context);
  } finally {
    await lock.release();
  }
}

/**
 * -o a FIFO or a device (/dev/stdout): the rows are written into it as into stdout, with the work
 * files in a private temporary directory; it is never replaced, --force or not.
 */
async function exportToStream(output: string, options: AttendeesExportOptions, context: CommandContext): Promise<void> {
  // Opened without O_CREAT: if it went away since the check, this fails rather than making a
  // file. A FIFO's open waits (off the main thread) for its reader.
  const handle = await open(output, constants.O_WRONLY);
  const stats = await handle.stat();
  if (!stats.isFIFO() && !stats.isCharacterDevice()) {
    await handle.close();
    throw new UsageError(`--output ${output} changed while it was checked; run again`, '--output');
  }
  const stream = handle.createWriteStream();
  try {
    await exportAttendeeList({ ...options, output: undefined }, context, stream);
    stream.end();
    await finished(stream);
  } finally {
    stream.destroy();
  }
}

async function exportAttendeeList(options: AttendeesExportOptions, context: CommandContext, rows: Writable = context.deps.io.stdout): Promise<void> {
  const { deps } = context;
  const { io } = deps;
  const globals = context.globals();
  const session = await openSession(context, { token: true });
  const notice = (line: string): void => {
    progress.finish();
    io.stderr.write(`${line}\n`);
  };
  const progress = io.stderrIsTTY ? terminalProgress(io.stderr, () => deps.clock.now().getTime()) : silentProgress;
  const waiter = createRateLimitWaiter({
    maxWaitMs: options.maxWaitMs,
    sleep: (ms, signal) => deps.clock.sleep(ms, signal),
    notice,
    signal: deps.signal,
  });
  const resumeCommand =
    options.output === undefined
      ? undefined
      : `boxoffice attendees export ${shellQuote(options.eventId)} -o ${shellQuote(options.output)} --format ${options.format}` +
        `${options.statuses.length > 0 ? ` --status ${shellQuote(options.statuses.join(','))}` : ''} --resume`;

  try {
    const expectedAttendees = io.stderrIsTTY ? await expectedAttendeeCount(session.client, options.eventId) : undefined;
    const summary = await exportAttendees(
      {
        eventId: options.eventId,
        format: options.format,
        outputPath: options.output,
        resume: options.resume,
        prefetch: options.prefetch,
        statuses: options.statuses,
      },
      {
        // The signal drops a prefetched request the export no longer needs.
        fetchBatch: async (range, signal) => (await session.client.events.attendeeList(range, { signal })).attendee,
        source: exportSource(session.profile.apiUrl as string, session.profile.token as string),
        onFailure: waiter.onFailure,
        stdout: rows,
        notice,
        progress,
        expectedAttendees,
        signal: deps.signal,
        now: () => deps.clock.now().getTime(),
      },
    );
    if (globals.json && options.output !== undefined) {
      writeJson(io, { status: 'success', ...summary, rateLimitWaitMs: waiter.waitedMs });
      return;
    }
    const dropped = summary.duplicatesDropped > 0 ? ` (${countOf(summary.duplicatesDropped, 'repeated order')} dropped)` : '';
    io.stderr.write(
      `exported ${countOf(summary.attendees, 'attendee')} from ${countOf(summary.orders, 'order')}${dropped} ` +
        `in ${formatDuration(summary.elapsedMs)}${summary.file === null ? '' : ` → ${summary.file}`}\n`,
    );
  } catch (error) {
    progress.finish();
    explainPermission(error, attendeeListRefused(options.eventId));
    const resumable =
      deps.signal.aborted || error instanceof RateLimitError || error instanceof ConnectionError || error instanceof ServerBusyError;
    if (resumeCommand !== undefined && resumable && existsSync(`${options.output}.checkpoint.json`)) {
      const why = deps.signal.aborted ? 'interrupted' : error instanceof RateLimitError ? 'stopped by the rate limit' : 'stopped';
      io.stderr.write(`${why}; nothing was written to ${options.output}; the completed batches are kept. Resume with:\n  ${resumeCommand}\n`);
    }
    throw error;
  } finally {
    await session.client.close();
  }
}

/** Tickets sold, from the event's report, for the progress bar's ETA; undefined if unknown. */
async function expectedAttendeeCount(
  client: { events: { getReport(request: { eventId: string }): Promise<{ tickets: readonly { tickets: number }[] }> } },
  eventId: string,
): Promise<number | undefined> {
  try {
    const report = await client.events.getReport({ eventId });
    const total = report.tickets.reduce((sum, line) => sum + line.tickets, 0);
    return total > 0 ? total : undefined;
  } catch {
    return undefined;
  }
}
