// The field tables (src/client/fields/) as the CLI uses them: flags, prompts and format checks
// (ParamSpec), and a request field's flag for error messages.
import { DISCOUNT_TABLE } from '../client/fields/discount.js';
import { EVENT_TABLE } from '../client/fields/event.js';
import { fieldsOf, type FieldSpec, type Resource, type ResourceTable, type Verb } from '../client/fields/table.js';
import { TICKET_TABLE } from '../client/fields/ticket.js';
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
    description: field.help,
    kind: paramKind(field, verb),
    choices: field.choices,
    synonyms: field.synonyms,
    required: field.required,
    requiredWhen: field.requiredWhen,
    allowBlank: field.blank !== undefined || undefined,
    positional: field.positional,
  };
}

/** The flags (and positional ids) of `verb` on `table`'s resource. */
export function paramsOf(table: ResourceTable, verb: Verb): ParamSpec[] {
  return fieldsOf(table, verb).map((field) => paramOf(field, verb));
}

export const CREATE_EVENT_PARAMS = paramsOf(EVENT_TABLE, 'create');
export const UPDATE_EVENT_PARAMS = paramsOf(EVENT_TABLE, 'update');
export const ADD_TICKET_PARAMS = paramsOf(TICKET_TABLE, 'create');
export const UPDATE_TICKET_PARAMS = paramsOf(TICKET_TABLE, 'update');
export const ADD_DISCOUNT_PARAMS = paramsOf(DISCOUNT_TABLE, 'create');
export const UPDATE_DISCOUNT_PARAMS = paramsOf(DISCOUNT_TABLE, 'update');

/** How a request field of `resource` is named to the user (`endDate` → `--end-date`), or undefined. */
export function flagForField(resource: string, field: string): string | undefined {
  const table = Object.hasOwn(TABLES, resource) ? TABLES[resource as Resource] : undefined;
  const spec = table?.fields.find((candidate) => candidate.name === field);
  return spec ? flagFor(paramOf(spec, 'update')) : undefined;
}

/** Read-back values as flags give them: text (a blank price stays blank). */
export function asFlagValues(values: Readonly<Record<string, unknown>>): ParamValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
}
