// Carries out a plan step by step, saving the state after each, so that a run stopped anywhere
// leaves a state true to what exists. Before each create the record is saved as `uncertain`; it
// and a create whose answer was lost (ConnectionError with mayHaveTakenEffect) are looked up before
// creating again: the event by its unique url, a ticket by its name, a code discount by its code
// (sent again: the service refuses a second one with the same code in one event), an automatic
// discount by its fields among the Publisher API's. Without a way to look it up, it stops.
import { ApiError, BoxofficeError, ConnectionError, UsageError, nameErrorClasses } from '../client/errors.js';
import type { AddDiscountRequest, UpdateDiscountRequest, UpdateEventRequest, UpdateTicketRequest } from '../client/schemas/index.js';
import type { FieldValues } from '../client/fields/read-back.js';
import type { DiscountSpec, SetupFile } from './file.js';
import { findEventByUrl, matchingRuleDiscounts, type ApplyClient, type Plan, type PlanStep, type RemoteSnapshot } from './plan.js';
import { planSends, type DiscountSends, type EventSends, type TicketSends } from './sends.js';
import type { StateStore } from './state.js';

/** A discount's create may have taken effect; it cannot be checked, so it is not sent again blindly. */
export class UncertainCreateError extends BoxofficeError {}
nameErrorClasses({ UncertainCreateError });

/** `id`: undefined for a discount found by its code; `recovered`: the create's answer was lost and the record was found instead of created again. */
export interface StepDone {
  step: PlanStep;
  id?: string;
  recovered?: boolean;
}

export interface AppliedIds {
  event: { url: string; id: string };
  tickets: Record<string, string>;
  /** null: the discount exists (found by its code) but its id is unknown. */
  discounts: Record<string, string | null>;
}

interface ExecuteOptions {
  client: ApplyClient;
  setup: SetupFile;
  plan: Plan;
  remote: RemoteSnapshot;
  store: StateStore;
  /** Create again the discounts whose earlier create lost its answer (the user checked they are not there). */
  recreateUncertain?: boolean;
  onStepDone?: (done: StepDone) => void;
}

function isUnknownOutcome(error: unknown): boolean {
  return error instanceof ConnectionError && error.mayHaveTakenEffect;
}

/** The request surely did not take effect: refused by the service, refused before sending, or never sent. */
function surelyNotCreated(error: unknown): boolean {
  return error instanceof ApiError || error instanceof UsageError || (error instanceof ConnectionError && !error.mayHaveTakenEffect);
}

/** add-discount refused because `code` is taken in this event (E025 naming the code): the discount with that code exists. */
function isCodeTaken(error: unknown, code: string | undefined): boolean {
  if (!(error instanceof ApiError) || code === undefined) return false;
  const fields = (error.field ?? '').split(',').map((field) => field.trim());
  return fields.includes('code') && error.description?.includes(JSON.stringify(code)) === true;
}

