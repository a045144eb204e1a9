// `boxoffice attendees export EVENT_ID [-o FILE [--force]] [--format csv|json|ndjson] [--resume] [--max-wait DURATION]`: the whole attendee list (E11) as one
// flat file, exact under either paging semantics, streamed, written aside and renamed, resumable (src/export).
import { Option, type Command } from 'commander';
import { ATTENDEE_STATUSES } from '../../../client/schemas/values.js';
import { UsageError } from '../../../client/errors.js';
import { assertExtensionMatches, checkDestination, expectedAttendeeCount, resumableStop, toDestination } from '../../../export/to-destination.js';
import { DEFAULT_MAX_WAIT } from './shared.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { confirmReplace, createPrompter } from '../../framework/prompt.js';
import { completeWith } from '../../framework/completion-values.js';
import { parseDuration } from '../../framework/duration.js';
import { wholeNumber } from '../../framework/params.js';
import { writeJson } from '../../output/index.js';
import { countOf } from '../../../util/count.js';
import { attendeeListRefused, explainPermission } from '../../../session/permission.js';
import { exportSource, type ExportSource } from '../../../export/checkpoint.js';
import { EXPORT_FORMATS, exportFormatOf, type ExportFormat } from '../../../export/formats.js';
import { DEFAULT_PREFETCH, exportAttendees, resumableCheckpoint } from '../../../export/export-attendees.js';
import { progressAndNotices } from '../../../export/progress.js';
import { shellQuote } from '../../../util/shell-word.js';
import { formatDuration } from '../../../util/duration.js';
import { withSmallHeap } from '../../../util/heap.js';
import { attendeeListFetcher } from '../../../client/paginate.js';
import { openSession } from '../../../session/session.js';

type AttendeesExportOptions = Awaited<ReturnType<typeof exportOptionsFrom>>;

type ExportFlags = { output?: string; format?: ExportFormat; resume?: boolean; force?: boolean; maxWait: string; prefetch: string; status?: string[] };

const collectStatuses = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];
export function registerAttendeesExport(group: Command, context: CommandContext, run: RunVerb<AttendeesExportOptions> = runAttendeesExport): void {
  group
    .command('export')
    .description('export every attendee of an event as CSV, JSON or NDJSON (one row per ticket)')
    .argument('<EVENT_ID>', 'the event whose attendees to export')
    .option('-o, --output <file>', 'write to FILE (atomically, resumable) (default: stdout)')
    .addOption(
      new Option('--format <format>', 'csv, json (one array) or ndjson (one object a line) (default: from the -o extension, else csv)').choices(EXPORT_FORMATS),
    )
    .option('--force', 'replace -o FILE if it exists (on a terminal, boxoffice asks instead)')
    .option('--resume', 'continue an interrupted export to the same -o FILE from its last completed batch')
    .option('--max-wait <duration>', "longest total wait for the service's rate limit (E023), e.g. 90s, 10m, 1h", DEFAULT_MAX_WAIT)
    .option('--prefetch <n>', 'batches requested ahead while one is written (0 = one request at a time)', String(DEFAULT_PREFETCH))
    .addOption(
      completeWith(
        new Option('--status <status>', `only attendees with this status: ${ATTENDEE_STATUSES.join(', ')} (repeatable, or comma-separated)`),
        ATTENDEE_STATUSES,
      ).argParser(collectStatuses),
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice attendees export 123456 -o attendees.csv\n' +
        '  boxoffice attendees export 123456 --format ndjson | jq .attendeeEmail\n' +
        '  boxoffice attendees export 123456 -o attendees.csv --resume --max-wait 1h\n' +
        '  boxoffice attendees export 123456 --status attending -o attending.csv\n' +
        '\nThe attendee list is read with the token of the account that owns the event (another\n' +
        "account's token gets E008, exit 3): the token of boxoffice login, or on the sandbox\n" +
        '  export BOXOFFICE_TOKEN=$(boxoffice sandbox token)\n' +
        "\nCSV cells starting with = + - @, a tab or a carriage return get a leading ' so that\n" +
        'spreadsheets show them as text (plain numbers such as -12.5 and phone numbers such as\n' +
        '+49 30 000000 are left alone).\n',
    )
    .action(verbAction(context, run, (eventId: string, flags: ExportFlags) => exportOptionsFrom(eventId, flags, context.globals().json)));
}

