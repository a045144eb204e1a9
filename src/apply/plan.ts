// From the file, the state and the service's current records to a plan: per record create,
// update (with the fields that change) or unchanged, in dependency order: event, tickets,
// discounts. Fields the service never returns are compared with what was last applied.
import { ApiError, BoxofficeError, NotFoundError, UsageError, nameErrorClasses } from '../client/errors.js';
import type { EventApi } from '../client/event-api.js';
import type { EventListItem, OrganizerEvent, OrganizerTicket } from '../client/schemas/index.js';
import type { DiscountSpec, EventSpec, SetupFile, TicketSpec } from './file.js';
import { EVENT_TABLE } from '../client/fields/event.js';
import { numberOrUndefined, readBack, textOrUndefined, urlSlug, type FieldValues } from '../client/fields/read-back.js';
import { fixedAfterCreation, type Resource } from '../client/fields/table.js';
import { TICKET_TABLE } from '../client/fields/ticket.js';
import type { AppliedFields, ApplyState } from './state.js';

// What apply needs of the client, and the service's records read back in the file's terms. The
// service answers in other names and shapes than it accepts (get-event and get-tickets: `typeName`
// for `ticketName`, date-time objects for date + time, `active` for a ticket sold as `published`,
// numbers as text); these views map them back so an unchanged file compares equal.
type ApplyCall = 'createEvent' | 'updateEvent' | 'addTicket' | 'updateTicket' | 'addDiscount' | 'updateDiscount' | 'getEvent' | 'getTickets' | 'getAllEvents';

/** The part of the client apply uses. */
export interface ApplyClient {
  events: Pick<EventApi, ApplyCall>;
  /** The event's automatic discounts as buyers see them (Publisher API ticket details, never code ones); absent without a Publisher API key. */
  listDiscounts?: (eventId: string) => Promise<PublicDiscount[]>;
  /** Shared with the update commands. */
  sent?: SentStore;
}

/** What was last sent for a ticket or discount, per profile: the service never returns a discount or a serviceFee, and an update sends them again. */
export interface SentStore {
  recall(kind: 'tickets' | 'discounts', eventId: string, id: string): FieldValues | undefined;
  remember(kind: 'tickets' | 'discounts', eventId: string, id: string, fields: FieldValues): Promise<void>;
}

/** An automatic discount as the Publisher API's ticket details list it (2.5 `discounts`). */
export interface PublicDiscount {
  id: string;
  ticketId: string;
  view: RemoteView;
}

/**
 * P6 ticket details → the discounts of every ticket, in add-discount's terms. The reference does not show the element's shape; the fields
 * read are add-discount's own names (the sandbox's shape), and an element without an id is skipped.
 */
export function publicDiscounts(tickets: readonly { id?: unknown; discounts?: readonly unknown[] }[]): PublicDiscount[] {
  return tickets.flatMap((ticket) =>
    (ticket.discounts ?? []).flatMap((element) => {
      const record = (element !== null && typeof element === 'object' ? element : {}) as Record<string, unknown>;
      const id = record.discountId ?? record.id;
      if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return [];
      const view = {
        discountName: textOrUndefined(record.discountName),
        discountCategory: textOrUndefined(record.discountCategory),
        discountType: textOrUndefined(record.discountType),
        discount: numberOrUndefined(record.discount),
        fromQuantity: numberOrUndefined(record.fromQuantity),
        toQuantity: numberOrUndefined(record.toQuantity),
      };
      return [{ id: String(id), ticketId: String(ticket.id), view: Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) }];
    }),
  );
}

/** The automatic discounts of `ticketId` that a rule discount of the file describes. */
export function matchingRuleDiscounts(discounts: readonly PublicDiscount[], spec: DiscountSpec, ticketId: string): PublicDiscount[] {
  const fields = ['discountCategory', 'discountType', 'discount', 'discountName', 'fromQuantity', 'toQuantity'] as const;
  return discounts.filter(
    (candidate) => candidate.ticketId === ticketId && fields.every((field) => spec[field] === undefined || sameValue(candidate.view[field], spec[field])),
  );
}

