// `boxoffice discount add EVENT_ID TICKET_ID [flags]` (E5).
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../context.js';
import { addParamFlags, paramValues, type ParamValues, checkFormats, fillMissing, withEquivalentCommand } from '../../params.js';
import { ADD_DISCOUNT_PARAMS } from '../../fields.js';
import { addDiscountRequest, type AddDiscountRequest } from '../../../client/schemas/index.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { sentRecordKey } from '../../config/store.js';
import { writeAck } from '../../output/index.js';

interface AddDiscountOptions {
  eventId: string;
  ticketId: string;
  values: ParamValues;
}

export function registerDiscountAdd(group: Command, context: CommandContext, run: RunVerb<AddDiscountOptions> = runDiscountAdd): void {
  const command = group.command('add').description('add a discount on a ticket').argument('<EVENT_ID>', 'event id').argument('<TICKET_ID>', 'ticket id');
  addParamFlags(command, ADD_DISCOUNT_PARAMS)
    .addHelpText('after', '\nExample:\n  boxoffice discount add 12 34 --discount-category code --code EARLY --discount 10 --discount-type percentage')
    .action(
      verbAction(context, run, (eventId: string, ticketId: string, flags: Record<string, unknown>) => ({
        eventId,
        ticketId,
        values: paramValues(ADD_DISCOUNT_PARAMS, flags),
      })),
    );
}

export async function runDiscountAdd(options: AddDiscountOptions, context: CommandContext): Promise<void> {
  checkFormats(ADD_DISCOUNT_PARAMS, options.values);
  await withSession(context, {}, async (session) => {
    const values = await fillMissing(context, ADD_DISCOUNT_PARAMS, options.values, undefined, addDiscountRequest);
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
