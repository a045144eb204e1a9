// `boxoffice event details EVENT_ID`: the buyer's view of an event, P5 (event details) and P6
// (ticket details) together.
import type { Command } from 'commander';
import type { PublisherEvent, PublisherTicket } from '../../../client/schemas/index.js';
import { verbAction, type CommandContext, type EventIdOptions, type RunVerb } from '../../framework/context.js';
import { PUBLISHER_KEY_ONLY, withSession } from '../../../session/session.js';
import { writeJson, writeRows } from '../../output/index.js';
import { resolveBuyerIds } from '../buyer-ids.js';
import { formatMoney } from '../../../util/count.js';
import { printOut } from '../../../session/deps.js';

export function registerEventDetails(group: Command, context: CommandContext, run: RunVerb<EventIdOptions> = runEventDetails): void {
  group
    .command('details')
    .description("the buyer's view of an event: details and tickets (Publisher API)")
    .argument('<EVENT_ID>', 'the event: its numeric id, or its code (looked up in boxoffice event list)')
    .addHelpText('after', '\nExample:\n  boxoffice event details 1042')
    .action(verbAction(context, run, (eventId: string) => ({ eventId: eventId.trim() })));
}

async function runEventDetails(options: EventIdOptions, context: CommandContext): Promise<void> {
  await withSession(context, PUBLISHER_KEY_ONLY, async (session) => {
    const { eventId } = await resolveBuyerIds(session.client.events, options.eventId, []);
    const [details, tickets] = await Promise.all([session.client.publisher.eventDetails({ eventId }), session.client.publisher.ticketDetails({ eventId })]);
    const { io } = context.deps;
    if (context.globals().json) return writeJson(io, { eventDetails: details, ticketDetails: tickets });
    const money = (amount: number | string, currency: string) => (io.stdoutIsTTY ? formatMoney(amount, currency) : `${amount} ${currency}`);
    // Piped: "event<TAB>field<TAB>value" and "ticket<TAB>…" lines, so one grep picks either.
    const tagged = (kind: string) => (io.stdoutIsTTY ? [] : [{ header: 'kind', value: () => kind }]);
    const event = details.events;
    const fields: Array<[string, string | number | null | undefined]> = [
      ['id', event.id],
      ['title', event.title],
      ['starts', `${event.startDate} ${event.startTime}`],
      ['ends', `${event.endDate} ${event.endTime}`],
      ['category', event.category],
      ['type', event.type],
      ['price', money(event.price, event.currency)],
      ['sold out', details.soldout],
      ['url', event.url],
      // The event's own contact fields; `email` is the organizer account's address, not the event's.
      ['contact', event.contactInfo],
      ...(event.contactDetails && event.contactDetails !== event.contactInfo ? [['contact details', event.contactDetails] as [string, string]] : []),
    ];
    await writeRows(
      context,
      [
        ...tagged('event'),
        { header: 'field', value: ([name]: [string, unknown]) => name },
        { header: 'value', value: ([, value]: [string, string | number | null | undefined]) => value, shrink: 30 },
      ],
      fields satisfies Array<[string, PublisherEvent[keyof PublisherEvent] | string]>,
    );
    if (io.stdoutIsTTY) printOut(io, 'Tickets\n');
    await writeRows(
      context,
      [
        ...tagged('ticket'),
        { header: 'id', value: (ticket: PublisherTicket) => ticket.id },
        { header: 'name', value: (ticket) => ticket.name, shrink: 14 },
        { header: 'price', value: (ticket) => (ticket.price === 0 ? 'free' : money(ticket.price, ticket.currency)), alignRight: true },
        { header: 'quantity', value: (ticket) => ticket.quantity, alignRight: true },
        { header: 'per order', value: (ticket) => `${ticket.minQuantity}–${ticket.maxQuantity}`, dropOrder: 1 },
        { header: 'on sale', value: (ticket) => `${ticket.startDate} ${ticket.startTime} → ${ticket.endDate} ${ticket.endTime}`, dropOrder: 2 },
        { header: 'status', value: (ticket) => `${ticket.status}, ${ticket.availability}`, shrink: 12 },
      ],
      tickets.tickets,
      { emptyMessage: 'no tickets on sale' },
    );
  });
}
