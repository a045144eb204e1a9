// `boxoffice discount add EVENT_ID TICKET_ID [flags]` (E5).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../context.js';
import { checkFormats, fieldVerb, type FieldVerbOptions, fillMissing, withEquivalentCommand } from '../../params.js';
import { ADD_DISCOUNT_PARAMS } from '../../fields.js';
import { addDiscountRequest, type AddDiscountRequest } from '../../../client/schemas/index.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { sentRecordKey } from '../../config/store.js';
import { writeAck } from '../../output/index.js';

type AddDiscountOptions = FieldVerbOptions<'eventId' | 'ticketId'>;

export function registerDiscountAdd(group: Command, context: CommandContext, run: RunVerb<AddDiscountOptions> = runDiscountAdd): void {
  fieldVerb(group.command('add').description('add a discount on a ticket'), context, run, {
    ids: ['eventId', 'ticketId'],
    params: ADD_DISCOUNT_PARAMS,
    example: 'boxoffice discount add 12 34 --discount-category code --code EARLY --discount 10 --discount-type percentage',
  });
}

export async function runDiscountAdd(options: AddDiscountOptions, context: CommandContext): Promise<void> {
  checkFormats(ADD_DISCOUNT_PARAMS, options.values);
  await withSession(context, {}, async (session) => {
    const values = await fillMissing(context, ADD_DISCOUNT_PARAMS, options.values, addDiscountRequest);
    const positional = { eventId: options.eventId, ticketId: options.ticketId };
    const body = await withEquivalentCommand(
      context,
      ['discount', 'add'],
      ADD_DISCOUNT_PARAMS,
      { ...options.values, ...positional },
      { ...values, ...positional },
      () =>
        withPermissionExplained(notYourEvent(options.eventId, 'add discounts to it'), () =>
          session.client.events.addDiscount({ ...values, ...positional } as AddDiscountRequest),
        ),
    );
    const discountId = String(body.discountId);
    // The service never returns a discount's fields; update-discount needs them again.
    await session.store.rememberSent(session.profileName, 'discounts', sentRecordKey(options.eventId, discountId), values);
    writeAck(context, { body, id: discountId, sentence: `added discount ${discountId} to ticket ${options.ticketId} of event ${options.eventId}` });
  });
}