/** A record as the file would describe it; a field the service did not return is absent. */
type RemoteView = Record<string, unknown>;

/** get-tickets (2.11) in the file's terms: the read-back view, but a ticket on sale is `active` (add-ticket's word), not update-ticket's `published`. */
function ticketView(ticket: OrganizerTicket): RemoteView {
  const { status, ...view } = readBack(TICKET_TABLE, ticket);
  if (status === 'published') return { ...view, status: 'active' };
  return status === 'pause' ? { ...view, status } : view;
}

/** Two values the same once read as the API reads them (numbers as numbers, text trimmed). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  const numberA = numberOrUndefined(a);
  const numberB = numberOrUndefined(b);
  if (numberA !== undefined && numberB !== undefined) return numberA === numberB;
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return false;
}

/** unchecked: exists but cannot be read or addressed (a discount found by its code), so not compared; blocked: the file changes such a record. */
type StepAction = 'create' | 'update' | 'unchanged' | 'unchecked' | 'blocked';

/** `from`: the current value (the service's, else last applied; undefined when unknown); `drift`: changed by the service, not by the file. */
interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
  drift: boolean;
}

export interface PlanStep {
  resource: Resource;
  /** The local key (the event's is its url). */
  key: string;
  action: StepAction;
  id?: string;
  changes: FieldChange[];
  /** The state did not know the record; it was found on the service (by url or ticket name). */
  adopted?: boolean;
  /** The state knew the record but the service no longer has it: created again. */
  missing?: boolean;
  /** An earlier create of this record may have taken effect (sent, its answer not recorded). */
  uncertain?: boolean;
  /** Other records on the service that match this key just as well. */
  duplicates?: string[];
  /** The discount exists but its id was never returned (found by its code): it cannot be updated. */
  idUnknown?: boolean;
  /** The event existed but the state lacks this record (a lost or older state file): it may exist; a code discount is created unless its code is taken. */
  notInState?: boolean;
}

/** `notes`: what the plan cannot do or the user should know, one line each. */
export type Plan = { steps: PlanStep[]; notes: string[] };

/**
 * `eventAdopted`: found by its url although the state did not name it; `discounts`: the event's automatic ones, from the Publisher API's
 * ticket details, undefined without a Publisher API key (or when it could not read them: `discountsUnread` says why).
 */
export interface RemoteSnapshot {
  event?: OrganizerEvent;
  eventId?: string;
  eventAdopted: boolean;
  tickets: OrganizerTicket[];
  discounts?: PublicDiscount[];
  discountsUnread?: string;
}

/** The state names records the service does not have (another profile's state, or deleted). */
class StateMismatchError extends BoxofficeError {}
nameErrorClasses({ StateMismatchError });

/** What no run can do given the state, checked before anything is sent: update-discount has no ticketId, so a discount cannot change ticket. */
export function checkAgainstState(setup: SetupFile, state: ApplyState): void {
  setup.discounts.forEach((spec, index) => {
    const known = state.discounts[spec.key];
    if (known?.id && known.ticket !== spec.ticket) {
      throw new UsageError(
        `discounts[${index}].ticket: discount ${spec.key} was created for ticket ${known.ticket}; ` +
          'update-discount cannot move it to another ticket. Give it a new key to create a new discount',
        `discounts[${index}].ticket`,
      );
    }
  });
}

export function findEventByUrl(events: readonly EventListItem[], url: string): EventListItem | undefined {
  const wanted = urlSlug(url).toLowerCase();
  return events.find((event) => [event.actualUrl, event.url].some((candidate) => typeof candidate === 'string' && urlSlug(candidate).toLowerCase() === wanted));
}

