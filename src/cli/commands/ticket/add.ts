// `boxoffice ticket add EVENT_ID [flags]` (E3).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../context.js';
import { checkFormats, fieldVerb, type FieldVerbOptions, fillMissing } from '../../params.js';
import { ADD_TICKET_PARAMS } from '../../fields.js';
import type { AddTicketRequest } from '../../../client/schemas/index.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { sentRecordKey } from '../../config/store.js';
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
