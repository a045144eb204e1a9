// `boxoffice insights [EVENT_ID] [--from FILE] [-o report.html] [--svg DIR] [--watch INTERVAL]`: how an event's sales are going — totals, last 30 days,
// tickets, cities and short answers — as a terminal summary, as data (piped or --json), as a self-contained page and as SVGs (src/insights).
import { existsSync, statSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { EXPORT_FORMATS, exportFormatOf, type ExportFormat } from '../../../export/formats.js';
import { assertExtensionSays, checkDestination, type OutputFormat } from '../../../export/to-destination.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import { DEFAULT_MAX_WAIT } from '../attendees/shared.js';
import { runInsights } from './run.js';
import { parseDuration } from '../../framework/duration.js';
import { isKnownTimezone } from '../../../insights/dates.js';

/** The page -o writes: HTML, whatever else the name says. */
const PAGE_FORMAT: OutputFormat = {
  isNamedBy: (path) => /\.html?$/i.test(path),
  extension: '.html',
  description: 'the format (html, the insights page)',
};

type InsightsFlags = Partial<Record<'from' | 'output' | 'svg' | 'watch' | 'currency' | 'timezone' | 'db', string>> & {
  maxWait: string;
  format?: ExportFormat;
  force?: boolean;
};

export function registerInsights(program: Command, context: CommandContext, run: RunVerb<InsightsOptions> = runInsights): void {
  summarised(program.command('insights'))
    .argument('[EVENT_ID]', 'the event to read from the service (not needed with --from)')
    .option('--from <file>', 'read an attendee export (.csv, .json or .ndjson, as `attendees export` writes it) instead of the service')
    .addOption(new Option('--format <format>', "the --from file's format (default: from its extension)").choices(EXPORT_FORMATS))
    .option('-o, --output <file>', 'also write a self-contained HTML page with every chart and its numbers')
    .option('--force', 'replace -o FILE if it exists (on a terminal, boxoffice asks instead)')
    .option('--svg <dir>', 'also write each chart as its own SVG file into DIR')
    .option('--watch <interval>', 'refresh every INTERVAL (e.g. 5m), showing what changed; each refresh costs 2 reads')
    .option('--currency <code>', "currency of the amounts (default: the event's; with --from: none)")
    .option('--timezone <zone>', "IANA zone to count days in (default: the event's, else this machine's)")
    .option('--max-wait <duration>', "longest total wait for the service's rate limit (E023) while reading", DEFAULT_MAX_WAIT)
    .option('--db <dest>', 'also count the arrivals checkin let in: the database attendees sync fills (a SQLite file or a postgres:// URL)')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice insights 123456\n' +
        '  boxoffice insights 123456 -o report.html --svg charts/\n' +
        '  boxoffice insights --from attendees.csv --currency INR --json\n' +
        '  boxoffice insights 123456 --watch 5m\n' +
        '  boxoffice insights 123456 --db attendees.db\n' +
        '\nOn a terminal: a summary with a sparkline and bars. Piped, or with --json: the same figures\n' +
        'as one JSON document (with --watch: one JSON line per refresh). man boxoffice has more.\n',
    )
    .action(verbAction(context, run, (eventId: string | undefined, flags: InsightsFlags) => insightsOptionsFrom(eventId, flags)));
}

export type InsightsOptions = Awaited<ReturnType<typeof insightsOptionsFrom>>;

/** Flags → options, refusing bad input before anything is read or sent. */
async function insightsOptionsFrom(eventId: string | undefined, flags: InsightsFlags) {
  const id = eventId?.trim();
  if (eventId !== undefined && !id) throw new UsageError('EVENT_ID: must not be empty', 'eventId');
  if (id === undefined && flags.from === undefined) {
    throw new UsageError('EVENT_ID: name the event (boxoffice insights EVENT_ID), or read an export with --from FILE', 'eventId');
  }
  let from: { path: string; format: ExportFormat } | undefined;
  if (flags.from !== undefined) {
    const path = flags.from.trim();
    if (!path || !existsSync(path) || !statSync(path).isFile()) {
      throw new UsageError(`--from: no file at ${path || '""'}; write one with: boxoffice attendees export EVENT_ID -o attendees.csv`, '--from');
    }
    const format = flags.format ?? exportFormatOf(path);
    if (!format) throw new UsageError(`--from: cannot tell the format of ${path} from its name; add --format csv, json or ndjson`, '--format');
    from = { path, format };
    if (flags.watch !== undefined) throw new UsageError('--watch: reads the service; it cannot watch a --from file', '--watch');
  } else if (flags.format !== undefined) {
    throw new UsageError('--format: describes a --from file; without --from the service is read', '--format');
  }
  const output = flags.output?.trim();
  if (flags.output !== undefined && !output) throw new UsageError('--output: must name a file', '--output');
  const destination = output === undefined ? undefined : checkDestination(output);
  if (output !== undefined && destination !== 'stream') assertExtensionSays(output, PAGE_FORMAT);
  const svgDir = flags.svg?.trim();
  if (flags.svg !== undefined && !svgDir) throw new UsageError('--svg: must name a directory', '--svg');
  if (svgDir !== undefined && existsSync(svgDir) && !statSync(svgDir).isDirectory())
    throw new UsageError(`--svg: ${svgDir} is a file, not a directory`, '--svg');
  const currency = flags.currency?.trim().toUpperCase();
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) {
    throw new UsageError(`--currency: expected a three-letter code such as INR or USD, got "${flags.currency}"`, '--currency');
  }
  const timezone = flags.timezone?.trim();
  if (timezone !== undefined && !isKnownTimezone(timezone)) {
    throw new UsageError(`--timezone: "${flags.timezone}" is not a timezone name (examples: Asia/Kolkata, Europe/Berlin, UTC)`, '--timezone');
  }
  const db = flags.db?.trim();
  if (flags.db !== undefined && !db) throw new UsageError('--db: name the database attendees sync fills: a SQLite file or a postgres:// URL', '--db');
  if (db !== undefined && id === undefined) {
    throw new UsageError('--db: name the event whose arrivals to count: boxoffice insights EVENT_ID --from FILE --db DEST', '--db');
  }
  const watchMs = flags.watch === undefined ? undefined : parseDuration(flags.watch, '--watch');
  if (watchMs !== undefined && watchMs < 1000) throw new UsageError(`--watch: "${flags.watch}" is too short; 1s at least`, '--watch');
  return {
    eventId: id,
    from,
    output,
    destination,
    force: flags.force === true,
    svgDir,
    watchMs,
    currency,
    timezone,
    maxWaitMs: parseDuration(flags.maxWait, '--max-wait'),
    db,
  };
}
