// `boxoffice discount add EVENT_ID TICKET_ID [flags]` (E5).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../framework/context.js';
import { fieldVerb, type FieldVerbOptions } from '../../framework/params.js';
import { ADD_DISCOUNT_PARAMS } from '../../framework/fields.js';
import { addDiscount } from '../record-writes.js';
import { writeAck } from '../../output/index.js';

type AddDiscountOptions = FieldVerbOptions<'eventId' | 'ticketId'>;

export function registerDiscountAdd(group: Command, context: CommandContext, run: RunVerb<AddDiscountOptions> = runDiscountAdd): void {
  fieldVerb(group.command('add').description('add a discount on a ticket'), context, run, {
    ids: ['eventId', 'ticketId'],
    params: ADD_DISCOUNT_PARAMS,
    example: 'boxoffice discount add 12 34 --discount-category code --code EARLY --discount 10 --discount-type percentage',
  });
}

async function runDiscountAdd(options: AddDiscountOptions, context: CommandContext): Promise<void> {
  const { body } = await addDiscount(options, context);
  const discountId = String(body.discountId);
  writeAck(context, { body, id: discountId, sentence: `added discount ${discountId} to ticket ${options.ticketId} of event ${options.eventId}` });
}
