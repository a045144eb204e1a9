// A resource's fields as plain data, each declared once (event.ts, ticket.ts, discount.ts), from
// which the request schemas, the CLI's flags and prompts and the read-back are derived.
import { endIsAfterStart } from '../schemas/values.js';

export type Resource = 'event' | 'ticket' | 'discount';
/** create: E1, E3, E5; update: E2, E4, E6. */
export type Verb = 'create' | 'update';
type FieldKind = 'id' | 'text' | 'date' | 'time' | 'integer' | 'number' | 'boolean' | 'enum';

/** Where the service's answer (2.10, 2.11) holds a field: the first of `from` that has a value. */
interface ReadBack {
  from: string | readonly string[];
  /** A boolean the service sends for a two-valued enum: [the value for true, the value for false]. */
  truth?: readonly [string, string];
}

export interface FieldSpec {
  name: string;
  /** Default text. */
  kind?: FieldKind;
  /** The flag's help and the prompt's question. */
  help: string;
  /** The catalogue list the values come from, which the help points to. */
  catalogue?: 'segments' | 'topics';
  required?: boolean;
  /** Required only when another field has this value (a discount's code when its category is code). */
  requiredWhen?: { name: string; value: string };
  /** Sent by one verb only; a field sent only on create is fixed after creation. */
  on?: Verb;
  /** enum: the allowed values; integer: the allowed numbers, as text. */
  choices?: readonly string[];
  /** enum: other words accepted, each mapped to the choice it stands for. */
  synonyms?: Readonly<Record<string, string>>;
  /** enum, integer choices: what each choice means, shown beside it at the prompt. */
  choiceHelp?: Readonly<Record<string, string>>;
  /** enum: the choices offered at the prompt, where others are accepted but make no sense to pick (a new ticket "delete"). */
  askedChoices?: readonly string[];
  /** At the prompt, an answer proposed from another field's value (Enter takes it): its slug, or a copy. */
  proposal?: { from: string; as: 'slug' | 'copy' };
  /** integer: the smallest value (default 0). */
  min?: 0 | 1;
  /** number: blank is a value too (price: any amount; read back as null); the message for neither. */
  blank?: string;
  /** A shape checked on a new record's flags and answers; the service's read-back need not have it. */
  format?: 'slug' | 'url' | 'contact';
  /** An id given as a positional argument (EVENT_ID), never as a flag. */
  positional?: string;
  /** How it is read back from the service's answer; 'never': the service never returns it. */
  read?: ReadBack | 'never';
}

/** A rule across fields: the field to blame and why, when it fails. */
export type FieldRule = (value: Readonly<Record<string, unknown>>) => { field: string; message: string } | undefined;

export interface ResourceTable {
  resource: Resource;
  fields: readonly FieldSpec[];
  rules: readonly FieldRule[];
}

export function fieldsOf(table: ResourceTable, verb: Verb): FieldSpec[] {
  return table.fields.filter((field) => field.on === undefined || field.on === verb);
}

/** Fields create sends that update cannot (E2 has no segment): once created, they stay. */
export function fixedAfterCreation(table: ResourceTable): string[] {
  const updated = new Set(fieldsOf(table, 'update').map((field) => field.name));
  return fieldsOf(table, 'create')
    .filter((field) => field.kind !== 'id' && !updated.has(field.name))
    .map((field) => field.name);
}

export const endAfterStart: FieldRule = (value) =>
  endIsAfterStart(value) ? undefined : { field: 'endDate', message: 'end date-time must be later than start date-time' };

export function notBelow(low: string, high: string): FieldRule {
  return (value) => {
    const [a, b] = [value[low], value[high]];
    return typeof a === 'number' && typeof b === 'number' && a > b ? { field: high, message: `must not be less than ${low}` } : undefined;
  };
}
