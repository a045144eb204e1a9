// `boxoffice event get EVENT_ID` (E7): the organizer's view of one event.
import type { Command } from 'commander';
import type { CommandContext, EventIdOptions, RunVerb } from '../../framework/context.js';
import { fieldVerb } from '../../framework/params.js';
import { withSession } from '../../../session/session.js';
import { withPermissionExplained, notYourEvent } from '../../../session/permission.js';
import { dateTimeText, writeFieldRows, writeJson } from '../../output/index.js';
import { EVENT_TABLE } from '../../../client/fields/event.js';
import { readBack } from '../../../client/fields/read-back.js';

export function registerEventGet(group: Command, context: CommandContext, run: RunVerb<EventIdOptions> = runEventGet): void {
  fieldVerb(group.command('get').description('show one event'), context, run, { ids: ['eventId'], example: 'boxoffice event get 12 --json' });
}

async function runEventGet(options: EventIdOptions, context: CommandContext): Promise<void> {
  await withSession(context, {}, async (session) => {
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'read it'), () => session.client.events.getEvent({ eventId: options.eventId }));
    if (context.globals().json) return writeJson(context.deps.io, body);
    const event = body.event;
    const fields: [string, unknown][] = [
      ['id', event.id],
      ['title', event.name],
      ['url', event.url],
      ['type', event.eventType],
      ['visibility', readBack(EVENT_TABLE, event).eventType],
      ['category', event.eventCategory],
      ['status', event.eventStatus],
      ['start', dateTimeText(event.startDate)],
      ['end', dateTimeText(event.endDate)],
      ['timezone', event.startDate.timezone],
      ['subdomain', event.subdomain],
      ['city', event.city],
      ['country', event.country],
      ['contact', event.contactInfo],
      ['listing image', event.listingImage],
      ['header image', event.headerImage ?? event.searchImage],
    ];
    await writeFieldRows(context, fields);
  });
}
