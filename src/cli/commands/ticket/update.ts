// `boxoffice ticket update EVENT_ID TICKET_ID [flags]` (E4): only the flags given change; the
// rest is read back, and the fee setting is what this profile last sent (src/cli/commands/record-writes.ts).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../framework/context.js';
import { fieldVerb, type FieldVerbOptions } from '../../framework/params.js';
import { UPDATE_TICKET_PARAMS } from '../../framework/fields.js';
import { updateTicket } from '../record-writes.js';
import { writeAck } from '../../output/index.js';

type UpdateTicketOptions = FieldVerbOptions<'eventId' | 'ticketId'>;

export function registerTicketUpdate(group: Command, context: CommandContext, run: RunVerb<UpdateTicketOptions> = runTicketUpdate): void {
  const command = group.command('update').description('change the named fields of a ticket; the rest stays');
  fieldVerb(command, context, run, {
    ids: ['eventId', 'ticketId'],
    params: UPDATE_TICKET_PARAMS,
    update: true,
    example: 'boxoffice ticket update 12 34 --price 599 --status pause',
  });
}

async function runTicketUpdate(options: UpdateTicketOptions, context: CommandContext): Promise<void> {
  const { body } = await updateTicket(options, context);
  writeAck(context, { body, id: String(body.ticketId), sentence: `updated ticket ${body.ticketId} of event ${options.eventId}` });
}
