// `boxoffice event update EVENT_ID [flags]` (E2): only the flags given change; everything else
// is read back first (E7) and sent as it is.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../context.js';
import { addParamFlags, paramValues, type ParamValues, checkFormats, fillMissing, parseRequest } from '../../params.js';
import { UPDATE_EVENT_PARAMS } from './params.js';
import { updateEventRequest } from '../../../client/schemas/index.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { updateValuesFromEvent } from './readback.js';
import { writeAck } from '../../output/index.js';

export interface UpdateEventOptions {
  eventId: string;
  values: ParamValues;
}

export function registerEventUpdate(group: Command, context: CommandContext): void {
  const command = group.command('update').description('change the named fields of an event; the rest stays').argument('<EVENT_ID>', 'event id');
  // Required by E2, but read back when not given: not marked required in --help.
  addParamFlags(command, UPDATE_EVENT_PARAMS.map((spec) => ({ ...spec, required: false })))
    .addHelpText('after', '\nExample:\n  boxoffice event update 12 --event-title "Spring Gala 2030" --end-time 23:00')
    .action(async (eventId: string, flags: Record<string, unknown>) => {
      await runEventUpdate({ eventId, values: paramValues(UPDATE_EVENT_PARAMS, flags) }, context);
    });
}

export async function runEventUpdate(options: UpdateEventOptions, context: CommandContext): Promise<void> {
  checkFormats(UPDATE_EVENT_PARAMS, options.values);
  if (Object.keys(options.values).length === 0) {
    throw new UsageError('nothing to change: name at least one flag (see boxoffice event update --help)');
  }
  await withSession(context, {}, async (session) => {
    const explanation = notYourEvent(options.eventId, 'change it');
    const current = await withPermissionExplained(explanation, () => session.client.events.getEvent({ eventId: options.eventId }));
    const merged = { ...updateValuesFromEvent(current.event), ...options.values };
    const values = await fillMissing(context, UPDATE_EVENT_PARAMS, merged);
    const request = parseRequest(updateEventRequest, { ...values, eventId: options.eventId }, UPDATE_EVENT_PARAMS);
    const body = await withPermissionExplained(explanation, () => session.client.events.updateEvent(request));
    writeAck(context, { body, id: String(body.eventId), sentence: `updated event ${body.eventId}` });
  });
}
