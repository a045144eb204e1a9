// The field tables (src/client/fields/) and the other requests built from flags (events search,
// bookings request) as ParamSpecs; and a request field's flag for error messages.
import { DISCOUNT_TABLE } from '../../client/fields/discount.js';
import { EVENT_TABLE } from '../../client/fields/event.js';
import { fieldsOf, type FieldSpec, type Resource, type ResourceTable, type Verb } from '../../client/fields/table.js';
import { TICKET_TABLE } from '../../client/fields/ticket.js';
import { BOOKING_CURRENCIES, PAYMENT_GATEWAYS, SEARCH_PRICE_KINDS, SEARCH_SORT_ORDERS } from '../../client/schemas/values.js';
import { flagFor, type ParamSpec, type ParamValues } from './params.js';

const TABLES: Readonly<Record<Resource, ResourceTable>> = { event: EVENT_TABLE, ticket: TICKET_TABLE, discount: DISCOUNT_TABLE };

function paramKind(field: FieldSpec, verb: Verb): ParamSpec['kind'] {
  // A new record's values have a shape; what the service reads back need not have it.
  if (verb === 'create' && field.format) return field.format;
  if (field.kind === 'integer' && field.choices) return 'enum';
  return field.kind === 'id' || field.kind === undefined ? 'text' : field.kind;
}

function paramOf(field: FieldSpec, verb: Verb): ParamSpec {
  return {
    name: field.name,
    description: field.catalogue === undefined ? field.help : `${field.help} (see boxoffice catalog ${field.catalogue})`,
    kind: paramKind(field, verb),
    choices: field.choices,
    choiceHelp: field.choiceHelp,
    askedChoices: field.askedChoices,
    proposal: field.proposal,
    synonyms: field.synonyms,
    required: field.required,
    requiredWhen: field.requiredWhen,
    // The schema takes no negative number or count (fields/schema.ts); a count may need 1.
    min: field.kind === 'integer' || field.kind === 'number' ? (field.min ?? 0) : undefined,
    allowBlank: field.blank !== undefined || undefined,
    positional: field.positional,
  };
}

export function paramsOf(table: ResourceTable, verb: Verb): ParamSpec[] {
  return fieldsOf(table, verb).map((field) => paramOf(field, verb));
}

export const CREATE_EVENT_PARAMS = paramsOf(EVENT_TABLE, 'create');
export const UPDATE_EVENT_PARAMS = paramsOf(EVENT_TABLE, 'update');
export const ADD_TICKET_PARAMS = paramsOf(TICKET_TABLE, 'create');
export const UPDATE_TICKET_PARAMS = paramsOf(TICKET_TABLE, 'update');
export const ADD_DISCOUNT_PARAMS = paramsOf(DISCOUNT_TABLE, 'create');
export const UPDATE_DISCOUNT_PARAMS = paramsOf(DISCOUNT_TABLE, 'update');

/** P4 (events search): every filter the service takes. */
export const SEARCH_PARAMS: readonly ParamSpec[] = [
  { name: 'keyword', description: 'search keyword' },
  { name: 'city', description: 'city name' },
  { name: 'category', description: 'category slug (see `boxoffice catalog categories`)' },
  { name: 'price', description: 'free or paid events only', kind: 'enum', choices: SEARCH_PRICE_KINDS },
  { name: 'fromDate', description: 'events from this date', kind: 'date' },
  { name: 'toDate', description: 'events up to this date', kind: 'date' },
  { name: 'fromPrice', description: 'lowest price', kind: 'number' },
  { name: 'toPrice', description: 'highest price', kind: 'number' },
  { name: 'sortBy', description: 'order of the results', kind: 'enum', choices: SEARCH_SORT_ORDERS },
  { name: 'topics', description: 'comma-separated topic keys (see `boxoffice catalog topics`)' },
  { name: 'page', description: 'the page to show (from 1)', kind: 'integer' },
];

/** E12 (bookings request): every parameter. */
export const BOOKING_PARAMS: readonly ParamSpec[] = [
  { name: 'amount', kind: 'number', required: true, description: 'amount to collect' },
  { name: 'orderNo', required: true, description: 'your own order number for this payment' },
  { name: 'name', description: "buyer's name (at most 200 characters)" },
  { name: 'emailId', description: "buyer's email address (at most 200 characters)" },
  { name: 'phoneNo', description: "buyer's phone number (at most 30 characters)" },
  { name: 'country', description: 'country (at most 1000 characters)' },
  { name: 'state', description: 'state' },
  { name: 'city', description: 'city' },
  { name: 'address', description: 'address (at most 1000 characters)' },
  { name: 'zipcode', description: 'postal code' },
  { name: 'callbackUrl', kind: 'url', description: 'send the result there instead of back to this CLI' },
  { name: 'currency', kind: 'enum', choices: BOOKING_CURRENCIES, description: 'currency; others are converted to INR (default: INR)' },
  { name: 'pg', kind: 'enum', choices: PAYMENT_GATEWAYS, description: 'payment gateway: pg1 also takes MASTER/MAESTRO cards (default: pg2)' },
];

/** The requests of the other command groups whose fields are flags. */
const GROUP_PARAMS: Readonly<Record<string, readonly ParamSpec[]>> = { events: SEARCH_PARAMS, bookings: BOOKING_PARAMS };

/** How a request field of `group`'s resource is named to the user (`endDate` → `--end-date`), or undefined. */
export function flagForField(group: string, field: string): string | undefined {
  const spec = Object.hasOwn(TABLES, group) ? TABLES[group as Resource].fields.find((candidate) => candidate.name === field) : undefined;
  if (spec) return flagFor(paramOf(spec, 'update'));
  const param = Object.hasOwn(GROUP_PARAMS, group) ? GROUP_PARAMS[group].find((candidate) => candidate.name === field) : undefined;
  return param ? flagFor(param) : undefined;
}

/** Read-back values as flags give them: text (a blank price stays blank). */
export function asFlagValues(values: Readonly<Record<string, unknown>>): ParamValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
}
