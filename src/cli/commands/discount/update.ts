// `boxoffice discount update EVENT_ID DISCOUNT_ID [flags]` (E6): only the flags given change.
// The service never returns a discount, so the rest is what this profile last sent for it; what
// it never sent must be given (or is asked for on a terminal).
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext, RunVerb } from '../../context.js';
import { checkChanges, fieldVerb, type FieldVerbOptions, flagFor, fillMissing, missingParams } from '../../params.js';
import { asFlagValues, UPDATE_DISCOUNT_PARAMS } from '../../fields.js';
import type { UpdateDiscountRequest } from '../../../client/schemas/index.js';
import { DISCOUNT_TABLE } from '../../../client/fields/discount.js';
import { mergeForUpdate } from '../../../client/fields/read-back.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { sentRecordKey } from '../../config/store.js';
import { writeAck } from '../../output/index.js';

type UpdateDiscountOptions = FieldVerbOptions<'eventId' | 'discountId'>;

export function registerDiscountUpdate(group: Command, context: CommandContext, run: RunVerb<UpdateDiscountOptions> = runDiscountUpdate): void {
  const command = group.command('update').description('change the named fields of a discount; the rest stays as last sent from this profile');
  fieldVerb(command, context, run, {
    ids: ['eventId', 'discountId'],
    params: UPDATE_DISCOUNT_PARAMS,
    update: true,
    example: 'boxoffice discount update 12 56 --discount 15',
  });
}

export async function runDiscountUpdate(options: UpdateDiscountOptions, context: CommandContext): Promise<void> {
  checkChanges(UPDATE_DISCOUNT_PARAMS, options.values, 'discount update');
  await withSession(context, {}, async (session) => {
    const recordKey = sentRecordKey(options.eventId, options.discountId);
    const lastSent = session.store.recallSent(session.profileName, 'discounts', recordKey);
    const merged = asFlagValues(mergeForUpdate(DISCOUNT_TABLE, { lastSent, given: options.values }));
    const missing = missingParams(UPDATE_DISCOUNT_PARAMS, merged);
    if (!lastSent && !context.globals().input && missing.length > 0) {
      const flags = missing.map(flagFor);
      throw new UsageError(
        `profile ${session.profileName} has not sent discount ${options.discountId} before and the service does not return discounts: give ${flags.join(', ')}`,
        flags[0],
      );
    }
    const values = await fillMissing(context, UPDATE_DISCOUNT_PARAMS, merged);
    // Checked once, by the client's schema: a refused field is named by its flag (runCli).
    const request = { ...values, eventId: options.eventId, discountId: options.discountId } as UpdateDiscountRequest;
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'change its discounts'), () => session.client.events.updateDiscount(request));
    await session.store.rememberSent(session.profileName, 'discounts', recordKey, values);
    writeAck(context, { body, id: String(body.discountId), sentence: `updated discount ${body.discountId} of event ${options.eventId}` });
  });
}
