// `boxoffice event list` (E9): the events of the account the token belongs to.
import type { Command } from 'commander';
import type { EventListItem } from '../../../client/schemas/index.js';
import { verbAction, type CommandContext, type NoOptions, type RunVerb } from '../../framework/context.js';
import { withSession } from '../../../session/session.js';
import { writeAnswer } from '../../output/index.js';
import { rememberListed } from '../../framework/listed-ids.js';

export function registerEventList(group: Command, context: CommandContext, run: RunVerb<NoOptions> = (_options, runContext) => runEventList(runContext)): void {
  group
    .command('list')
    .description("list the account's events")
    .addHelpText('after', '\nExample:\n  boxoffice event list | cut -f1    # the ids, one a line')
    .action(verbAction(context, run, () => ({})));
}

async function runEventList(context: CommandContext): Promise<void> {
  await withSession(context, {}, async (session) => {
    const body = await session.client.events.getAllEvents();
    await rememberListed(
      context.deps.env,
      'events',
      body.events.map((event) => event.eventId),
    );
    // The live service gives a code (what the organizer commands take) and a numeric id (what
    // the buyer side takes): both are shown when they differ.
    const numeric = (event: EventListItem) => (event.id !== undefined && String(event.id) !== event.eventId ? String(event.id) : undefined);
    const showNumeric = body.events.some((event) => numeric(event) !== undefined);
    await writeAnswer<EventListItem>(
      context,
      body,
      [
        { header: 'id', value: (event) => event.eventId },
        ...(showNumeric ? [{ header: 'numeric id', value: (event: EventListItem) => numeric(event) ?? '' }] : []),
        { header: 'title', value: (event) => event.eventTitle, shrink: 20 },
        { header: 'starts', value: (event) => `${event.startDate} ${event.startTime.slice(0, 5)}` },
        { header: 'ends', value: (event) => `${event.endDate} ${event.endTime.slice(0, 5)}`, dropOrder: 3 },
        { header: 'type', value: (event) => event.type, dropOrder: 2 },
        { header: 'status', value: (event) => event.status },
        { header: 'url', value: (event) => event.url, dropOrder: 1 },
      ],
      body.events,
      { emptyMessage: 'no events yet: create one with boxoffice event create' },
    );
  });
}
