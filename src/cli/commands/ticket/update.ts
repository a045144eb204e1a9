// `boxoffice ticket update EVENT_ID TICKET_ID [flags]` (E4): only the flags given change. The
// ticket is read back (E8) and mapped to what E4 accepts; serviceFee, which the service never
// returns, comes from what this profile last sent for the ticket, or must be given.
import type { Command } from 'commander';
import { NotFoundError, UsageError } from '../../../client/errors.js';
import type { CommandContext, RunVerb } from '../../context.js';
import { checkChanges, fieldVerb, type FieldVerbOptions, fillMissing } from '../../params.js';
import { asFlagValues, UPDATE_TICKET_PARAMS } from '../../fields.js';
import type { UpdateTicketRequest } from '../../../client/schemas/index.js';
import { mergeForUpdate, readBack } from '../../../client/fields/read-back.js';
import { TICKET_TABLE } from '../../../client/fields/ticket.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { sentRecordKey } from '../../config/store.js';
import { ticketMatches } from '../../buyer-ids.js';
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

/**
 * E4 needs the fee setting, which the service never returns: why it is asked for (on a terminal),
 * or why the flag is needed (without one).
 */
function explainServiceFee(context: CommandContext, profileName: string, ticketId: string): void {
  const why =
    `the service does not return a ticket's fee setting and profile ${profileName} has not sent one for ticket ${ticketId}; ` +
    'an update must send it, and what is sent replaces the setting: give the one the ticket has now';
  if (!context.globals().input) throw new UsageError(`${why} (--service-fee 1, 2 or 3)`, '--service-fee');
  context.deps.io.stderr.write(`${why}.\n`);
}

export async function runTicketUpdate(options: UpdateTicketOptions, context: CommandContext): Promise<void> {
  checkChanges(UPDATE_TICKET_PARAMS, options.values, 'ticket update');
  await withSession(context, {}, async (session) => {
    const explanation = notYourEvent(options.eventId, 'change its tickets');
    const { tickets } = await withPermissionExplained(explanation, () => session.client.events.getTickets({ eventId: options.eventId }));
    const ticket = tickets.find((candidate) => ticketMatches(candidate, options.ticketId));
    if (!ticket) {
      const description = `event ${options.eventId} has no ticket ${options.ticketId}`;
      throw new NotFoundError({ code: 'E012', httpStatus: 404, field: 'TICKET_ID', description });
    }
    const recordKey = sentRecordKey(options.eventId, options.ticketId);
    const lastSent = session.store.recallSent(session.profileName, 'tickets', recordKey);
    const merged = asFlagValues(mergeForUpdate(TICKET_TABLE, { readBack: readBack(TICKET_TABLE, ticket), lastSent, given: options.values }));
    if (merged.serviceFee === undefined) explainServiceFee(context, session.profileName, options.ticketId);
    // Asked as typed text: a list would preselect a setting that may not be the ticket's.
    const params = UPDATE_TICKET_PARAMS.map((spec) => (spec.name === 'serviceFee' ? { ...spec, typedChoice: true } : spec));
    const values = await fillMissing(context, params, merged);
    // Checked once, by the client's schema: a refused field is named by its flag (runCli).
    const request = { ...values, eventId: options.eventId, ticketId: options.ticketId } as UpdateTicketRequest;
    const body = await withPermissionExplained(explanation, () => session.client.events.updateTicket(request));
    await session.store.rememberSent(session.profileName, 'tickets', recordKey, values);
    writeAck(context, { body, id: String(body.ticketId), sentence: `updated ticket ${body.ticketId} of event ${options.eventId}` });
  });
}