/** The event (by the state's id, or else by its url, which the service keeps unique), its tickets and discounts. */
export async function readRemote(client: ApplyClient, setup: SetupFile, state: ApplyState): Promise<RemoteSnapshot> {
  const found = state.event?.id ? undefined : findEventByUrl((await client.events.getAllEvents({})).events, setup.event.url);
  const eventId = state.event?.id ?? (found && String(found.eventId));
  if (eventId === undefined) return { eventAdopted: false, tickets: [] };
  const eventAdopted = found !== undefined;
  const { event } = await client.events.getEvent({ eventId }).catch((error: unknown) => {
    if (!(error instanceof NotFoundError) || eventAdopted) throw error;
    throw new StateMismatchError(
      `the state file names event ${eventId}, which this service does not have (${error.code}); ` +
        'is the state file from another profile? Give another --state, or delete it to create the event anew',
    );
  });
  // The url identifies the event: a state whose event carries another url belongs to another setup
  // file (a copied setup, a wrong --state), and nothing of that event may change.
  const remoteUrl = readBack(EVENT_TABLE, event).url;
  if (!eventAdopted && typeof remoteUrl === 'string' && urlSlug(remoteUrl).toLowerCase() !== urlSlug(setup.event.url).toLowerCase()) {
    throw new StateMismatchError(
      `the state file names event ${eventId}${typeof event.name === 'string' ? ` "${event.name}"` : ''}, whose url is ${remoteUrl}, not the file's ${urlSlug(setup.event.url)}: ` +
        'it describes another event, so nothing was changed. Give the state file of this setup file with --state, ' +
        'or a new --state path (apply then finds the event by its url)',
    );
  }
  const { tickets } = await client.events.getTickets({ eventId });
  let discounts: PublicDiscount[] | undefined;
  let discountsUnread: string | undefined;
  if (client.listDiscounts) {
    try {
      discounts = await client.listDiscounts(eventId);
    } catch (error) {
      // The Publisher API shows published events only, and its key may be refused: apply goes
      // on as without it (an unconfirmed automatic discount then stops the run, naming what to check).
      if (!(error instanceof ApiError)) throw error;
      discountsUnread = error.message;
    }
  }
  return { event, eventId, eventAdopted, tickets, discounts, discountsUnread };
}

type Desired = Record<string, unknown>;

/** The fields a record of the file should have, by API name (its local `key` and `ticket` left out), as they are stored in `applied`. */
export function desired(spec: EventSpec | TicketSpec | DiscountSpec): Desired {
  return Object.fromEntries(Object.entries(spec).filter(([field, value]) => value !== undefined && field !== 'key' && field !== 'ticket'));
}

/** Field by field, against the service's value when it returns the field, else the last applied one; with neither, the field is changed to be sure. */
function compareFields(desired: Desired, remote: RemoteView | undefined, applied: AppliedFields | undefined, skip: readonly string[] = []): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, to] of Object.entries(desired)) {
    if (skip.includes(field)) continue;
    const remoteKnows = remote !== undefined && Object.hasOwn(remote, field);
    const from = remoteKnows ? remote[field] : applied?.[field];
    if (sameValue(from, to)) continue;
    const drift = remoteKnows && applied !== undefined && Object.hasOwn(applied, field) && sameValue(applied[field], to);
    changes.push({ field, from, to, drift });
  }
  return changes;
}

/** E2 update-event has no segment and no topics: once created, they stay. */
export const EVENT_FIELDS_FIXED_AT_CREATION = fixedAfterCreation(EVENT_TABLE) as ('segment' | 'topics')[];

function step(resource: Resource, key: string, changes: FieldChange[], extra: Partial<PlanStep>): PlanStep {
  const action: StepAction = extra.id === undefined ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
  return { resource, key, action, changes: action === 'create' ? [] : changes, ...extra };
}

