// `boxoffice ticket list EVENT_ID` (E8).
import type { Command } from 'commander';
import { ticketCapacity, type OrganizerTicket } from '../../../client/schemas/index.js';
import type { CommandContext, EventIdOptions, RunVerb } from '../../framework/context.js';
import { fieldVerb } from '../../framework/params.js';
import { withSession } from '../../../session/session.js';
import { withPermissionExplained, notYourEvent } from '../../../session/permission.js';
import { dateTimeText, writeAnswer } from '../../output/index.js';
import { readBack } from '../../../client/fields/read-back.js';
import { TICKET_TABLE, ticketCodeOf } from '../../../client/fields/ticket.js';
import { formatMoney } from '../../../util/count.js';
import { rememberListed } from '../../framework/listed-ids.js';

export function registerTicketList(group: Command, context: CommandContext, run: RunVerb<EventIdOptions> = runTicketList): void {
  fieldVerb(group.command('list').description('list the tickets of an event'), context, run, { ids: ['eventId'], example: 'boxoffice ticket list 12' });
}

async function runTicketList(options: EventIdOptions, context: CommandContext): Promise<void> {
  await withSession(context, {}, async (session) => {
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'read its tickets'), () =>
      session.client.events.getTickets({ eventId: options.eventId }),
    );
    // A ticket's code (what ticket update takes on the live service) and its numeric id (what
    // order place takes): both are shown when the service gives a code.
    const onTerminal = context.deps.io.stdoutIsTTY;
    const showNumeric = body.tickets.some((ticket) => ticketCodeOf(ticket) !== undefined);
    await rememberListed(
      context.deps.env,
      'tickets',
      body.tickets.map((ticket) => String(ticketCodeOf(ticket) ?? ticket.id)),
      options.eventId,
    );
    await writeAnswer<OrganizerTicket>(
      context,
      body,
      [
        { header: 'id', value: (ticket) => ticketCodeOf(ticket) ?? ticket.id },
        ...(showNumeric ? [{ header: 'numeric id', value: (ticket: OrganizerTicket) => ticket.id }] : []),
        { header: 'name', value: (ticket) => ticket.typeName, shrink: 14 },
        { header: 'price', value: (ticket) => (ticket.price === null ? 'any' : onTerminal ? formatMoney(ticket.price) : ticket.price), alignRight: true },
        { header: 'currency', value: (ticket) => ticket.currency, dropOrder: 2 },
        // The total on sale in every mode of the service (`--json` keeps `quantity` as sent).
        { header: 'quantity', value: (ticket) => ticketCapacity(ticket), alignRight: true },
        // In the words ticket update takes (a ticket on sale is `active` in responses, `published` there).
        { header: 'status', value: (ticket) => String(readBack(TICKET_TABLE, ticket).status ?? ticket.status) },
        { header: 'on sale from', value: (ticket) => dateTimeText(ticket.availableFrom), dropOrder: 1 },
        { header: 'until', value: (ticket) => dateTimeText(ticket.availableTo), dropOrder: 3 },
      ],
      body.tickets,
      { emptyMessage: `event ${options.eventId} has no tickets yet: add one with boxoffice ticket add ${options.eventId}` },
    );
  });
}
