// `boxoffice ticket add EVENT_ID [flags]` (E3).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../framework/context.js';
import { fieldVerb, type FieldVerbOptions } from '../../framework/params.js';
import { ADD_TICKET_PARAMS } from '../../framework/fields.js';
import { addTicket } from '../record-writes.js';
import { writeAck } from '../../output/index.js';

type AddTicketOptions = FieldVerbOptions<'eventId'>;

export function registerTicketAdd(group: Command, context: CommandContext, run: RunVerb<AddTicketOptions> = runTicketAdd): void {
  fieldVerb(group.command('add').description('add a ticket to an event'), context, run, {
    ids: ['eventId'],
    params: ADD_TICKET_PARAMS,
    example:
      'boxoffice ticket add 12 --ticket-name "Early bird" --price 499 --currency INR --quantity 100 \\\n    --status active --service-fee 1 --allow-cancellation false',
  });
}

async function runTicketAdd(options: AddTicketOptions, context: CommandContext): Promise<void> {
  const { body, values } = await addTicket(options, context);
  const ticketId = String(body.ticketId);
  writeAck(context, { body, id: ticketId, sentence: `added ticket ${ticketId} (${values.ticketName.trim()}) to event ${options.eventId}` });
}
