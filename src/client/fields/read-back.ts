// A record as the service answers it (get-event 2.10, get-tickets 2.11: other names, date-time
// objects, numbers as text, `visiblity` as a boolean) in its update request's terms, and the one
// read-back-then-update merge the update commands and `apply` share.
import { fieldsOf, type FieldSpec, type ResourceTable } from './table.js';

export type FieldValues = Record<string, unknown>;

export function numberOrUndefined(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function booleanOrUndefined(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

export function textOrUndefined(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The last path segment: the service may answer with the full page address for a slug. */
export function urlSlug(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** `{date: '2027-03-12 09:00:00', …}` (or the bare text) → its date and its HH:MM (when it has one). */
export function splitDateTime(value: unknown): { date: string; time?: string } | undefined {
  const text = value !== null && typeof value === 'object' ? (value as { date?: unknown }).date : value;
  const match = typeof text === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(text.trim()) : null;
  return match ? { date: match[1], time: match[2] } : undefined;
}

/** An enum's value from the words the service uses for it (`active` for `published`), or from its boolean. */
function choiceOrUndefined(field: FieldSpec, value: unknown, truth: readonly [string, string] | undefined): string | undefined {
  const flag = truth && typeof value !== 'string' ? booleanOrUndefined(value) : undefined;
  if (flag !== undefined && truth) return flag ? truth[0] : truth[1];
  const word = textOrUndefined(value)?.trim().toLowerCase();
  if (word === undefined) return undefined;
  return field.choices?.find((candidate) => candidate.toLowerCase() === word) ?? field.synonyms?.[word];
}

function readValue(field: FieldSpec, value: unknown, truth: readonly [string, string] | undefined): unknown {
  switch (field.kind ?? 'text') {
    case 'date':
      return splitDateTime(value)?.date;
    case 'time':
      return splitDateTime(value)?.time;
    case 'integer':
      return numberOrUndefined(value);
    case 'number':
      // null: a blank value of its own (a ticket's "any amount").
      return value === null && field.blank ? '' : numberOrUndefined(value);
    case 'boolean':
      return booleanOrUndefined(value);
    case 'enum':
      return choiceOrUndefined(field, value, truth);
    default: {
      const text = textOrUndefined(value);
      return text !== undefined && field.format === 'slug' ? urlSlug(text) : text;
    }
  }
}

/** The one read-back view: every field the update sends that the service's answer holds. */
export function readBack(table: ResourceTable, record: object): FieldValues {
  const answer = record as Readonly<Record<string, unknown>>;
  const view: FieldValues = {};
  for (const field of fieldsOf(table, 'update')) {
    if (field.read === undefined || field.read === 'never') continue;
    const { from, truth } = field.read;
    const value = [from].flat().reduce<unknown>((found, source) => found ?? readValue(field, answer[source], truth), undefined);
    if (value !== undefined) view[field.name] = value;
  }
  return view;
}

/**
 * What an update sends: the values given, over the record as read back, over what was last sent
 * (for what the service never returns). Only the update's own fields are kept.
 */
export function mergeForUpdate(
  table: ResourceTable,
  parts: { readBack?: FieldValues; lastSent?: Readonly<FieldValues>; given: Readonly<FieldValues> },
): FieldValues {
  const merged: FieldValues = {};
  for (const field of fieldsOf(table, 'update')) {
    if (field.kind === 'id') continue;
    const value = parts.given[field.name] ?? parts.readBack?.[field.name] ?? parts.lastSent?.[field.name];
    if (value !== undefined) merged[field.name] = value;
  }
  return merged;
}
