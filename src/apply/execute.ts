// Carries out a plan step by step, saving the state after each, so that a run stopped anywhere
// leaves a state true to what exists and the next run finishes without duplicates. The client
// retries what is safe to retry; a create whose answer was lost (ConnectionError with
// mayHaveTakenEffect) is looked up before it is sent again: the event by its unique url, a
// ticket by its name. Discounts cannot be read back, so such a discount is marked uncertain.
import { BoxofficeError, ConnectionError } from '../client/errors.js';
import type { OrganizerTicket, UpdateEventRequest, UpdateTicketRequest } from '../client/schemas/index.js';
import type { DiscountSpec, SetupFile, TicketSpec } from './file.js';
import { desiredDiscount, desiredEvent, desiredTicket, EVENT_FIELDS_FIXED_AT_CREATION, findEventByUrl } from './plan.js';
import type { Plan, PlanStep, RemoteSnapshot } from './plan.js';
import { eventView, ticketView } from './remote.js';
import type { ApplyClient, RemoteView } from './remote.js';
import type { StateStore } from './state.js';

/** A discount's create may have taken effect; it cannot be checked, so it is not sent again blindly. */
export class UncertainCreateError extends BoxofficeError {
  override name = 'UncertainCreateError';
}

export interface StepDone {
  step: PlanStep;
  id: string;
  /** The create's answer was lost and the record was found on the service instead of created again. */
  recovered?: boolean;
}

export interface AppliedIds {
  event: { url: string; id: string };
  tickets: Record<string, string>;
  discounts: Record<string, string>;
}

export interface ExecuteOptions {
  client: ApplyClient;
  setup: SetupFile;
  plan: Plan;
  remote: RemoteSnapshot;
  store: StateStore;
  /** Create again the discounts whose earlier create lost its answer (the user checked they are not there). */
  recreateUncertain?: boolean;
  onStepDone?: (done: StepDone) => void;
}

export function isUnknownOutcome(error: unknown): boolean {
  return error instanceof ConnectionError && error.mayHaveTakenEffect;
}

/** Optional fields the file leaves out keep their current value (an update sends the whole record). */
function fillFrom(view: RemoteView, fields: readonly string[], request: Record<string, unknown>): void {
  for (const field of fields) {
    if (request[field] === undefined && view[field] !== undefined) request[field] = view[field];
  }
}

const EVENT_OPTIONAL_FIELDS = ['subdomain', 'country', 'state', 'city', 'postal', 'address'] as const;
const TICKET_OPTIONAL_FIELDS = ['ticketDescription', 'startDate', 'startTime', 'endDate', 'endTime', 'minQuantity', 'maxQuantity'] as const;

function ticketUpdateRequest(eventId: string, ticketId: string, spec: TicketSpec, remote: OrganizerTicket | undefined): UpdateTicketRequest {
  const { key: _key, status, ...fields } = spec;
  const request: Record<string, unknown> = { ...fields, eventId, ticketId, status: status === 'pause' ? 'pause' : 'published' };
  if (remote) fillFrom(ticketView(remote), TICKET_OPTIONAL_FIELDS, request);
  return request as UpdateTicketRequest;
}

function discountFields(spec: DiscountSpec): Omit<DiscountSpec, 'key' | 'ticket'> {
  const { key: _key, ticket: _ticket, ...fields } = spec;
  return fields;
}

