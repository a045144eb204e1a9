// The columns of boxoffice_attendees (docs/sync.md "Schema"): export columns typed where their
// values have a type (money, the check-in flag, the purchase time), and the way back to the text.
// A text its type does not give back exactly keeps NULL or its nearest value in the column and
// the text as sent in `as_sent`: the row is never lossy.
import { FIXED_COLUMNS } from '../export/flatten.js';
import { isKnownTimezone, instantOf } from '../util/zoned-time.js';
import type { Dialect, SqlValue } from './destination.js';
import type { AttendeeState } from './rows.js';

type FixedColumn = (typeof FIXED_COLUMNS)[number];
type Kind = 'text' | 'money' | 'flag' | 'instant' | 'json';

/** A field's table column: orderNo → order_no. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const TYPED: Partial<Record<FixedColumn, Kind>> = { purchaseDate: 'instant', checkin: 'flag', orderCost: 'money' };
/** Worked out once: they are used for every row. */
const COLUMNS = FIXED_COLUMNS.map((field) => ({ field, column: columnOf(field), kind: TYPED[field] ?? 'text' }));

export const SQL_TYPES: Record<Kind, Record<Dialect, string>> = {
  text: { sqlite: 'TEXT', postgres: 'text' },
  money: { sqlite: 'REAL', postgres: 'numeric' },
  flag: { sqlite: 'INTEGER', postgres: 'boolean' },
  instant: { sqlite: 'TEXT', postgres: 'timestamptz' },
  json: { sqlite: 'TEXT', postgres: 'jsonb' },
};

/** The export's columns as table columns with their types (text ones NOT NULL). */
export function fixedColumnsDdl(dialect: Dialect): string {
  return COLUMNS.map(({ column, kind }) => `  ${column} ${SQL_TYPES[kind][dialect]}${kind === 'text' ? ' NOT NULL' : ''},`).join('\n');
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** The UTC instant's "yyyy-mm-dd HH:MM:SS": the purchase date's text when the service wrote it in UTC. */
const utcWallTime = (iso: string): string => iso.slice(0, 19).replace('T', ' ');

/** The last purchase time placed (the rows of one order share it: placing one takes Intl two formats). */
let lastInstant = { text: '', zone: null as string | null, value: null as SqlValue };

function typedValue(kind: Kind, text: string, zone: string | null): SqlValue {
  if (kind === 'money') return DECIMAL.test(text) ? Number(text) : null;
  if (kind === 'flag') return text === 'yes' ? 1 : text === 'no' ? 0 : null;
  if (kind === 'instant') {
    if (lastInstant.text === text && lastInstant.zone === zone) return lastInstant.value;
    const instant = zone === null || (zone !== 'UTC' && !isKnownTimezone(zone)) ? undefined : instantOf(text, zone);
    lastInstant = { text, zone, value: instant === undefined ? null : new Date(instant).toISOString() };
    return lastInstant.value;
  }
  return text;
}

/** A stored timestamp as ISO-8601 text (PostgreSQL's driver gives a Date, SQLite the text). */
export const isoOf = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value === null ? null : String(value));

function textOf(kind: Kind, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return String(Number(value));
  if (kind === 'flag') return value === true || Number(value) === 1 ? 'yes' : 'no';
  if (kind === 'instant') return utcWallTime(isoOf(value) as string);
  return String(value);
}

/**
 * The table columns of an attendee's state: typed, with `as_sent` holding the texts the typed
 * columns do not give back. `zone`: the zone the purchase date is wall time in (null: unknown).
 */
export function typedColumns(state: AttendeeState, zone: string | null): Record<string, SqlValue> {
  const columns: Record<string, SqlValue> = {};
  const asSent: Record<string, string> = {};
  for (const { field, column, kind } of COLUMNS) {
    const value = typedValue(kind, state[field], zone);
    columns[column] = value;
    if (kind !== 'text' && textOf(kind, value) !== state[field]) asSent[field] = state[field];
  }
  columns.answers = JSON.stringify(state.answers);
  columns.as_sent = Object.keys(asSent).length === 0 ? null : JSON.stringify(asSent);
  return columns;
}

/** The columns that hold JSON text (jsonb in PostgreSQL). */
export const JSON_COLUMNS = ['answers', 'as_sent'];

/** JSON text (SQLite) or the value PostgreSQL's driver parsed from jsonb. */
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** The attendee's state from its table columns: exactly the state they were written from. */
export function stateOfColumns(row: Readonly<Record<string, unknown>>): AttendeeState {
  const asSent = row.as_sent === null || row.as_sent === undefined ? {} : jsonOf<Record<string, string>>(row.as_sent);
  const fixed = Object.fromEntries(COLUMNS.map(({ field, column, kind }) => [field, asSent[field] ?? textOf(kind, row[column])]));
  return { ...(fixed as Record<FixedColumn, string>), answers: jsonOf<Record<string, string>>(row.answers) };
}
