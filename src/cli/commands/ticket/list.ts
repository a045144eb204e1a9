// `boxoffice ticket list EVENT_ID` (E8).
import type { Command } from 'commander';
import type { OrganizerTicket } from '../../../client/schemas/index.js';
import type { CommandContext } from '../../context.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { writeJson, writeRows } from '../../output/index.js';
import { splitDateTime } from '../event/readback.js';

export interface ListTicketsOptions {
  eventId: string;
}

export function registerTicketList(group: Command, context: CommandContext): void {
  group
    .command('list')
    .description('list the tickets of an event')
    .argument('<EVENT_ID>', 'event id')
    .addHelpText('after', '\nExample:\n  boxoffice ticket list 12')
    .action(async (eventId: string) => {
      await runTicketList({ eventId }, context);
    });
}

export async function runTicketList(options: ListTicketsOptions, context: CommandContext): Promise<void> {
  const when = (value: { date: string } | undefined) => splitDateTime(value?.date)?.join(' ') ?? value?.date;
  await withSession(context, {}, async (session) => {
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'read its tickets'), () =>
      session.client.events.getTickets({ eventId: options.eventId }),
    );
    if (context.globals().json) return writeJson(context.deps.io, body);
    await writeRows<OrganizerTicket>(context.deps, [
      { header: 'id', value: (ticket) => ticket.id },
      { header: 'name', value: (ticket) => ticket.typeName },
      { header: 'price', value: (ticket) => (ticket.price === null ? 'any' : ticket.price), alignRight: true },
      { header: 'currency', value: (ticket) => ticket.currency },
      { header: 'quantity', value: (ticket) => ticket.quantity, alignRight: true },
      { header: 'status', value: (ticket) => ticket.status },
      { header: 'on sale from', value: (ticket) => when(ticket.availableFrom) },
      { header: 'until', value: (ticket) => when(ticket.availableTo) },
    ], body.tickets, { emptyMessage: `event ${options.eventId} has no tickets yet: add one with boxoffice ticket add ${options.eventId}` });
  });
}
