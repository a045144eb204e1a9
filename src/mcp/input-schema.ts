// A tool's input schema derived from the parameters a CLI verb declares as flags (ParamSpec): the
// same names (the API's), descriptions, kinds, choices and formats. Values come back as the
// strings the verbs take, so a tool call goes through the verb's own checks and request schema.
import * as z from 'zod';
import type { ParamSpec, ParamValues } from '../cli/params.js';
import type { IdArguments } from '../cli/ids.js';
import { DATE_PATTERN, FORMAT_MESSAGES, TIME_PATTERN } from '../client/schemas/values.js';

/** An id as the service gives it: a whole number, or a code such as EKDJHH. */
const idValue = z.union([z.string().trim().min(1), z.number().int().positive()]);

function valueSchema(spec: ParamSpec): z.ZodType {
  switch (spec.kind ?? 'text') {
    case 'enum':
      return z.enum(spec.choices as readonly [string, ...string[]]);
    case 'date':
      return z.string().regex(DATE_PATTERN, FORMAT_MESSAGES.date);
    case 'time':
      return z.string().regex(TIME_PATTERN, FORMAT_MESSAGES.time);
    case 'integer':
      return z.number().int();
    case 'number':
      return spec.allowBlank ? z.number().nullable() : z.number();
    case 'boolean':
      return z.boolean();
    case 'url':
      return z.url({ protocol: /^https?$/ });
    default:
      return z.string();
  }
}

const FORMAT_HINTS: Partial<Record<NonNullable<ParamSpec['kind']>, string>> = { date: ' (yyyy-mm-dd)', time: ' (HH:MM, 24-hour)' };

function describe(spec: ParamSpec): string {
  const blank = spec.allowBlank ? ' (null: left blank)' : '';
  return `${spec.description}${FORMAT_HINTS[spec.kind ?? 'text'] ?? ''}${blank}`;
}

/**
 * The input shape of a tool taking `params`. `fieldsRequired`: whether the verb's required
 * fields are required here too (a create), or only the ids (an update, which reads the rest back).
 */
export function inputShape(params: readonly ParamSpec[], fieldsRequired: boolean): z.ZodRawShape {
  return Object.fromEntries(
    params.map((spec) => {
      const schema = (spec.positional ? idValue : valueSchema(spec)).describe(spec.positional ? spec.description : describe(spec));
      return [spec.name, spec.positional || (fieldsRequired && spec.required) ? schema : schema.optional()];
    }),
  );
}

function asText(value: unknown): string {
  return value === null ? '' : String(value);
}

/** A tool's arguments as the verb takes them: ids by argument name (EVENT_ID), the rest as flag values. */
export function verbInput(params: readonly ParamSpec[], input: Readonly<Record<string, unknown>>): { ids: IdArguments; values: ParamValues } {
  const ids: Record<string, string> = {};
  const values: ParamValues = {};
  for (const spec of params) {
    const value = input[spec.name];
    if (value === undefined) continue;
    if (spec.positional) ids[spec.positional] = asText(value).trim();
    else values[spec.name] = asText(value);
  }
  return { ids, values };
}
