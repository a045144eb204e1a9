// Request schemas built from a field table on first use (zod is not built at module load), with
// the request's TypeScript types derived from the same table.
import * as z from 'zod/mini';
import { booleanFlag, clockTime, enumOf, integer, isoDate, nonNegativeInteger, nonNegativeNumber, positiveInteger, requiredText } from '../schemas/common.js';
import { fieldsOf, type FieldSpec, type ResourceTable, type Verb } from './table.js';

/** An id: text on the wire; a whole number (as a library caller may hold it) is taken as its text. */
export const id = z.lazy(() =>
  z.union([requiredText, z.pipe(z.int().check(z.nonnegative()), z.transform(String))], {
    message: 'expected an id (text or a whole number)',
  }),
);

type Sent<F, V extends Verb> = F extends { on: infer O } ? (O extends V ? F : never) : F;
type FieldsOn<T extends ResourceTable, V extends Verb> = Sent<T['fields'][number], V>;

type OutputOf<F> = F extends { kind: 'enum'; choices: readonly (infer C)[] }
  ? C
  : F extends { kind: 'integer' | 'number' }
    ? number | (F extends { blank: string } ? '' : never)
    : F extends { kind: 'boolean' }
      ? boolean
      : string;
type InputOf<F> = F extends { kind: 'integer' | 'number' }
  ? OutputOf<F> | string
  : F extends { kind: 'boolean' }
    ? boolean | 'true' | 'false'
    : F extends { kind: 'id' }
      ? string | number
      : OutputOf<F>;

type Required<T extends ResourceTable, V extends Verb> = Extract<FieldsOn<T, V>, { required: true }>;
type Optional<T extends ResourceTable, V extends Verb> = Exclude<FieldsOn<T, V>, { required: true }>;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The request `verb` sends, as the schema produces it. */
export type RequestOutput<T extends ResourceTable, V extends Verb> = Flatten<
  { [F in Required<T, V> as F['name']]: OutputOf<F> } & { [F in Optional<T, V> as F['name']]?: OutputOf<F> }
>;
/** The request `verb` sends, as a caller may give it (numbers as text, booleans as "true"). */
export type RequestInput<T extends ResourceTable, V extends Verb> = Flatten<
  { [F in Required<T, V> as F['name']]: InputOf<F> } & { [F in Optional<T, V> as F['name']]?: InputOf<F> }
>;

function valueSchema(field: FieldSpec): z.core.$ZodType {
  switch (field.kind ?? 'text') {
    case 'id':
      return id;
    case 'date':
      return isoDate;
    case 'time':
      return clockTime;
    case 'integer':
      if (field.choices) {
        const message = `expected ${field.choices.slice(0, -1).join(', ')} or ${field.choices.at(-1)}`;
        return z.pipe(integer, z.literal(field.choices.map(Number), { message }));
      }
      return field.min === 1 ? positiveInteger : nonNegativeInteger;
    case 'number':
      return field.blank ? z.union([z.literal(''), nonNegativeNumber], { message: field.blank }) : nonNegativeNumber;
    case 'boolean':
      return booleanFlag;
    case 'enum':
      return enumOf(field.choices as readonly [string, ...string[]]);
    default:
      return field.required ? requiredText : z.string().check(z.trim());
  }
}

/** The object shape `verb` sends (but `omit`): fields both verbs send first, then the verb's own. */
export function requestShape(table: ResourceTable, verb: Verb, omit: readonly string[] = []): Record<string, z.core.$ZodType> {
  const fields = fieldsOf(table, verb).filter((field) => !omit.includes(field.name));
  const ordered = [...fields.filter((field) => field.on === undefined), ...fields.filter((field) => field.on !== undefined)];
  return Object.fromEntries(ordered.map((field) => [field.name, field.required ? valueSchema(field) : z.optional(valueSchema(field))]));
}

/** The table's rules across fields: a conditionally required field, then each rule. */
export function tableRules(table: ResourceTable) {
  const conditional = table.fields.filter((field) => field.requiredWhen !== undefined);
  return (value: Record<string, unknown>, ctx: z.core.$RefinementCtx): void => {
    for (const field of conditional) {
      const when = field.requiredWhen as { name: string; value: string };
      if (value[when.name] === when.value && (value[field.name] === undefined || value[field.name] === '')) {
        ctx.addIssue({ code: 'custom', path: [field.name], message: `required for a ${when.value} ${table.resource}` });
      }
    }
    for (const rule of table.rules) {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  };
}

export function requestSchema<const T extends ResourceTable, V extends Verb>(table: T, verb: V): z.ZodMiniType<RequestOutput<T, V>, RequestInput<T, V>> {
  return z.lazy(() => z.object(requestShape(table, verb)).check(z.superRefine(tableRules(table)))) as unknown as z.ZodMiniType<
    RequestOutput<T, V>,
    RequestInput<T, V>
  >;
}