export function computePlan(setup: SetupFile, state: ApplyState, remote: RemoteSnapshot): Plan {
  checkAgainstState(setup, state);
  const notes: string[] = [];
  const steps: PlanStep[] = [];
  const eventExists = remote.event !== undefined && remote.eventId !== undefined;

  const eventApplied = eventExists && !remote.eventAdopted ? state.event?.applied : undefined;
  const eventChanges = eventExists
    ? compareFields(desired(setup.event), readBack(EVENT_TABLE, remote.event as OrganizerEvent), eventApplied, EVENT_FIELDS_FIXED_AT_CREATION)
    : [];
  if (eventExists && eventApplied) {
    for (const field of EVENT_FIELDS_FIXED_AT_CREATION) {
      const wanted = setup.event[field];
      if (wanted !== undefined && !sameValue(eventApplied[field], wanted)) {
        notes.push(`event ${field} cannot be changed once the event exists (update-event has no ${field}); left as it is`);
      }
    }
  }
  steps.push(
    step('event', setup.event.url, eventChanges, {
      id: eventExists ? remote.eventId : undefined,
      adopted: remote.eventAdopted || undefined,
      uncertain: (!eventExists && state.event?.uncertain) || undefined,
    }),
  );

  // Tickets: by the state's id, else by name (unique in the file) among tickets no key claims.
  const ticketStates = eventExists && !remote.eventAdopted ? state.tickets : {};
  const remoteById = new Map(remote.tickets.map((ticket) => [String(ticket.id), ticket]));
  const claimed = new Set(Object.values(ticketStates).flatMap((ticket) => (ticket.id ? [ticket.id] : [])));
  const ticketStepByKey = new Map<string, PlanStep>();
  for (const spec of setup.tickets) {
    const known = ticketStates[spec.key];
    let ticket = known?.id ? remoteById.get(known.id) : undefined;
    const sameName = remote.tickets.filter(
      (candidate) => candidate.typeName === spec.ticketName && (candidate === ticket || !claimed.has(String(candidate.id))),
    );
    const adopted = !ticket && sameName.length > 0;
    if (adopted) {
      ticket = sameName[0];
      claimed.add(String(ticket.id));
    }
    const duplicates = sameName.filter((candidate) => candidate !== ticket).map((candidate) => String(candidate.id));
    // A ticket found after an unconfirmed create of this key was sent with the applied values.
    const applied = ticket && (!adopted || known?.uncertain) ? known?.applied : undefined;
    const changes = ticket ? compareFields(desired(spec), ticketView(ticket), applied) : [];
    const ticketStep = step('ticket', spec.key, changes, {
      id: ticket ? String(ticket.id) : undefined,
      adopted: adopted || undefined,
      missing: known?.id !== undefined && !ticket ? true : undefined,
      uncertain: (known?.uncertain && !ticket) || undefined,
      duplicates: duplicates.length > 0 && ticket ? duplicates : undefined,
    });
    ticketStepByKey.set(spec.key, ticketStep);
    steps.push(ticketStep);
  }

  // Discounts: compared with the last applied values (the service never returns their fields).
  // Automatic ones are also looked up among the Publisher API's, when it can be read, whenever
  // the state gives no id; a code discount is identified by its code (a create refused as taken).
  const stateLost = remote.eventAdopted;
  const discountStates = eventExists && !stateLost ? state.discounts : {};
  const claimedDiscounts = new Set(Object.values(discountStates).flatMap((discount) => (discount.id ? [discount.id] : [])));
  setup.discounts.forEach((spec) => {
    const ticketStep = ticketStepByKey.get(spec.ticket);
    // A discount of a ticket created (again) now is created with it.
    const ticketIsNew = ticketStep?.action === 'create';
    const usable = ticketIsNew ? undefined : discountStates[spec.key];
    if (usable?.idUnknown) {
      steps.push(idUnknownStep(spec, usable.applied, notes));
      return;
    }
    const ticketId = ticketStep?.id;
    const mayExist = eventExists && !ticketIsNew && usable?.id === undefined && (stateLost || usable?.uncertain === true);
    const lookable = spec.discountCategory !== 'code' && ticketId !== undefined;
    let id = usable?.id;
    let found: PublicDiscount | undefined;
    let duplicates: string[] = [];
    if (lookable && remote.discounts) {
      const unclaimed = remote.discounts.filter((candidate) => candidate.id === id || !claimedDiscounts.has(candidate.id));
      const matching = matchingRuleDiscounts(unclaimed, spec, ticketId);
      found = id === undefined ? (matching[0] ?? onlyLikeDiscount(unclaimed, spec, ticketId, setup.discounts)) : undefined;
      if (found) {
        id = found.id;
        claimedDiscounts.add(id);
      }
      // The known discount may have other fields now (the file changed): only its like count.
      if (matching.some((candidate) => candidate.id === id)) duplicates = matching.filter((candidate) => candidate.id !== id).map((candidate) => candidate.id);
    }
    // Found: what was sent by an unconfirmed create stands in for the fields the list does not show.
    const changes = compareFields(desired(spec), found?.view, found && !usable?.uncertain ? undefined : usable?.applied);
    steps.push(
      step('discount', spec.key, changes, {
        id,
        adopted: found !== undefined || undefined,
        // An automatic one not found while the list could not be read may exist.
        uncertain: (lookable ? id === undefined && mayExist && !remote.discounts : usable?.uncertain) || undefined,
        notInState: (id === undefined && mayExist && !usable?.uncertain) || undefined,
        duplicates: duplicates.length > 0 ? duplicates : undefined,
      }),
    );
  });

  if (remote.discountsUnread) {
    notes.push(`automatic discounts could not be read from the Publisher API (${remote.discountsUnread}): their duplicates are not checked`);
  }
  for (const [resource, known, listed] of [
    ['ticket', state.tickets, setup.tickets],
    ['discount', state.discounts, setup.discounts],
  ] as const) {
    for (const key of Object.keys(known).filter((key) => !listed.some((spec) => spec.key === key))) {
      notes.push(`${resource} ${key} is no longer in the file; it is left on the service as it is (the API cannot delete ${resource}s)`);
    }
  }
  return { steps, notes };
}

