// `boxoffice attendees export EVENT_ID [-o FILE] [--format csv|json|ndjson] [--resume]
// [--max-wait DURATION]`: the whole attendee list (E11) as one flat file, exact under either
// paging semantics, streamed, written aside and renamed, resumable (src/export).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { ConnectionError, RateLimitError, ServerBusyError, UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { writeJson } from '../../output/json.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../../export/checkpoint.js';
import { exportAttendees } from '../../../export/export-attendees.js';
import { formatCount, silentProgress, terminalProgress } from '../../../export/progress.js';
import { createRateLimitWaiter } from '../../../export/rate-limit.js';
import { formatDuration } from '../../../util/duration.js';
import { openSession } from '../../session.js';

export interface AttendeesExportOptions {
  eventId: string;
  output?: string;
  format: ExportFormat;
  resume: boolean;
  maxWaitMs: number;
  /** Batches requested ahead of the one being written. */
  prefetch: number;
}

interface ExportFlags {
  output?: string;
  format?: ExportFormat;
  resume?: boolean;
  maxWait: string;
  prefetch: string;
}

export const DEFAULT_MAX_WAIT = '10m';
export const DEFAULT_PREFETCH = 2;

export function registerExportCommand(group: Command, context: CommandContext): void {
  group
    .command('export')
    .description('export every attendee of an event as CSV, JSON or NDJSON (one row per ticket)')
    .argument('<eventId>', 'the event whose attendees to export')
    .option('-o, --output <file>', 'write to FILE (atomically, resumable); default: stdout')
    .addOption(
      new Option('--format <format>', 'csv, json (one array) or ndjson (one object a line); default: from the -o extension, else csv')
        .choices(EXPORT_FORMATS),
    )
    .option('--resume', 'continue an interrupted export to the same -o FILE from its last completed batch')
    .option('--max-wait <duration>', 'longest total wait for the service\'s rate limit (E023), e.g. 90s, 10m, 1h', DEFAULT_MAX_WAIT)
    .option('--prefetch <n>', 'batches requested ahead while one is written (0 = one request at a time)', String(DEFAULT_PREFETCH))
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice attendees export 123456 -o attendees.csv\n' +
        '  boxoffice attendees export 123456 --format ndjson | jq .attendeeEmail\n' +
        '  boxoffice attendees export 123456 -o attendees.csv --resume --max-wait 1h\n' +
        '\nCSV cells starting with = + - @, a tab or a carriage return get a leading \' so that\n' +
        'spreadsheets show them as text (plain numbers such as -12.5 are left alone).\n',
    )
    .action(async (eventId: string, flags: ExportFlags) => {
      await runAttendeesExport(await exportOptionsFrom(eventId, flags, context.globals().json), context);
    });
}

/** Flags → options, refusing bad input before anything is sent. */
export async function exportOptionsFrom(eventId: string, flags: ExportFlags, json: boolean): Promise<AttendeesExportOptions> {
  const id = eventId.trim();
  if (id === '') throw new UsageError('EVENT_ID: must not be empty', 'eventId');
  const output = flags.output?.trim();
  if (flags.output !== undefined && !output) throw new UsageError('--output: must name a file', '--output');
  if (output !== undefined && !existsSync(dirname(resolve(output)))) {
    throw new UsageError(`--output: the directory ${dirname(resolve(output))} does not exist`, '--output');
  }
  if (flags.resume && output === undefined) {
    throw new UsageError('--resume: needs -o FILE (an export to stdout keeps no checkpoint)', '--resume');
  }
  const format = flags.format ?? formatFromExtension(output) ?? (json && output === undefined ? 'json' : 'csv');
  if (json && output === undefined && format !== 'json') {
    throw new UsageError(`--format ${format}: with --json and no -o, stdout carries the rows as one JSON document; use --format json or -o FILE`, '--format');
  }
  const prefetch = Number(flags.prefetch);
  if (!Number.isInteger(prefetch) || prefetch < 0 || prefetch > 8) {
    throw new UsageError(`--prefetch: expected a whole number from 0 to 8, got "${flags.prefetch}"`, '--prefetch');
  }
  return { eventId: id, output, format, resume: flags.resume === true, maxWaitMs: parseDuration(flags.maxWait, '--max-wait'), prefetch };
}

function formatFromExtension(path: string | undefined): ExportFormat | undefined {
  const extension = path?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  if (extension === 'ndjson' || extension === 'jsonl') return 'ndjson';
  return undefined;
}

function shellQuote(text: string): string {
  return /^[\w./:@%+=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export async function runAttendeesExport(options: AttendeesExportOptions, context: CommandContext): Promise<void> {
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
      : `boxoffice attendees export ${shellQuote(options.eventId)} -o ${shellQuote(options.output)} --format ${options.format} --resume`;

  try {
    const expectedAttendees = io.stderrIsTTY ? await expectedAttendeeCount(session.client, options.eventId) : undefined;
    const summary = await exportAttendees(
      { eventId: options.eventId, format: options.format, outputPath: options.output, resume: options.resume, prefetch: options.prefetch },
      {
        // The signal drops a prefetched request the export no longer needs.
        fetchBatch: async (range, signal) => (await session.client.events.attendeeList(range, { signal })).attendee,
        onFailure: waiter.onFailure,
        stdout: io.stdout,
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
    const count = formatCount;
    io.stderr.write(
      `exported ${count(summary.attendees)} attendees from ${count(summary.orders)} orders ` +
        `(${count(summary.duplicatesDropped)} repeated records dropped) in ${count(summary.batches)} batches, ` +
        `${formatDuration(summary.elapsedMs)}${summary.file === null ? '' : ` → ${summary.file}`}\n`,
    );
  } catch (error) {
    progress.finish();
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
