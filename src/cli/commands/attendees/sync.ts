// `boxoffice attendees sync EVENT_ID --to DEST`: the attendee list kept in SQLite or PostgreSQL,
// with a change feed (src/sync; docs/sync.md). The run is in ./sync-run.ts, loaded when it runs.
import type { Command } from 'commander';
import type { AttendeesSyncRequest } from '../../../sync/attendees-sync.js';
import { UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { parseDuration } from '../../framework/duration.js';
import { isHttpUrl, wholeNumber } from '../../framework/params.js';
import { streamsJsonLines } from '../../process/stdout-stream.js';

export interface AttendeesSyncOptions extends Omit<AttendeesSyncRequest, 'json'> {
  maxWaitMs: number;
}

interface SyncFlags {
  to?: string;
  schema?: string;
  full?: boolean;
  fullEvery: string;
  maxReads?: string;
  maxWait: string;
  exec?: string;
  forwardTo?: string;
  watch?: string;
  check?: boolean;
  printSecret?: boolean;
}

export function registerAttendeesSync(group: Command, context: CommandContext, run: RunVerb<AttendeesSyncOptions> = runSyncLoaded): void {
  // With --json the changes are NDJSON on stdout: an error goes to stderr alone.
  streamsJsonLines(group.command('sync'))
    .description('keep a SQLite or PostgreSQL table equal to the attendee list, with a feed of what changed')
    .argument('<EVENT_ID>', 'the event whose attendees to sync')
    .option('--to <dest>', 'a SQLite file, or a postgres://USER@HOST/DB URL (also BOXOFFICE_SYNC_TO)')
    .option('--schema <name>', 'the PostgreSQL schema to keep the tables and the view in (created if absent)')
    .option('--full', 'reconcile the whole list this run (catches cancellations and edits of older orders)')
    .option('--full-every <duration>', 'reconcile the whole list when the last full run is this old (0: every run)', '24h')
    .option('--max-reads <n>', 'attendee-list reads this run may spend at most; a run cut short continues next time')
    .option(
      '--max-wait <duration>',
      "longest total wait of the run for the service's rate limit (E023), a busy service or a dropped connection, whose reads are retried within it",
      '2m',
    )
    .option('--exec <cmd>', 'run CMD once per change, the change as JSON on its standard input')
    .option('--forward-to <url>', 'POST each change to URL, its id and timestamp signed with the body (Boxoffice-Signature)')
    .option('--print-secret', 'print the signing secret of --forward-to (BOXOFFICE_FORWARD_SECRET, else kept in DEST) and exit')
    .option('--watch <interval>', 'sync again every INTERVAL (e.g. 5m); refused when the quota cannot sustain it')
    .option('--check', 'compare DEST with a full read of the list and report the differences; writes nothing')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice attendees sync 123456 --to attendees.db\n' +
        "  boxoffice attendees sync 123456 --to attendees.db --json | jq -c '{type, attendeeKey}'\n" +
        '  boxoffice attendees sync 123456 --to postgres://sync@db.example.org/crm --forward-to https://hooks.example.org/boxoffice\n' +
        '  boxoffice attendees sync 123456 --to attendees.db --watch 5m\n' +
        '  boxoffice attendees sync 123456 --to attendees.db --check\n' +
        '\nWith --json the changes go to stdout as NDJSON (one change a line); everything else goes\n' +
        'to stderr.\n',
    )
    .action(verbAction(context, run, (eventId: string, flags: SyncFlags) => syncOptionsFrom(eventId, flags, context.deps.env)));
}

function syncOptionsFrom(eventId: string, flags: SyncFlags, env: Readonly<Record<string, string | undefined>>): AttendeesSyncOptions {
  const id = eventId.trim();
  if (id === '') throw new UsageError('EVENT_ID: must not be empty', 'EVENT_ID');
  const to = (flags.to ?? env.BOXOFFICE_SYNC_TO ?? '').trim();
  if (to === '') throw new UsageError('--to: name the destination: a SQLite file (attendees.db) or a postgres:// URL', '--to');
  const schema = flags.schema?.trim();
  if (schema !== undefined && (schema === '' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(to))) {
    throw new UsageError(
      `--schema: ${schema === '' ? 'name a schema' : `${to} is a SQLite file, which has no schemas; name a postgres:// URL with --to, or leave --schema out`}`,
      '--schema',
    );
  }
  const maxReads = flags.maxReads === undefined ? Infinity : wholeNumber(flags.maxReads, '--max-reads', 1);
  if (flags.forwardTo !== undefined && !isHttpUrl(flags.forwardTo)) {
    throw new UsageError(`--forward-to: expected an http or https address, got "${flags.forwardTo}"`, '--forward-to');
  }
  if (flags.exec !== undefined && flags.exec.trim() === '') throw new UsageError('--exec: must name a command', '--exec');
  if (flags.check && flags.watch !== undefined) throw new UsageError('--check: compares once; it cannot be combined with --watch', '--check');
  return {
    eventId: id,
    to,
    schema,
    forceFull: flags.full === true,
    fullEveryMs: parseDuration(flags.fullEvery, '--full-every'),
    maxReads,
    maxWaitMs: parseDuration(flags.maxWait, '--max-wait'),
    exec: flags.exec,
    forwardTo: flags.forwardTo,
    watchMs: flags.watch === undefined ? undefined : parseDuration(flags.watch, '--watch', { positive: true }),
    check: flags.check === true,
    printSecret: flags.printSecret === true,
  };
}

async function runSyncLoaded(options: AttendeesSyncOptions, context: CommandContext): Promise<void> {
  const { runAttendeesSync } = await import('./sync-run.js');
  await runAttendeesSync(options, context);
}
