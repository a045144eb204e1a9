// An attendee-list record (an order) → the rows of the sync table, shaped exactly as the export
// shapes them (flattenRecord: the export's fixed columns and the custom answers), each with its
// stable key: ORDER_NO/TICKET_NO, or ORDER_NO#N (the attendee's place in the order) when the
// service gave no ticket number; a ticket number repeated inside one order gets #N appended.
import type { AttendeeRecord } from '../client/schemas/index.js';
import { FIXED_COLUMNS, flattenRecord } from '../export/flatten.js';

type FixedColumn = (typeof FIXED_COLUMNS)[number];

/** One attendee as the change feed and the table hold it: the export's columns and the answers. */
export type AttendeeState = Record<FixedColumn, string> & { answers: Record<string, string> };

/**
 * The rows of one order, each with its stable key and the zone its purchase date is wall time in
 * (the record's; UTC when it names none).
 */
export function rowsOfRecord(record: AttendeeRecord): { key: string; state: AttendeeState; zone: string }[] {
  const zone = record.purchaseDate?.timezone ?? 'UTC';
  const taken = new Set<string>();
  return flattenRecord(record).map((row, index) => {
    const state = {} as AttendeeState; // the export's columns, then the answers (the feed's order)
    FIXED_COLUMNS.forEach((column, position) => {
      state[column] = row.fixed[position];
    });
    state.answers = Object.fromEntries(row.answers);
    const ticketNo = state.ticketNo.trim();
    let key = ticketNo === '' ? `${state.orderNo}#${index + 1}` : `${state.orderNo}/${ticketNo}`;
    if (taken.has(key)) key = `${key}#${index + 1}`;
    taken.add(key);
    return { key, state, zone };
  });
}

/** The answers as JSON in one order whatever order they came in (jsonb keeps none). */
export const answersText = (answers: Record<string, string>): string => JSON.stringify(Object.fromEntries(Object.entries(answers).sort()));

/** Compares two states as the feed would show them. */
export function sameState(a: AttendeeState, b: AttendeeState): boolean {
  return JSON.stringify({ ...a, answers: answersText(a.answers) }) === JSON.stringify({ ...b, answers: answersText(b.answers) });
}
