// A field is one line of its resource's table: from a copy of the event table with one line
// added, the flag, the prompt's format check, the request schema (and its type), the read-back
// and the read-back-then-update merge all know the new field.
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { UsageError } from '../../src/client/errors.js';
import { EVENT_TABLE } from '../../src/client/fields/event.js';
import { mergeForUpdate, readBack } from '../../src/client/fields/read-back.js';
import { requestSchema, type RequestOutput } from '../../src/client/fields/schema.js';
import { fixedAfterCreation, type ResourceTable } from '../../src/client/fields/table.js';
import { getEventResponse } from '../../src/client/schemas/index.js';
import { flagForField, paramsOf } from '../../src/cli/framework/fields.js';
import { addParamFlags, checkFormats } from '../../src/cli/framework/params.js';
import { updateEvent } from '../client/sample-requests.js';

const WITH_CAPACITY = {
  ...EVENT_TABLE,
  fields: [...EVENT_TABLE.fields, { name: 'capacity', kind: 'integer', min: 1, help: 'most attendees at once', read: { from: 'maxAttendees' } }],
} as const satisfies ResourceTable;

const when = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Kolkata' });
const { event } = getEventResponse.parse({
  status: 'success',
  event: {
    id: 12,
    name: 'Gala',
    url: 'https://gala.example.test/e/gala',
    description: '<p>x</p>',
    contactInfo: 'c@x.example',
    eventCategory: 'music',
    eventStatus: 'published',
    eventType: 'ticketing',
    visiblity: true,
    startDate: when('2030-05-01 18:00:00'),
    endDate: when('2030-05-02 23:30:00'),
    listingImage: 'l.png',
    searchImage: 's.png',
    region: 'MH',
    maxAttendees: '250',
  },
});

describe('a field added to the event table', () => {
  it('becomes a flag of create and update, with its help and its format check', () => {
    for (const verb of ['create', 'update'] as const) {
      const command = addParamFlags(new Command('x'), paramsOf(WITH_CAPACITY, verb));
      const option = command.options.find((candidate) => candidate.long === '--capacity');
      expect(option?.flags).toBe('--capacity <n>');
      expect(option?.description).toBe('most attendees at once');
      expect(() => checkFormats(paramsOf(WITH_CAPACITY, verb), { capacity: 'many' })).toThrow(
        new UsageError('invalid --capacity "many": expected a whole number', '--capacity'),
      );
    }
    // The real table has no such flag.
    expect(paramsOf(EVENT_TABLE, 'update').map((spec) => spec.name)).not.toContain('capacity');
  });

  it('becomes a field of the request schemas, typed', () => {
    const schema = requestSchema(WITH_CAPACITY, 'update');
    expect(schema.parse({ ...updateEvent, capacity: '250' }).capacity).toBe(250);
    expect(schema.parse(updateEvent).capacity).toBeUndefined();
    const refused = schema.safeParse({ ...updateEvent, capacity: '0' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['capacity', 'expected 1 or more']]);
    expectTypeOf<RequestOutput<typeof WITH_CAPACITY, 'update'>['capacity']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RequestOutput<typeof WITH_CAPACITY, 'create'>['segment']>().toEqualTypeOf<string>();
  });

  it('is read back from the service answer and kept by the update merge', () => {
    const view = readBack(WITH_CAPACITY, event);
    expect(view).toMatchObject({ capacity: 250, url: 'gala', eventType: 'public', headerImage: 's.png', state: 'MH' });
    expect(readBack(EVENT_TABLE, event)).not.toHaveProperty('capacity');
    const merged = mergeForUpdate(WITH_CAPACITY, { readBack: view, given: { eventTitle: 'Gala 2030' } });
    expect(merged).toMatchObject({ capacity: 250, eventTitle: 'Gala 2030', startDate: '2030-05-01', startTime: '18:00' });
    expect(mergeForUpdate(WITH_CAPACITY, { readBack: view, given: { capacity: '300' } }).capacity).toBe('300');
  });
});

describe('what the tables say beyond one field', () => {
  it('names a request field by its flag or its argument', () => {
    expect(flagForField('event', 'endDate')).toBe('--end-date');
    expect(flagForField('ticket', 'ticketId')).toBe('TICKET_ID');
    expect(flagForField('discount', 'fromQuantity')).toBe('--from-quantity');
    expect(flagForField('event', 'nonsense')).toBeUndefined();
    expect(flagForField('auth', 'endDate')).toBeUndefined();
  });

  it('knows what is fixed after creation', () => {
    expect(fixedAfterCreation(EVENT_TABLE)).toEqual(['segment', 'topics']);
  });

  it('merges what was last sent under the read-back, for the fields the answer lacks', () => {
    const merged = mergeForUpdate(WITH_CAPACITY, {
      readBack: { eventTitle: 'Read', capacity: 5 },
      lastSent: { eventTitle: 'Sent', country: 'India', segment: 'arts' },
      given: { city: 'Pune' },
    });
    expect(merged).toEqual({ eventTitle: 'Read', capacity: 5, country: 'India', city: 'Pune' });
  });
});
