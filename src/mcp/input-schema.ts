// A tool's input schema derived from a resource's field table, as the CLI's flags are. Values come
// back as the strings the verbs take, so a tool call goes through the verb's own checks.
import * as z from 'zod';
import type { IdArguments } from '../session/ids.js';
import { EVENT_ID } from '../client/fields/event.js';
import { fieldsOf, type FieldSpec, type ResourceTable, type Verb } from '../client/fields/table.js';
import { DATE_PATTERN, FORMAT_MESSAGES, TIME_PATTERN } from '../client/schemas/values.js';

const idValue = z.union([z.string().trim().min(1), z.number().int().positive()]);

/** A value as JSON carries it; a new record's formats are checked (what is read back need not have them). */
function valueSchema(field: FieldSpec, verb: Verb): z.ZodType {
  switch (field.kind ?? 'text') {
    case 'id':
      return idValue;
    case 'enum':
      return z.enum(field.choices as readonly [string, ...string[]]);
    case 'date':
      return z.string().regex(DATE_PATTERN, FORMAT_MESSAGES.date);
    case 'time':
      return z.string().regex(TIME_PATTERN, FORMAT_MESSAGES.time);
    case 'integer':
      return field.choices ? z.enum(field.choices as readonly [string, ...string[]]) : z.number().int();
    case 'number':
      return field.blank ? z.number().nullable() : z.number();
    case 'boolean':
      return z.boolean();
    default:
      return verb === 'create' && field.format === 'url' ? z.url({ protocol: /^https?$/ }) : z.string();
  }
}

const FORMAT_HINTS: Partial<Record<NonNullable<FieldSpec['kind']>, string>> = { date: ' (yyyy-mm-dd)', time: ' (HH:MM, 24-hour)' };

/** A create's required fields are required, an update's only its ids. */
function inputShape(fields: readonly FieldSpec[], verb: Verb): z.ZodRawShape {
  return Object.fromEntries(
    fields.map((field) => {
      const hints = `${FORMAT_HINTS[field.kind ?? 'text'] ?? ''}${field.blank ? ' (null: left blank)' : ''}`;
      const schema = valueSchema(field, verb).describe(field.positional ? field.help : `${field.help}${hints}`);
      return [field.name, field.positional || (verb === 'create' && field.required) ? schema : schema.optional()];
    }),
  );
}

export function recordInput(table: ResourceTable, verb: Verb): z.ZodRawShape {
  return inputShape(fieldsOf(table, verb), verb);
}

export const EVENT_INPUT = inputShape([EVENT_ID], 'update');

/** A tool's arguments as the verb takes them: ids by argument name (EVENT_ID), the rest as flag values. */
export function verbInput(fields: readonly FieldSpec[], input: Readonly<Record<string, unknown>>): { ids: IdArguments; values: Record<string, string> } {
  const ids: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = input[field.name];
    if (value === undefined) continue;
    const text = value === null ? '' : String(value);
    if (field.positional) ids[field.positional] = text.trim();
    else values[field.name] = text;
  }
  return { ids, values };
}

export function eventIds(input: Readonly<Record<string, unknown>>): IdArguments {
  return verbInput([EVENT_ID], input).ids;
}
