// `boxoffice event update EVENT_ID [flags]` (E2): only the flags given change; everything else
// is read back first (E7) and sent as it is.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext, RunVerb } from '../../context.js';
import { checkChanges, fieldVerb, type FieldVerbOptions, type ParamValues, fillMissing } from '../../params.js';
import { endIsAfterStart } from '../../../client/schemas/values.js';
import type { UpdateEventRequest } from '../../../client/schemas/index.js';
import { EVENT_TABLE } from '../../../client/fields/event.js';
import { mergeForUpdate, readBack } from '../../../client/fields/read-back.js';
import { asFlagValues, flagForField, UPDATE_EVENT_PARAMS } from '../../fields.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { writeAck } from '../../output/index.js';

type UpdateEventOptions = FieldVerbOptions<'eventId'>;

export function registerEventUpdate(group: Command, context: CommandContext, run: RunVerb<UpdateEventOptions> = runEventUpdate): void {
  const command = group.command('update').description('change the named fields of an event; the rest stays');
  fieldVerb(command, context, run, {
    ids: ['eventId'],
    params: UPDATE_EVENT_PARAMS,
    update: true,
    example: 'boxoffice event update 12 --event-title "Spring Gala 2030" --end-time 23:00',
  });
}

export async function runEventUpdate(options: UpdateEventOptions, context: CommandContext): Promise<void> {
  checkChanges(UPDATE_EVENT_PARAMS, options.values, 'event update');
  await withSession(context, {}, async (session) => {
    const explanation = notYourEvent(options.eventId, 'change it');
    const current = await withPermissionExplained(explanation, () => session.client.events.getEvent({ eventId: options.eventId }));
    const merged = mergeForUpdate(EVENT_TABLE, { readBack: readBack(EVENT_TABLE, current.event), given: options.values });
    const values = await fillMissing(context, UPDATE_EVENT_PARAMS, asFlagValues(merged));
    checkSpan(options.values, values);
    // Checked once, by the client's schema: a refused field is named by its flag (runCli).
    const request = { ...values, eventId: options.eventId } as UpdateEventRequest;
    const body = await withPermissionExplained(explanation, () => session.client.events.updateEvent(request));
    writeAck(context, { body, id: String(body.eventId), sentence: `updated event ${body.eventId}` });
  });
}

/**
 * E003 before sending, in terms of the flags given: `--start-date 2027-09-01` alone that would
 * put the start after the stored end says so, and names the flag that moves the end.
 */
function checkSpan(given: ParamValues, values: ParamValues): void {
  if (endIsAfterStart(values)) return;
  const givenFlags = ['startDate', 'startTime', 'endDate', 'endTime'].flatMap((name) =>
    given[name] === undefined ? [] : [`${flagForField('event', name)} ${given[name]}`],
  );
  const movedStart = given.startDate !== undefined || given.startTime !== undefined;
  const movedEnd = given.endDate !== undefined || given.endTime !== undefined;
  const start = `${values.startDate} ${values.startTime ?? ''}`.trim();
  const end = `${values.endDate} ${values.endTime ?? ''}`.trim();
  const what = givenFlags.join(' ');
  if (movedStart && !movedEnd) {
    throw new UsageError(
      `${what}: the new start (${start}) would fall after the stored end (${end}); move the end too with --end-date (and --end-time)`,
      '--end-date',
    );
  }
  if (movedEnd && !movedStart) {
    throw new UsageError(
      `${what}: the new end (${end}) would fall before the stored start (${start}); move the start too with --start-date (and --start-time)`,
      '--start-date',
    );
  }
  throw new UsageError(`${what || '--end-date'}: the end (${end}) must be later than the start (${start})`, '--end-date');
}
