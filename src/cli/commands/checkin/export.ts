// `boxoffice checkin export EVENT_ID --db DEST`: the arrivals (who, when, at which door), to a file
// written aside and renamed into place, owner-only (0600): it holds personal data.
import { existsSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { exportFormatOf } from '../../../export/formats.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { confirmReplace } from '../../framework/prompt.js';
import { eventAndDbFrom, withCheckinFlags, withDoorFlags, type DoorFlags, type DoorOptions } from './shared.js';

const ARRIVAL_FORMATS = ['csv', 'json'] as const;
type ArrivalFormat = (typeof ARRIVAL_FORMATS)[number];

export interface CheckinExportOptions extends Omit<DoorOptions, 'door'> {
  output?: string;
  force: boolean;
  format: ArrivalFormat;
}

interface ExportFlags extends DoorFlags {
  output?: string;
  force?: boolean;
  format?: ArrivalFormat;
}

export function registerCheckinExport(group: Command, context: CommandContext, run: RunVerb<CheckinExportOptions> = runExportLoaded): void {
  const command = group
    .command('export')
    .description('write the arrivals (who, when, at which door) as CSV or JSON')
    .argument('<EVENT_ID>', 'the event whose arrivals to write');
  withDoorFlags(command, 'no-door')
    .option('-o, --output <file>', 'write to FILE (owner-only, 0600) (default: stdout)')
    .addOption(new Option('--format <format>', 'csv or json (one array) (default: from the -o extension, else csv)').choices(ARRIVAL_FORMATS))
    .option('--force', 'replace -o FILE if it exists (on a terminal, boxoffice asks instead)')
    .addHelpText(
      'after',
      '\nExamples:\n  boxoffice checkin export 123456 --db attendees.db -o arrivals.csv\n  boxoffice checkin export 123456 --db attendees.db --format json\n',
    )
    .action(
      verbAction(context, run, (eventId: string, flags: ExportFlags, self: Command) => exportOptionsFrom(eventId, withCheckinFlags(flags, self), context)),
    );
}

function exportOptionsFrom(eventId: string, flags: ExportFlags, context: CommandContext): CheckinExportOptions {
  const { eventId: id, db } = eventAndDbFrom(eventId, flags, context.deps.env);
  const output = flags.output?.trim();
  if (flags.output !== undefined && !output) throw new UsageError('--output: must name a file', '--output');
  const implied = exportFormatOf(output);
  if (implied === 'ndjson') throw new UsageError(`--output ${output}: arrivals are written as csv or json; name a .csv or .json file`, '--output');
  return { eventId: id, db, output, force: flags.force === true, format: flags.format ?? implied ?? 'csv' };
}

async function runExportLoaded(options: CheckinExportOptions, context: CommandContext): Promise<void> {
  if (options.output !== undefined && existsSync(options.output) && !options.force) {
    await confirmReplace(options.output, context, 'nothing written');
  }
  const { runCheckinExport } = await import('./export-run.js');
  await runCheckinExport(options, context);
}