/** Flags → options, refusing bad input before anything is sent. */
async function exportOptionsFrom(eventId: string, flags: ExportFlags, json: boolean) {
  const id = eventId.trim();
  if (id === '') throw new UsageError('EVENT_ID: must not be empty', 'EVENT_ID');
  const output = flags.output?.trim();
  if (flags.output !== undefined && !output) throw new UsageError('--output: must name a file', '--output');
  const destination = output === undefined ? undefined : checkDestination(output);
  if (flags.resume && output === undefined) throw new UsageError('--resume: needs -o FILE (an export to stdout keeps no checkpoint)', '--resume');
  if (flags.resume && destination === 'stream') {
    throw new UsageError(`--resume: ${output} is a pipe or a device, written as a stream; such an export keeps no checkpoint`, '--resume');
  }
  const format = flags.format ?? exportFormatOf(output) ?? (json && output === undefined ? 'json' : 'csv');
  if (output !== undefined && destination !== 'stream') assertExtensionMatches(output, format, flags.format !== undefined);
  if (json && output === undefined && format !== 'json') {
    throw new UsageError(`--format ${format}: with --json and no -o, stdout carries the rows as one JSON document; use --format json or -o FILE`, '--format');
  }
  const prefetch = wholeNumber(flags.prefetch, '--prefetch', 0, 8);
  const statuses = (flags.status ?? []).map((status) => status.trim());
  if (statuses.includes('')) throw new UsageError('--status: expected a status such as attending (comma-separated for several)', '--status');
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

/** Readies the destination (all of it before the first request), then runs the export into it. */
async function runAttendeesExport(options: AttendeesExportOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const { io } = deps;
  const now = () => deps.clock.now().getTime();
  const hooks = { now, confirmReplace: (output: string) => confirmReplace(output, context, 'export not started') };
  await toDestination(options, io.stdout, hooks, async (rows, outputPath) => {
    const { progress, notice } = progressAndNotices(io.stderr, io.stderrIsTTY, now);
    const session = await openSession(context, { token: true, maxWaitMs: options.maxWaitMs, notice });
    const source = exportSource(session.profile.apiUrl as string, session.profile.token as string);
    try {
      const resume = options.resume || (await askToResume(options, outputPath, source, context));
      const expectedAttendees = io.stderrIsTTY ? await expectedAttendeeCount(session.client.events, options.eventId) : undefined;
      const summary = await withSmallHeap(() =>
        exportAttendees(
          { ...options, outputPath, resume },
          { fetchBatch: attendeeListFetcher(session.client.events), source, stdout: rows, notice, progress, expectedAttendees, signal: deps.signal, now },
        ),
      );
      if (context.globals().json && outputPath !== undefined) {
        writeJson(io, { status: 'success', ...summary, rateLimitWaitMs: session.waitBudget?.waitedMs ?? 0 });
        return;
      }
      // Pages overlap by design (paginate.ts), so the service sends the order at a page boundary twice: nothing is wrong with the data, and the summary says so
      // in an organizer's words.
      const repeated = summary.duplicatesDropped;
      const dropped =
        repeated > 0 ? ` (the service sent ${countOf(repeated, 'order')} on two pages; ${repeated === 1 ? 'it is' : 'each is'} in the export once)` : '';
      io.stderr.write(
        `exported ${countOf(summary.attendees, 'attendee')} from ${countOf(summary.orders, 'order')}${dropped} ` +
          `in ${formatDuration(summary.elapsedMs)}${summary.file === null ? '' : ` → ${summary.file}`}\n`,
      );
    } catch (error) {
      progress.finish();
      explainPermission(error, attendeeListRefused(options.eventId));
      const stop = resumableStop(options, error, deps.signal.aborted);
      if (stop !== undefined) {
        // The command that continues the export from its checkpoint.
        const statuses = options.statuses.length > 0 ? ` --status ${shellQuote(options.statuses.join(','))}` : '';
        const resume = `boxoffice attendees export ${shellQuote(options.eventId)} -o ${shellQuote(options.output ?? '')} --format ${options.format}${statuses} --resume`;
        io.stderr.write(`${STOPS[stop]}; nothing was written to ${options.output}; the completed batches are kept. Resume with:\n  ${resume}\n`);
      }
      throw error;
    } finally {
      await session.client.close();
    }
  });
}

const STOPS = { interrupted: 'interrupted', 'rate limit': 'stopped by the rate limit', stopped: 'stopped' };

/** On a terminal, offers to continue the checkpoint of an interrupted run of the same export; "no" starts over, as a run without a terminal does. */
async function askToResume(options: AttendeesExportOptions, outputPath: string | undefined, source: ExportSource, context: CommandContext): Promise<boolean> {
  if (outputPath === undefined || !context.globals().input) return false;
  const found = await resumableCheckpoint({ ...options, outputPath }, source);
  if (found === undefined) return false;
  return createPrompter(context.deps).confirm({
    message: `Resume the interrupted export to ${outputPath} (${countOf(found.attendees, 'attendee')} so far)? No starts over`,
    default: true,
  });
}