export async function executePlan(options: ExecuteOptions): Promise<AppliedIds> {
  const { client, setup, plan, remote, store, onStepDone } = options;
  const state = store.state;

  // An unconfirmed create of an automatic discount can be checked only in the Publisher API's list.
  const uncertain = plan.steps.filter((planned) => planned.resource === 'discount' && planned.uncertain && planned.action === 'create');
  const unlookable = uncertain.filter(
    (planned) => remote.discounts === undefined && setup.discounts.some((spec) => spec.key === planned.key && spec.discountCategory !== 'code'),
  );
  if (unlookable.length > 0 && !options.recreateUncertain) {
    const specs = setup.discounts.filter((spec) => unlookable.some((planned) => planned.key === spec.key));
    throw uncertainDiscounts(specs, unlookable.some((planned) => planned.notInState) ? 'unrecorded' : 'earlier');
  }
  const plannedEventId = plan.steps.find((planned) => planned.resource === 'event')?.id ?? '';
  const steps = planSends(setup, plan, remote, state, (kind, id) => client.sent?.recall(kind, plannedEventId, id));
  const ids: AppliedIds = { event: { url: setup.event.url, id: '' }, tickets: {}, discounts: {} };

  // What was sent: kept in the profile's store, where the update commands find it.
  const sent: [kind: 'tickets' | 'discounts', id: string, fields: FieldValues][] = [];
  try {
    for (const sends of steps) {
      if (sends.resource === 'event') ids.event.id = told(await applyEvent(sends)).id;
      else if (sends.resource === 'ticket') ids.tickets[sends.step.key] = told(await applyTicket(sends)).id;
      else ids.discounts[sends.step.key] = told(await applyDiscount(sends)).id ?? null;
    }
  } finally {
    // Only now: the store's writer (conf) ends the process on a later Ctrl-C, which during the
    // steps must stop the run as an interruption.
    for (const [kind, id, fields] of sent) await client.sent?.remember(kind, ids.event.id, id, fields);
  }
  return ids;

  async function applyEvent({ step: planned, create, update, applied, records }: EventSends): Promise<StepDone & { id: string }> {
    if (create) {
      let recovered = false;
      let eventId: string;
      // A new event: whatever the state said about tickets and discounts belonged to another one.
      state.event = { applied, uncertain: true };
      state.tickets = {};
      state.discounts = {};
      await store.save();
      try {
        ({ eventId } = await client.events.createEvent(create));
      } catch (error) {
        if (surelyNotCreated(error)) {
          state.event = undefined;
          await store.save();
        }
        if (!isUnknownOutcome(error)) throw error;
        const found = findEventByUrl((await client.events.getAllEvents({})).events, setup.event.url);
        recovered = found !== undefined;
        eventId = found ? String(found.eventId) : (await client.events.createEvent(create)).eventId;
      }
      state.event = { id: String(eventId), applied };
      await store.save();
      return { step: planned, id: String(eventId), recovered };
    }
    const eventId = planned.id as string;
    if (update) await client.events.updateEvent({ ...update, eventId } as UpdateEventRequest);
    if (records) {
      if (planned.adopted) {
        state.tickets = {};
        state.discounts = {};
      }
      state.event = { id: eventId, applied };
      await store.save();
    }
    return { step: planned, id: eventId };
  }

  async function applyTicket({ step: planned, spec, create, pauseAfterCreate, update, applied, records }: TicketSends): Promise<StepDone & { id: string }> {
    const eventId = ids.event.id;
    if (create) {
      const request = { ...create, eventId };
      let recovered = false;
      let ticketId: string;
      state.tickets[spec.key] = { applied: { ...applied, status: 'active' }, uncertain: true };
      await store.save();
      try {
        ({ ticketId } = await client.events.addTicket(request));
      } catch (error) {
        if (surelyNotCreated(error)) {
          delete state.tickets[spec.key];
          await store.save();
        }
        if (!isUnknownOutcome(error)) throw error;
        const claimed = new Set(Object.values(state.tickets).flatMap((ticket) => (ticket.id ? [ticket.id] : [])));
        const { tickets } = await client.events.getTickets({ eventId });
        const found = tickets.find((ticket) => !claimed.has(String(ticket.id)) && ticket.typeName === spec.ticketName);
        recovered = found !== undefined;
        ticketId = found ? String(found.id) : (await client.events.addTicket(request)).ticketId;
      }
      ticketId = String(ticketId);
      state.tickets[spec.key] = { id: ticketId, applied: { ...applied, status: 'active' } };
      await store.save();
      sent.push(['tickets', ticketId, create]);
      if (pauseAfterCreate) {
        await updateTicket(ticketId, pauseAfterCreate);
        state.tickets[spec.key] = { id: ticketId, applied };
        await store.save();
      }
      return { step: planned, id: ticketId, recovered };
    }
    const ticketId = planned.id as string;
    if (update) await updateTicket(ticketId, update);
    if (records) {
      state.tickets[spec.key] = { id: ticketId, applied };
      await store.save();
    }
    return { step: planned, id: ticketId };
  }

  async function applyDiscount({ step: planned, spec, create, update, applied: desired, records, skip }: DiscountSends): Promise<StepDone> {
    const eventId = ids.event.id;
    if (skip) return { step: planned };
    if (create) {
      const ticketId = ids.tickets[spec.ticket];
      state.discounts[spec.key] = { ticket: spec.ticket, applied: desired, uncertain: true };
      await store.save();
      let discountId: string;
      try {
        ({ discountId } = await client.events.addDiscount({ ...create, eventId, ticketId }));
      } catch (error) {
        if (isCodeTaken(error, spec.code)) {
          // The discount with this code exists. Sent again after an unconfirmed create, it is that
          // create's, with the fields sent; otherwise its fields are unknown.
          const sentBefore = planned.uncertain === true || isUnknownOutcome(error);
          state.discounts[spec.key] = { ticket: spec.ticket, applied: sentBefore ? desired : {}, idUnknown: true };
          await store.save();
          return { step: planned, recovered: true };
        }
        if (surelyNotCreated(error)) {
          // Refused now; an earlier unconfirmed create of it may still exist, so its mark stays.
          if (!planned.uncertain) {
            delete state.discounts[spec.key];
            await store.save();
          }
          throw error;
        }
        if (!isUnknownOutcome(error)) throw error;
        const found = await lookUpDiscount(spec, create, ticketId);
        if (found === undefined) throw uncertainDiscounts([spec], 'this');
        if (found === 'absent') {
          ({ discountId } = await client.events.addDiscount({ ...create, eventId, ticketId }));
        } else {
          state.discounts[spec.key] =
            found === 'exists without id' ? { ticket: spec.ticket, applied: desired, idUnknown: true } : { id: found, ticket: spec.ticket, applied: desired };
          await store.save();
          return { step: planned, id: found === 'exists without id' ? undefined : found, recovered: true };
        }
      }
      state.discounts[spec.key] = { id: String(discountId), ticket: spec.ticket, applied: desired };
      await store.save();
      sent.push(['discounts', String(discountId), create]);
      return { step: planned, id: String(discountId) };
    }
    const discountId = planned.id as string;
    if (update) {
      await client.events.updateDiscount({ ...update, eventId, discountId } as UpdateDiscountRequest);
      sent.push(['discounts', discountId, update]);
    }
    if (records) {
      state.discounts[spec.key] = { id: discountId, ticket: spec.ticket, applied: desired };
      await store.save();
    }
    return { step: planned, id: discountId };
  }

  function told<T extends StepDone>(done: T): T {
    onStepDone?.(done);
    return done;
  }

  async function updateTicket(ticketId: string, fields: FieldValues): Promise<void> {
    await client.events.updateTicket({ ...fields, eventId: ids.event.id, ticketId } as UpdateTicketRequest);
    sent.push(['tickets', ticketId, fields]);
  }

  /** After a create of `spec` lost its answer: its id, 'exists without id', 'absent', or undefined when the service gives no way to tell. */
  async function lookUpDiscount(spec: DiscountSpec, create: FieldValues, ticketId: string): Promise<string | 'exists without id' | 'absent' | undefined> {
    if (spec.discountCategory === 'code') {
      try {
        const { discountId } = await client.events.addDiscount({ ...create, eventId: ids.event.id, ticketId } as AddDiscountRequest);
        // The first create never arrived; this one did.
        return String(discountId);
      } catch (error) {
        if (isCodeTaken(error, spec.code)) return 'exists without id';
        throw error;
      }
    }
    if (!client.listDiscounts) return undefined;
    const claimed = new Set(Object.values(state.discounts).flatMap((discount) => (discount.id ? [discount.id] : [])));
    const matching = matchingRuleDiscounts(await client.listDiscounts(ids.event.id), spec, ticketId).filter((candidate) => !claimed.has(candidate.id));
    return matching[0]?.id ?? 'absent';
  }
}

const UNCERTAIN_BECAUSE = {
  this: 'the connection broke after the create was sent',
  earlier: 'an earlier create was not confirmed',
  unrecorded: 'the state file does not record it although the event exists (a lost or older state file)',
} as const;

/** Discounts that may exist and cannot be looked up; what to check and how to go on is the front end's to say. */
function uncertainDiscounts(specs: readonly DiscountSpec[], run: keyof typeof UNCERTAIN_BECAUSE): UncertainCreateError {
  const keys = specs.map((spec) => `${spec.key} (${spec.discountCategory} ${spec.discount} ${spec.discountType} on ticket ${spec.ticket})`).join(', ');
  const error = new UncertainCreateError(
    `discount ${keys}: ${UNCERTAIN_BECAUSE[run]}, so it may exist, and without a Publisher API key apply cannot look it up ` +
      '(automatic discounts are listed only there)',
  );
  error.notes.aftermath = 'nothing more was changed by this run';
  return error;
}