/**
 * A discount found by its code: the service never gave its id, so it can be neither read nor updated. Fields whose last applied value
 * differs from the file's are changes no run can make (blocked); fields never applied (found without a state) cannot be compared.
 */
function idUnknownStep(spec: DiscountSpec, applied: AppliedFields, notes: string[]): PlanStep {
  const pending = compareFields(desired(spec), undefined, applied).filter((change) => Object.hasOwn(applied, change.field));
  if (pending.length > 0) {
    notes.push(
      `discount ${spec.key} was found by its code, and the service never gives a discount's id, so ${pending.map((change) => change.field).join(', ')} ` +
        'cannot be changed by apply: change it on the service (its dashboard), then give the discount a new key in the file; ' +
        'or give it a new key and a new code to create a new discount (the old one stays)',
    );
  }
  return { resource: 'discount', key: spec.key, action: pending.length > 0 ? 'blocked' : 'unchecked', changes: pending, idUnknown: true };
}

/** With the state lost: the one automatic discount of the ticket with this category that no key claims, when no other key of the file could be it. */
function onlyLikeDiscount(
  discounts: readonly PublicDiscount[],
  spec: DiscountSpec,
  ticketId: string,
  specs: readonly DiscountSpec[],
): PublicDiscount | undefined {
  const rivals = specs.filter((other) => other.ticket === spec.ticket && other.discountCategory === spec.discountCategory);
  const like = discounts.filter((candidate) => candidate.ticketId === ticketId && sameValue(candidate.view.discountCategory, spec.discountCategory));
  return rivals.length === 1 && like.length === 1 ? like[0] : undefined;
}

/** One line per key that more than one record on the service matches. */
export function duplicateLines(plan: Plan): string[] {
  return plan.steps.flatMap(({ resource, key, id, duplicates = [] }) =>
    duplicates.length === 0
      ? []
      : [`${resource} ${key}: ${1 + duplicates.length} records on the service match it (id ${id}, and ${duplicates.map((other) => `id ${other}`).join(', ')})`],
  );
}

/** The steps by action, and `drift`: the fields changed on the service that the plan brings back. */
export function countSteps(plan: Plan) {
  const counts: Record<StepAction, number> = { create: 0, update: 0, unchanged: 0, unchecked: 0, blocked: 0 };
  for (const planned of plan.steps) counts[planned.action] += 1;
  return { ...counts, drift: plan.steps.flatMap((step) => step.changes).filter((change) => change.drift).length };
}
export type PlanCounts = ReturnType<typeof countSteps>;
