// The writes of events, tickets and discounts as values (the service's answer and the values sent):
// the verbs print them, the MCP server's write tools return them to the assistant.
import { NotFoundError, UsageError } from '../../client/errors.js';
import { DISCOUNT_TABLE } from '../../client/fields/discount.js';
import { EVENT_TABLE } from '../../client/fields/event.js';
import { mergeForUpdate, readBack } from '../../client/fields/read-back.js';
import { TICKET_TABLE, ticketMatches } from '../../client/fields/ticket.js';
import {
  addDiscountRequest,
  createEventRequest,
  endIsAfterStart,
  type AddDiscountRequest,
  type AddTicketRequest,
  type CreateEventRequest,
  type UpdateDiscountRequest,
  type UpdateEventRequest,
  type UpdateTicketRequest,
} from '../../client/schemas/index.js';
import { openSentStore } from '../../session/config/sent.js';
import type { CommandContext } from '../framework/context.js';
import {
  ADD_DISCOUNT_PARAMS,
  ADD_TICKET_PARAMS,
  asFlagValues,
  CREATE_EVENT_PARAMS,
  flagForField,
  UPDATE_DISCOUNT_PARAMS,
  UPDATE_EVENT_PARAMS,
  UPDATE_TICKET_PARAMS,
} from '../framework/fields.js';
import {
  checkChanges,
  checkFormats,
  fillMissing,
  flagFor,
  missingParams,
  withEquivalentCommand,
  type FieldVerbOptions,
  type ParamValues,
} from '../framework/params.js';
import { notYourEvent, withPermissionExplained } from '../../session/permission.js';
import { withSession } from '../../session/session.js';
import type { McpHost } from '../../mcp/tool-call.js';

export async function createEvent(given: ParamValues, context: CommandContext) {
  checkFormats(CREATE_EVENT_PARAMS, given);
  return withSession(context, {}, async (session) => {
    const values = await fillMissing(context, CREATE_EVENT_PARAMS, given, createEventRequest);
    const body = await withEquivalentCommand(context, ['event', 'create'], CREATE_EVENT_PARAMS, given, values, () =>
      session.client.events.createEvent(values as CreateEventRequest),
    );
    return { body, values };
  });
}

/** E2: only the values given change; everything else is read back first (E7) and sent as it is. */
export async function updateEvent(options: FieldVerbOptions<'eventId'>, context: CommandContext) {
  checkChanges(UPDATE_EVENT_PARAMS, options.values, 'event update');
  return withSession(context, {}, async (session) => {
    const explanation = notYourEvent(options.eventId, 'change it');
    const current = await withPermissionExplained(explanation, () => session.client.events.getEvent({ eventId: options.eventId }));
    const merged = mergeForUpdate(EVENT_TABLE, { readBack: readBack(EVENT_TABLE, current.event), given: options.values });
    const values = await fillMissing(context, UPDATE_EVENT_PARAMS, asFlagValues(merged));
    checkSpan(options.values, values);
    // Checked once, by the client's schema: a refused field is named by its flag (runCli).
    const body = await withPermissionExplained(explanation, () =>
      session.client.events.updateEvent({ ...values, eventId: options.eventId } as UpdateEventRequest),
    );
    return { body, values };
  });
}

/** E003 before sending, in terms of the flags given, naming the flag that moves the other end. */
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

/** E3, keeping what was sent (the service never returns serviceFee). */
export async function addTicket(options: FieldVerbOptions<'eventId'>, context: CommandContext) {
  checkFormats(ADD_TICKET_PARAMS, options.values);
  return withSession(context, {}, async (session) => {
    const values = await fillMissing(context, ADD_TICKET_PARAMS, options.values);
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'add tickets to it'), () =>
      session.client.events.addTicket({ ...values, eventId: options.eventId } as AddTicketRequest),
    );
    await (await openSentStore(session.store, session.profileName)).remember('tickets', options.eventId, String(body.ticketId), values);
    return { body, values };
  });
}

