// What each step of a plan sends and records, decided without a client: the request bodies (the
// update ones merged from the read-back and what was last sent), the ids known before the run,
// and the applied values saved in the state. The executor adds the ids the run itself creates.
import type { AddDiscountRequest, AddTicketRequest, CreateEventRequest } from '../client/schemas/index.js';
import { DISCOUNT_TABLE } from '../client/fields/discount.js';
import { EVENT_TABLE } from '../client/fields/event.js';
import { mergeForUpdate, readBack, type FieldValues } from '../client/fields/read-back.js';
import { TICKET_TABLE } from '../client/fields/ticket.js';
import type { DiscountSpec, SetupFile, TicketSpec } from './file.js';
import { desired, EVENT_FIELDS_FIXED_AT_CREATION, type Plan, type PlanStep, type RemoteSnapshot } from './plan.js';
import type { AppliedFields, ApplyState } from './state.js';

/** What the profile's store recorded as last sent for a ticket or discount of the planned event. */
export type LastSent = (kind: 'tickets' | 'discounts', id: string) => FieldValues | undefined;

interface Sends {
  step: PlanStep;
  /** The values the state records once the step is done. */
  applied: AppliedFields;
  /** Whether a step that creates nothing records the state (it updates, adopts, or the state lacks the record). */
  records: boolean;
}

export interface EventSends extends Sends {
  resource: 'event';
  create?: CreateEventRequest;
  update?: FieldValues;
}

export interface TicketSends extends Sends {
  resource: 'ticket';
  spec: TicketSpec;
  /** Without eventId: add-ticket takes active or delete only. */
  create?: Omit<AddTicketRequest, 'eventId'>;
  /** A paused ticket is paused right after its create, with these fields. */
  pauseAfterCreate?: FieldValues;
  update?: FieldValues;
}

export interface DiscountSends extends Sends {
  resource: 'discount';
  spec: DiscountSpec;
  /** Without eventId and ticketId; the ticket is `spec.ticket`, maybe created in this run. */
  create?: Omit<AddDiscountRequest, 'eventId' | 'ticketId'>;
  update?: FieldValues;
  /** The discount's id was never returned: nothing can be sent. */
  skip: boolean;
}

export type StepSends = EventSends | TicketSends | DiscountSends;

function discountFields(spec: DiscountSpec): Omit<DiscountSpec, 'key' | 'ticket'> {
  const { key: _key, ticket: _ticket, ...fields } = spec;
  return fields;
}

function creates(step: PlanStep): boolean {
  return step.action === 'create' || step.id === undefined;
}

export function planSends(setup: SetupFile, plan: Plan, remote: RemoteSnapshot, state: ApplyState, lastSent: LastSent): StepSends[] {
  const ticketSpecs = new Map(setup.tickets.map((spec) => [spec.key, spec]));
  const discountSpecs = new Map(setup.discounts.map((spec) => [spec.key, spec]));
  const remoteTickets = new Map(remote.tickets.map((ticket) => [String(ticket.id), ticket]));
  // A new or adopted event starts the state's tickets and discounts afresh.
  const childrenReset = plan.steps.some((step) => step.resource === 'event' && (creates(step) || step.adopted === true));
  return plan.steps.map((step): StepSends => {
    const records = step.action === 'update' || step.adopted === true;
    if (step.resource === 'event') {
      const wanted = desired(setup.event);
      if (creates(step)) return { resource: 'event', step, create: setup.event, applied: wanted, records: true };
      // segment and topics cannot be updated: the applied values stay those of the creation.
      const previous = step.adopted ? undefined : state.event?.applied;
      const applied = { ...wanted };
      for (const field of EVENT_FIELDS_FIXED_AT_CREATION) {
        if (previous && Object.hasOwn(previous, field)) applied[field] = previous[field];
      }
      const view = remote.event ? readBack(EVENT_TABLE, remote.event) : undefined;
      const update = step.action === 'update' ? mergeForUpdate(EVENT_TABLE, { readBack: view, given: setup.event }) : undefined;
      return { resource: 'event', step, update, applied, records: records || !state.event };
    }
    if (step.resource === 'ticket') {
      const spec = ticketSpecs.get(step.key) as TicketSpec;
      const wanted = desired(spec);
      const { key: _key, status, ...fields } = spec;
      const given = { ...fields, status: status === 'pause' ? 'pause' : 'published' };
      if (creates(step)) {
        // A ticket created in this run has a new id: nothing was sent for it before.
        const pauseAfterCreate = status === 'pause' ? mergeForUpdate(TICKET_TABLE, { given }) : undefined;
        return { resource: 'ticket', step, spec, create: { ...fields, status: 'active' }, pauseAfterCreate, applied: wanted, records: true };
      }
      const id = step.id as string;
      const remoteTicket = remoteTickets.get(id);
      const update =
        step.action === 'update'
          ? mergeForUpdate(TICKET_TABLE, {
              readBack: remoteTicket ? readBack(TICKET_TABLE, remoteTicket) : undefined,
              lastSent: lastSent('tickets', id),
              given,
            })
          : undefined;
      return { resource: 'ticket', step, spec, update, applied: wanted, records: records || childrenReset || !state.tickets[spec.key] };
    }
    const spec = discountSpecs.get(step.key) as DiscountSpec;
    const applied = desired(spec);
    if (step.idUnknown) return { resource: 'discount', step, spec, applied, records: false, skip: true };
    if (creates(step)) return { resource: 'discount', step, spec, create: discountFields(spec), applied, records: true, skip: false };
    const update =
      step.action === 'update'
        ? mergeForUpdate(DISCOUNT_TABLE, { lastSent: lastSent('discounts', step.id as string), given: discountFields(spec) })
        : undefined;
    return { resource: 'discount', step, spec, update, applied, records, skip: false };
  });
}
