// `boxoffice event update EVENT_ID [flags]` (E2): only the flags given change; everything else
// is read back first (E7) and sent as it is.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext, RunVerb } from '../../context.js';
import { addParamFlags, paramValues, type ParamValues, checkFormats, fillMissing, requestFromFlags } from '../../params.js';
import { endIsAfterStart } from '../../../client/schemas/values.js';
import { UPDATE_EVENT_PARAMS } from './params.js';
import { updateEventRequest } from '../../../client/schemas/index.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { updateValuesFromEvent } from './readback.js';
import { writeAck } from '../../output/index.js';

interface UpdateEventOptions {
  eventId: string;
  values: ParamValues;
}

export function registerEventUpdate(group: Command, context: CommandContext, run: RunVerb<UpdateEventOptions> = runEventUpdate): void {
  const command = group.command('update').description('change the named fields of an event; the rest stays').argument('<EVENT_ID>', 'event id');
  // Required by E2, but read back when not given: not marked required in --help.
  addParamFlags(command, UPDATE_EVENT_PARAMS.map((spec) => ({ ...spec, required: false })))
    .addHelpText('after', '\nExample:\n  boxoffice event update 12 --event-title "Spring Gala 2030" --end-time 23:00')
    .action(async (eventId: string, flags: Record<string, unknown>) => {
      await run({ eventId, values: paramValues(UPDATE_EVENT_PARAMS, flags) }, context);
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
    checkSpan(options.values, values);
    const request = requestFromFlags(updateEventRequest, { ...values, eventId: options.eventId }, UPDATE_EVENT_PARAMS);
    const body = await withPermissionExplained(explanation, () => session.client.events.updateEvent(request));
    writeAck(context, { body, id: String(body.eventId), sentence: `updated event ${body.eventId}` });
  });
}

const SPAN_FIELDS = { startDate: '--start-date', startTime: '--start-time', endDate: '--end-date', endTime: '--end-time' } as const;

/**
 * E003 before sending, in terms of the flags given: `--start-date 2027-09-01` alone that would
 * put the start after the stored end says so, and names the flag that moves the end.
 */
function checkSpan(given: ParamValues, values: ParamValues): void {
  if (endIsAfterStart(values)) return;
  const givenFlags = Object.entries(SPAN_FIELDS)
    .filter(([name]) => given[name] !== undefined)
    .map(([name, flag]) => `${flag} ${given[name]}`);
  const movedStart = given.startDate !== undefined || given.startTime !== undefined;
  const movedEnd = given.endDate !== undefined || given.endTime !== undefined;
  const start = `${values.startDate} ${values.startTime ?? ''}`.trim();
  const end = `${values.endDate} ${values.endTime ?? ''}`.trim();
  const what = givenFlags.join(' ');
  if (movedStart && !movedEnd) {
    throw new UsageError(`${what}: the new start (${start}) would fall after the stored end (${end}); move the end too with --end-date (and --end-time)`, '--end-date');
  }
  if (movedEnd && !movedStart) {
    throw new UsageError(`${what}: the new end (${end}) would fall before the stored start (${start}); move the start too with --start-date (and --start-time)`, '--start-date');
  }
  throw new UsageError(`${what || '--end-date'}: the end (${end}) must be later than the start (${start})`, '--end-date');
}
