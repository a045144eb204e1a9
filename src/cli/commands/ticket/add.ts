// `boxoffice ticket add EVENT_ID [flags]` (E3).
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../context.js';
import { addParamFlags, paramValues, type ParamValues, checkFormats, fillMissing } from '../../params.js';
import { ADD_TICKET_PARAMS } from '../../fields.js';
import type { AddTicketRequest } from '../../../client/schemas/index.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { sentRecordKey } from '../../config/store.js';
import { writeAck } from '../../output/index.js';

interface AddTicketOptions {
  eventId: string;
  values: ParamValues;
}

export function registerTicketAdd(group: Command, context: CommandContext, run: RunVerb<AddTicketOptions> = runTicketAdd): void {
  const command = group.command('add').description('add a ticket to an event').argument('<EVENT_ID>', 'event id');
  addParamFlags(command, ADD_TICKET_PARAMS)
    .addHelpText(
      'after',
      '\nExample:\n  boxoffice ticket add 12 --ticket-name "Early bird" --price 499 --currency INR --quantity 100 \\\n    --status active --service-fee 1 --allow-cancellation false',
    )
    .action(verbAction(context, run, (eventId: string, flags: Record<string, unknown>) => ({ eventId, values: paramValues(ADD_TICKET_PARAMS, flags) })));
}

export async function runTicketAdd(options: AddTicketOptions, context: CommandContext): Promise<void> {
  checkFormats(ADD_TICKET_PARAMS, options.values);
  await withSession(context, {}, async (session) => {
    const values = await fillMissing(context, ADD_TICKET_PARAMS, options.values);
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'add tickets to it'), () =>
      session.client.events.addTicket({ ...values, eventId: options.eventId } as AddTicketRequest),
    );
    const ticketId = String(body.ticketId);
    // The service never returns serviceFee; update-ticket needs it again.
    await session.store.rememberSent(session.profileName, 'tickets', sentRecordKey(options.eventId, ticketId), values);
    writeAck(context, { body, id: ticketId, sentence: `added ticket ${ticketId} (${values.ticketName.trim()}) to event ${options.eventId}` });
  });
}
