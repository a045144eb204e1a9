// The attendee list (E11) as the client reads it: attendeeListResponse with a quick path in front.
// zod's parse of a 50-record batch (an object per record and attendee, a call per field) cost
// three times its JSON.parse. The quick path checks the records in place by the same rules and
// normalises them as the schema would; anything not plainly valid goes to the schema.
// test/client/attendee-list-reader.test.ts holds the two to the same output.
import * as z from 'zod/mini';
import { attendeeListResponse, keyedValues } from './resources.js';

type AttendeeList = z.output<typeof attendeeListResponse>;
type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): boolean => value == null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const isText = (value: unknown): boolean => value == null || typeof value === 'string';
const isTextOrNumber = (value: unknown): boolean => value == null || typeof value === 'string' || typeof value === 'number';

const RECORD_SCALARS = ['orderCost', 'quantity', 'paidBy', 'paidTo', 'refundAmount', 'city', 'state', 'country', 'address', 'zipcode', 'phoneNo'] as const;
const RECORD_TEXTS = ['status', 'name', 'email'] as const;
const ENTRY_TEXTS = ['ticketName', 'name', 'email', 'status'] as const;

function listOf(value: unknown): unknown[] | undefined {
  if (value == null) return [];
  if (Array.isArray(value)) return value;
  return isObject(value) ? keyedValues(value) : undefined;
}

function isPlainEntry(entry: unknown): entry is Fields {
  if (!isObject(entry)) return false;
  for (const field of ENTRY_TEXTS) if (!isText(entry[field])) return false;
  const details = entry.details;
  return isTextOrNumber(entry.ticketId) && isTextOrNumber(entry.ticketNo) && isScalar(entry.checkin) && (details == null || typeof details === 'object');
}

/** The record's attendees when every field is plainly valid; undefined otherwise. */
function plainEntries(record: unknown): Fields[] | undefined {
  if (!isObject(record)) return undefined;
  if (typeof record.orderNo !== 'string' && typeof record.orderNo !== 'number') return undefined;
  for (const field of RECORD_SCALARS) if (!isScalar(record[field])) return undefined;
  for (const field of RECORD_TEXTS) if (!isText(record[field])) return undefined;
  const date = record.purchaseDate;
  // A numeric-text timezone_type is the schema's to convert; a plain date text is read as {date}.
  const plainDate =
    isObject(date) &&
    typeof date.date === 'string' &&
    (date.timezone === undefined || typeof date.timezone === 'string') &&
    (date.timezone_type === undefined || typeof date.timezone_type === 'number');
  if (date != null && typeof date !== 'string' && !plainDate) return undefined;
  const entries = listOf(record.attendee);
  if (entries === undefined) return undefined;
  for (const entry of entries) if (!isPlainEntry(entry)) return undefined;
  return entries as Fields[];
}

function numberAsText(fields: Fields, field: string): void {
  if (typeof fields[field] === 'number') fields[field] = String(fields[field]);
}

/** The list read in place, or undefined for the schema to read (and report on). */
function readQuickly(body: unknown): AttendeeList | undefined {
  if (!isObject(body) || (body.status !== undefined && body.status !== 'success')) return undefined;
  const records = listOf(body.attendee);
  if (records === undefined) return undefined;
  const entriesOf: Fields[][] = [];
  for (const record of records) {
    const entries = plainEntries(record);
    if (entries === undefined) return undefined;
    entriesOf.push(entries);
  }
  // Every record is valid: only now is anything changed, so the schema never sees a half-read body.
  records.forEach((record, index) => {
    const fields = record as Fields;
    numberAsText(fields, 'orderNo');
    if (typeof fields.purchaseDate === 'string') fields.purchaseDate = { date: fields.purchaseDate };
    fields.attendee = entriesOf[index];
    for (const entry of entriesOf[index]) {
      numberAsText(entry, 'ticketId');
      numberAsText(entry, 'ticketNo');
    }
  });
  body.attendee = records;
  return body as AttendeeList;
}

export const attendeeListReader = z.lazy(() =>
  z.pipe(
    z.unknown(),
    z.transform((body, context): AttendeeList => {
      const quick = readQuickly(body);
      if (quick !== undefined) return quick;
      const result = attendeeListResponse.safeParse(body);
      if (result.success) return result.data;
      for (const issue of result.error.issues) context.issues.push({ ...issue, input: undefined });
      return z.NEVER;
    }),
  ),
);
