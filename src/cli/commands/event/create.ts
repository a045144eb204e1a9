// `boxoffice event create [flags | --from-file FILE]` (E1).
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { addParamFlags, paramValues, type ParamValues } from '../../framework/params.js';
import { CREATE_EVENT_PARAMS } from '../../framework/fields.js';
import { createEvent } from '../record-writes.js';
import { writeAck } from '../../output/index.js';

interface CreateEventOptions {
  values: ParamValues;
  fromFile?: string;
}

export function registerEventCreate(group: Command, context: CommandContext, run: RunVerb<CreateEventOptions> = runEventCreate): void {
  const command = group
    .command('create')
    .description('create an event (missing values are asked for on a terminal)')
    .option('--from-file <file>', 'read parameters from a JSON or YAML file (flags given win)');
  addParamFlags(command, CREATE_EVENT_PARAMS)
    .addHelpText('after', '\nExample:\n  boxoffice event create --from-file gala.yaml --start-date 2030-05-01 --end-date 2030-05-01')
    .action(
      verbAction(context, run, (flags: Record<string, unknown>) => ({
        values: paramValues(CREATE_EVENT_PARAMS, flags),
        fromFile: typeof flags.fromFile === 'string' ? flags.fromFile : undefined,
      })),
    );
}

async function runEventCreate(options: CreateEventOptions, context: CommandContext): Promise<void> {
  // Only --from-file needs the file reader and its YAML parser.
  const fromFile = options.fromFile ? await (await import('../../framework/param-file.js')).readParamFile(options.fromFile, CREATE_EVENT_PARAMS) : {};
  const { body, values } = await createEvent({ ...fromFile, ...options.values }, context);
  writeAck(context, { body, id: String(body.eventId), sentence: `created event ${body.eventId}: ${values.eventTitle.trim()}` });
}
