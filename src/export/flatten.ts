// One attendee-list record (an order) → one flat row per attendee (docs/export.md), its custom form answers as (label, value) pairs in the record's order
// (columns.ts places them).
import type { AttendeeEntry, AttendeeRecord } from '../client/schemas/index.js';

export const FIXED_COLUMNS = [
  'orderNo',
  'purchaseDate',
  'buyerName',
  'buyerEmail',
  'phoneNo',
  'city',
  'ticketId',
  'ticketName',
  'ticketNo',
  'attendeeName',
  'attendeeEmail',
  'checkin',
  'attendeeStatus',
  // The order's total (what its buyer paid), repeated on each attendee row of the order.
  'orderCost',
] as const;

export type Answer = [label: string, value: string];

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * Answers from `details` ([] when none, an object label → value, or an array of {label, value}) and from `additionalInfo` (an object, as in order details).
 * Labels are trimmed; a label answered twice for one attendee keeps both values, joined by "; ".
 */
export function answersOf(entry: AttendeeEntry): Answer[] {
  const answers: Answer[] = [];
  collectAnswers(entry.details, answers);
  // Rarely sent: called only then, so that V8 compiles the hot path without a second copy of it.
  const additionalInfo = (entry as Record<string, unknown>).additionalInfo;
  if (additionalInfo != null) collectAnswers(additionalInfo, answers);
  return answers;
}

// Runs for every attendee: a plain loop over the few answers instead of a Map and closures.
function addAnswer(answers: Answer[], rawLabel: unknown, value: unknown): void {
  const label = cellText(rawLabel).trim();
  if (label === '') return;
  const text = cellText(value);
  for (const answer of answers) {
    if (answer[0] === label) {
      answer[1] = `${answer[1]}; ${text}`;
      return;
    }
  }
  answers.push([label, text]);
}

function collectAnswers(source: unknown, answers: Answer[]): void {
  if (Array.isArray(source)) {
    for (const item of source) {
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        const field = item as Record<string, unknown>;
        addAnswer(answers, field.label ?? field.name ?? field.key, field.value ?? field.answer);
      }
    }
  } else if (source !== null && typeof source === 'object') {
    const fields = source as Record<string, unknown>;
    for (const label of Object.keys(fields)) addAnswer(answers, label, fields[label]);
  }
}

/** The statuses kept, lower-cased; every attendee when absent. */
export type StatusFilter = ReadonlySet<string> | undefined;

const GIVEN_NAME_LABELS = ['first name', 'firstname', 'first_name'];
const FAMILY_NAME_LABELS = ['last name', 'lastname', 'last_name', 'surname'];

function answerFor(answers: readonly Answer[], labels: readonly string[]): string {
  return answers.find(([label]) => labels.includes(label.toLowerCase()))?.[1].trim() ?? '';
}

/** The attendee's name as sent; when the service sends none (`name: null`, live service 2020), the `First Name` and `Last Name` answers joined. */
function attendeeName(entry: AttendeeEntry, answers: readonly Answer[]): string {
  const sent = cellText(entry.name);
  if (sent.trim() !== '') return sent;
  const joined = [answerFor(answers, GIVEN_NAME_LABELS), answerFor(answers, FAMILY_NAME_LABELS)].filter((part) => part !== '').join(' ');
  return joined === '' ? sent : joined;
}

/** `fixed`: the values of FIXED_COLUMNS, in that order. */
export function flattenRecord(record: AttendeeRecord, statuses?: StatusFilter): { fixed: string[]; answers: Answer[] }[] {
  const rows: { fixed: string[]; answers: Answer[] }[] = [];
  if (record.attendee.length === 0) return rows;
  const orderNo = cellText(record.orderNo);
  const date = record.purchaseDate as unknown;
  const purchaseDate = cellText(date !== null && typeof date === 'object' && 'date' in date ? date.date : date);
  const buyerName = cellText(record.name);
  const buyerEmail = cellText(record.email);
  const phoneNo = cellText(record.phoneNo);
  const city = cellText(record.city);
  const orderCost = cellText(record.orderCost);
  for (const entry of record.attendee) {
    if (statuses !== undefined && !statuses.has(cellText(entry.status).trim().toLowerCase())) continue;
    const answers = answersOf(entry);
    rows.push({
      fixed: [
        orderNo,
        purchaseDate,
        buyerName,
        buyerEmail,
        phoneNo,
        city,
        cellText(entry.ticketId),
        cellText(entry.ticketName),
        cellText(entry.ticketNo),
        attendeeName(entry, answers),
        cellText(entry.email),
        cellText(entry.checkin),
        cellText(entry.status),
        orderCost,
      ],
      answers,
    });
  }
  return rows;
}