/** E4: only the values given change; the rest is read back (E8), serviceFee is what this profile last sent. */
export async function updateTicket(options: FieldVerbOptions<'eventId' | 'ticketId'>, context: CommandContext) {
  checkChanges(UPDATE_TICKET_PARAMS, options.values, 'ticket update');
  return withSession(context, {}, async (session) => {
    const explanation = notYourEvent(options.eventId, 'change its tickets');
    const { tickets } = await withPermissionExplained(explanation, () => session.client.events.getTickets({ eventId: options.eventId }));
    const ticket = tickets.find((candidate) => ticketMatches(candidate, options.ticketId));
    if (!ticket) {
      const description = `event ${options.eventId} has no ticket ${options.ticketId}`;
      throw new NotFoundError({ code: 'E012', httpStatus: 404, field: 'TICKET_ID', description });
    }
    const sent = await openSentStore(session.store, session.profileName);
    const lastSent = sent.recall('tickets', options.eventId, options.ticketId);
    const merged = asFlagValues(mergeForUpdate(TICKET_TABLE, { readBack: readBack(TICKET_TABLE, ticket), lastSent, given: options.values }));
    if (merged.serviceFee === undefined) {
      // Why the fee setting is asked for (on a terminal), or why the flag is needed (without one).
      const why =
        `the service does not return a ticket's fee setting and profile ${session.profileName} has not sent one for ticket ${options.ticketId}; ` +
        'an update must send it, and what is sent replaces the setting: give the one the ticket has now';
      if (!context.globals().input) throw new UsageError(`${why} (--service-fee 1, 2 or 3)`, '--service-fee');
      context.deps.io.stderr.write(`${why}.\n`);
    }
    // Asked as typed text: a list would preselect a setting that may not be the ticket's.
    const params = UPDATE_TICKET_PARAMS.map((spec) => (spec.name === 'serviceFee' ? { ...spec, typedChoice: true } : spec));
    const values = await fillMissing(context, params, merged);
    const request = { ...values, eventId: options.eventId, ticketId: options.ticketId } as UpdateTicketRequest;
    const body = await withPermissionExplained(explanation, () => session.client.events.updateTicket(request));
    await sent.remember('tickets', options.eventId, options.ticketId, values);
    return { body, values };
  });
}

/** E5, keeping what was sent (the service never returns a discount). */
export async function addDiscount(options: FieldVerbOptions<'eventId' | 'ticketId'>, context: CommandContext) {
  checkFormats(ADD_DISCOUNT_PARAMS, options.values);
  return withSession(context, {}, async (session) => {
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
    await (await openSentStore(session.store, session.profileName)).remember('discounts', options.eventId, String(body.discountId), values);
    return { body, values };
  });
}

/** E6: only the values given change; the rest is what this profile last sent (the service never returns a discount). */
export async function updateDiscount(options: FieldVerbOptions<'eventId' | 'discountId'>, context: CommandContext) {
  checkChanges(UPDATE_DISCOUNT_PARAMS, options.values, 'discount update');
  return withSession(context, {}, async (session) => {
    const sent = await openSentStore(session.store, session.profileName);
    const lastSent = sent.recall('discounts', options.eventId, options.discountId);
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
    const request = { ...values, eventId: options.eventId, discountId: options.discountId } as UpdateDiscountRequest;
    const body = await withPermissionExplained(notYourEvent(options.eventId, 'change its discounts'), () => session.client.events.updateDiscount(request));
    await sent.remember('discounts', options.eventId, options.discountId, values);
    return { body, values };
  });
}

/** The writes as the MCP server's write tools make them (McpHost.writes). */
export const RECORD_WRITES: McpHost['writes'] = {
  'create event': (_ids, values, context) => createEvent(values, context),
  'update event': ({ EVENT_ID }, values, context) => updateEvent({ eventId: EVENT_ID as string, values }, context),
  'create ticket': ({ EVENT_ID }, values, context) => addTicket({ eventId: EVENT_ID as string, values }, context),
  'update ticket': ({ EVENT_ID, TICKET_ID }, values, context) => updateTicket({ eventId: EVENT_ID as string, ticketId: TICKET_ID as string, values }, context),
  'create discount': ({ EVENT_ID, TICKET_ID }, values, context) => addDiscount({ eventId: EVENT_ID as string, ticketId: TICKET_ID as string, values }, context),
  'update discount': ({ EVENT_ID, DISCOUNT_ID }, values, context) =>
    updateDiscount({ eventId: EVENT_ID as string, discountId: DISCOUNT_ID as string, values }, context),
};