export async function executePlan(options: ExecuteOptions): Promise<AppliedIds> {
  const { client, setup, plan, remote, store, onStepDone } = options;
  const state = store.state;

  const uncertain = plan.steps.filter((planned) => planned.uncertain && planned.action === 'create');
  if (uncertain.length > 0 && !options.recreateUncertain) {
    const keys = uncertain.map((planned) => planned.key).join(', ');
    throw new UncertainCreateError(
      `discount ${keys}: an earlier create lost its answer and may have taken effect; discounts cannot be read back, ` +
        'so it is not sent again blindly. Check the event on the service, then run again with --recreate-uncertain ' +
        'if it is not there (nothing was changed by this run)',
    );
  }

  const ticketSpecs = new Map(setup.tickets.map((spec) => [spec.key, spec]));
  const discountSpecs = new Map(setup.discounts.map((spec) => [spec.key, spec]));
  const remoteTickets = new Map(remote.tickets.map((ticket) => [String(ticket.id), ticket]));
  const ids: AppliedIds = { event: { url: setup.event.url, id: '' }, tickets: {}, discounts: {} };

  for (const planned of plan.steps) {
    let done: StepDone;
    if (planned.resource === 'event') {
      done = await applyEvent(planned);
      ids.event.id = done.id;
    } else if (planned.resource === 'ticket') {
      done = await applyTicket(planned, ticketSpecs.get(planned.key) as TicketSpec);
      ids.tickets[planned.key] = done.id;
    } else {
      done = await applyDiscount(planned, discountSpecs.get(planned.key) as DiscountSpec);
      ids.discounts[planned.key] = done.id;
    }
    onStepDone?.(done);
  }
  return ids;

  async function applyEvent(planned: PlanStep): Promise<StepDone> {
    const desired = desiredEvent(setup.event);
    if (planned.action === 'create' || planned.id === undefined) {
      let recovered = false;
      let eventId: string;
      try {
        ({ eventId } = await client.events.createEvent(setup.event));
      } catch (error) {
        if (!isUnknownOutcome(error)) throw error;
        const found = findEventByUrl((await client.events.getAllEvents({})).events, setup.event.url);
        recovered = found !== undefined;
        eventId = found ? String(found.eventId) : (await client.events.createEvent(setup.event)).eventId;
      }
      // A new event: whatever the state said about tickets and discounts belonged to another one.
      state.event = { id: String(eventId), applied: desired };
      state.tickets = {};
      state.discounts = {};
      await store.save();
      return { step: planned, id: String(eventId), recovered };
    }
    const eventId = planned.id;
    if (planned.action === 'update') {
      const { segment: _segment, topics: _topics, ...fields } = setup.event;
      const request: Record<string, unknown> = { ...fields, eventId };
      if (remote.event) fillFrom(eventView(remote.event), EVENT_OPTIONAL_FIELDS, request);
      await client.events.updateEvent(request as UpdateEventRequest);
    }
    if (planned.action === 'update' || planned.adopted || !state.event) {
      // segment and topics cannot be updated: the applied values stay those of the creation.
      const previous = planned.adopted ? undefined : state.event?.applied;
      const applied = { ...desired };
      for (const field of EVENT_FIELDS_FIXED_AT_CREATION) {
        if (previous && Object.hasOwn(previous, field)) applied[field] = previous[field];
      }
      if (planned.adopted) {
        state.tickets = {};
        state.discounts = {};
      }
      state.event = { id: eventId, applied };
      await store.save();
    }
    return { step: planned, id: eventId };
  }

  async function applyTicket(planned: PlanStep, spec: TicketSpec): Promise<StepDone> {
    const eventId = ids.event.id;
    const desired = desiredTicket(spec);
    if (planned.action === 'create' || planned.id === undefined) {
      const { key: _key, status, ...fields } = spec;
      const request = { ...fields, eventId, status: 'active' as const };
      let recovered = false;
      let ticketId: string;
      try {
        ({ ticketId } = await client.events.addTicket(request));
      } catch (error) {
        if (!isUnknownOutcome(error)) throw error;
        const claimed = new Set(Object.values(state.tickets).map((ticket) => ticket.id));
        const { tickets } = await client.events.getTickets({ eventId });
        const found = tickets.find((ticket) => !claimed.has(String(ticket.id)) && ticket.typeName === spec.ticketName);
        recovered = found !== undefined;
        ticketId = found ? String(found.id) : (await client.events.addTicket(request)).ticketId;
      }
      ticketId = String(ticketId);
      state.tickets[spec.key] = { id: ticketId, applied: { ...desired, status: 'active' } };
      await store.save();
      if (status === 'pause') {
        // add-ticket takes active or delete only; a paused ticket is paused right after.
        await client.events.updateTicket(ticketUpdateRequest(eventId, ticketId, spec, undefined));
        state.tickets[spec.key] = { id: ticketId, applied: desired };
        await store.save();
      }
      return { step: planned, id: ticketId, recovered };
    }
    const ticketId = planned.id;
    if (planned.action === 'update') {
      await client.events.updateTicket(ticketUpdateRequest(eventId, ticketId, spec, remoteTickets.get(ticketId)));
    }
    if (planned.action === 'update' || planned.adopted || !state.tickets[spec.key]) {
      state.tickets[spec.key] = { id: ticketId, applied: desired };
      await store.save();
    }
    return { step: planned, id: ticketId };
  }

  async function applyDiscount(planned: PlanStep, spec: DiscountSpec): Promise<StepDone> {
    const eventId = ids.event.id;
    const desired = desiredDiscount(spec);
    if (planned.action === 'create' || planned.id === undefined) {
      const ticketId = ids.tickets[spec.ticket];
      let discountId: string;
      try {
        ({ discountId } = await client.events.addDiscount({ ...discountFields(spec), eventId, ticketId }));
      } catch (error) {
        if (isUnknownOutcome(error)) {
          state.discounts[spec.key] = { ticket: spec.ticket, applied: desired, uncertain: true };
          await store.save();
          throw new UncertainCreateError(
            `discount ${spec.key}: the connection broke after the create was sent, so it may exist; discounts ` +
              'cannot be read back. Check the event on the service, then run again with --recreate-uncertain if it is not there',
          );
        }
        throw error;
      }
      state.discounts[spec.key] = { id: String(discountId), ticket: spec.ticket, applied: desired };
      await store.save();
      return { step: planned, id: String(discountId) };
    }
    const discountId = planned.id;
    if (planned.action === 'update') {
      await client.events.updateDiscount({ ...discountFields(spec), eventId, discountId });
      state.discounts[spec.key] = { id: discountId, ticket: spec.ticket, applied: desired };
      await store.save();
    }
    return { step: planned, id: discountId };
  }
}
