// `boxoffice discount update EVENT_ID DISCOUNT_ID [flags]` (E6): only the flags given change; the rest is what this
// profile last sent (record-writes.ts).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../framework/context.js';
import { fieldVerb, type FieldVerbOptions } from '../../framework/params.js';
import { UPDATE_DISCOUNT_PARAMS } from '../../framework/fields.js';
import { updateDiscount } from '../record-writes.js';
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

async function runDiscountUpdate(options: UpdateDiscountOptions, context: CommandContext): Promise<void> {
  const { body } = await updateDiscount(options, context);
  writeAck(context, { body, id: String(body.discountId), sentence: `updated discount ${body.discountId} of event ${options.eventId}` });
}
