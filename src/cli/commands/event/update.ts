// `boxoffice event update EVENT_ID [flags]` (E2): only the flags given change; the rest is read back (record-writes.ts).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../framework/context.js';
import { fieldVerb, type FieldVerbOptions } from '../../framework/params.js';
import { UPDATE_EVENT_PARAMS } from '../../framework/fields.js';
import { updateEvent } from '../record-writes.js';
import { writeAck } from '../../output/index.js';

type UpdateEventOptions = FieldVerbOptions<'eventId'>;

export function registerEventUpdate(group: Command, context: CommandContext, run: RunVerb<UpdateEventOptions> = runEventUpdate): void {
  const command = group.command('update').description('change the named fields of an event; the rest stays');
  fieldVerb(command, context, run, {
    ids: ['eventId'],
    params: UPDATE_EVENT_PARAMS,
    update: true,
    example: 'boxoffice event update 12 --event-title "Spring Gala 2030" --end-time 23:00',
  });
}

async function runEventUpdate(options: UpdateEventOptions, context: CommandContext): Promise<void> {
  const { body } = await updateEvent(options, context);
  writeAck(context, { body, id: String(body.eventId), sentence: `updated event ${body.eventId}` });
}
