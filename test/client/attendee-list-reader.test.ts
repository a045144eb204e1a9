// The attendee list's quick reader (src/client/schemas/attendee-list.ts) against the schema it
// stands in front of: for every body, the same data on success and the same first problem
// (where and what) on failure.
import { describe, expect, it } from 'vitest';
import { attendeeListReader } from '../../src/client/schemas/attendee-list.js';
import { attendeeListResponse } from '../../src/client/schemas/index.js';
import { parseResponse } from '../../src/client/validate.js';

type Fields = Record<string, unknown>;

function entry(number: number): Fields {
  return {
    ticketName: 'VIP',
    ticketId: '200002',
    name: 'Meera Rao',
    email: 'meera@example.test',
    checkin: 'no',
    ticketNo: `T-${number}`,
    status: 'attending',
    details: { Company: 'Globex', 'T-shirt size': 'M' },
  };
}

function record(number: number): Fields {
  return {
    orderNo: `SBX${String(number).padStart(8, '0')}`,
    orderCost: 3075,
    quantity: 2,
    status: 'success',
    paidBy: 'guest',
    paidTo: null,
    refundAmount: null,
    city: 'Hyderabad',
    state: null,
    country: 'India',
    address: null,
    zipcode: null,
    phoneNo: '+919848308547',
    purchaseDate: { date: '2026-10-18 05:58:12', timezone_type: 3, timezone: 'UTC' },
    name: 'Vikram Patel',
    email: 'vikram@example.test',
    extra: { kept: true },
    attendee: [entry(1), { ...entry(2), details: [] }],
  };
}

const VALUES: unknown[] = [undefined, null, 'text', '', ' 12 ', 12, 1.5, true, false, {}, [], [{ label: 'a', value: 1 }], { a: 'b' }];
const RECORD_FIELDS = Object.keys(record(1));
const ENTRY_FIELDS = Object.keys(entry(1));
const DATES: unknown[] = [
  undefined,
  null,
  'today',
  // A plain date text, as an importer's fixture of the live service has it.
  '2013-11-13',
  { date: '2026-01-01' },
  { date: 1 },
  { date: '2026-01-01', timezone: null },
  { date: '2026-01-01', timezone: 5 },
  { date: '2026-01-01', timezone_type: '3' },
  { date: '2026-01-01', timezone_type: ' 3 ' },
  { date: '2026-01-01', timezone_type: 'three' },
  { date: '2026-01-01', timezone_type: null },
];

function withField(target: Fields, field: string, value: unknown): Fields {
  const copy = { ...target };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

function bodies(): unknown[] {
  const list: unknown[] = [];
  const envelope = (records: unknown): Fields => ({ status: 'success', attendee: records });
  list.push(envelope([record(1), record(2)]), envelope([]), envelope(null), envelope({}), { status: 'success' }, {}, [], null, 'text');
  list.push({ attendee: [record(1)] }, { status: 'error', attendee: [] }, { status: null, attendee: [] }, envelope([null]), envelope(['x']), envelope(5));
  // Keyed by absolute offsets, as the live service sends later batches.
  list.push(envelope({ 51: record(2), 50: record(1), 100: record(3) }), envelope({ 50: record(1), x: record(2) }));
  for (const field of RECORD_FIELDS) for (const value of VALUES) list.push(envelope([record(1), withField(record(2), field, value)]));
  for (const value of DATES) list.push(envelope([withField(record(1), 'purchaseDate', value)]));
  for (const field of ENTRY_FIELDS) {
    for (const value of VALUES) list.push(envelope([{ ...record(1), attendee: [entry(1), withField(entry(2), field, value)] }]));
  }
  for (const attendees of [null, undefined, [], {}, { 1: entry(2), 0: entry(1) }, [null], [5], 'x', { 0: 'x' }]) {
    list.push(envelope([withField(record(1), 'attendee', attendees)]));
  }
  return list;
}

const copy = (body: unknown): unknown => (body === undefined ? undefined : JSON.parse(JSON.stringify(body)));

describe('the attendee list reader', () => {
  it('reads every body as the schema does: the same data, or the same first problem', () => {
    let accepted = 0;
    for (const body of bodies()) {
      const expected = attendeeListResponse.safeParse(copy(body));
      const actual = attendeeListReader.safeParse(copy(body));
      expect(actual.success, JSON.stringify(body)).toBe(expected.success);
      if (expected.success && actual.success) {
        accepted += 1;
        expect(actual.data, JSON.stringify(body)).toStrictEqual(JSON.parse(JSON.stringify(expected.data)));
      } else if (!expected.success && !actual.success) {
        expect(actual.error.issues[0].path, JSON.stringify(body)).toEqual(expected.error.issues[0].path);
        expect(actual.error.issues[0].message, JSON.stringify(body)).toBe(expected.error.issues[0].message);
      }
    }
    // Both outcomes are exercised.
    expect(accepted).toBeGreaterThan(50);
    expect(bodies().length - accepted).toBeGreaterThan(50);
  });

  it('names the field that does not fit, as the schema does', () => {
    const body = { status: 'success', attendee: [record(1), withField(record(2), 'name', 5)] };
    const expected = (() => {
      try {
        parseResponse(attendeeListResponse, body, 'get the attendee list');
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    })();
    expect(expected).toMatch(/^get the attendee list: unexpected response: attendee/);
    expect(() => parseResponse(attendeeListReader, body, 'get the attendee list')).toThrow(expected);
  });

  it('normalises order and ticket numbers to text and a keyed list to an array, in order', () => {
    const body = { attendee: { 51: { ...record(2), orderNo: 7 }, 50: { ...record(1), attendee: { 0: { ...entry(1), ticketId: 9 } } } } };
    const read = parseResponse(attendeeListReader, body, 'get the attendee list');
    expect(read.attendee.map((item) => item.orderNo)).toEqual(['SBX00000001', '7']);
    expect(read.attendee[0].attendee[0].ticketId).toBe('9');
  });
});
