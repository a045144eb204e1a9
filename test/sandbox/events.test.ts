// E1 create, E2 update, E7 get-event, E9 get-all-events over real HTTP, in both body encodings.
import { describe, expect, it } from 'vitest';
import { getAllEventsResponse, getEventResponse } from '../../src/client/schemas/index.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { ENCODINGS, TEST_NOW, expectError, expectSuccess, manualClock, post, uniqueSlug, validEvent, without } from './api.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

describe.each(ENCODINGS)('E1 create (%s)', (encoding) => {
  const create = (fields: Record<string, string>, token = sandbox.tokens.organizer) => post(sandbox.url, '/api/e/create', fields, { token, encoding });

  it('creates an event and answers S001 with its id', async () => {
    const body = expectSuccess(await create(validEvent()));
    expect(body.message).toBe('S001');
    expect(body.eventId).toMatch(/^\d+$/);
  });

  it('refuses a missing or unknown token with E001 (401)', async () => {
    expectError(await post(sandbox.url, '/api/e/create', validEvent(), { encoding }), 'E001', 401);
    expectError(await create(validEvent(), 'sbx_at_not-a-token'), 'E001', 401);
  });

  it('names every missing mandatory field with E002', async () => {
    const answer = await create(without(validEvent(), 'eventTitle', 'aboutEvent', 'startTime'));
    expectError(answer, 'E002', 400, 'eventTitle,startTime,aboutEvent');
    expect(answer.body.description).toContain('eventTitle');
  });

  it('counts a blank value as missing', async () => {
    expectError(await create(validEvent({ contactInfo: '   ' })), 'E002', 400, 'contactInfo');
  });

  it('refuses a bad start time or date with E017 and a bad end with E018', async () => {
    expectError(await create(validEvent({ startTime: '6pm' })), 'E017', 400, 'startTime');
    expectError(await create(validEvent({ startDate: '2026-02-30' })), 'E017', 400, 'startDate');
    expectError(await create(validEvent({ endTime: '24:00' })), 'E018', 400, 'endTime');
    expectError(await create(validEvent({ endDate: '10/07/2026' })), 'E018', 400, 'endDate');
  });

  it('refuses an end not after the start with E003', async () => {
    expectError(await create(validEvent({ endTime: '18:00' })), 'E003', 400, 'endDate');
    expectError(await create(validEvent({ endDate: '2026-07-09' })), 'E003', 400, 'endDate');
  });

  it('refuses a start date before today with E004, and accepts today', async () => {
    expectError(await create(validEvent({ startDate: '2026-05-31', endDate: '2026-07-10' })), 'E004', 400, 'startDate');
    expectSuccess(await create(validEvent({ startDate: '2026-06-01', startTime: '12:00', endDate: '2026-06-01' })));
  });

  it('refuses a missing category with E021, and one outside the list with E021', async () => {
    expectError(await create(without(validEvent(), 'category')), 'E021', 400, 'category');
    expectError(await create(validEvent({ category: 'knitting' })), 'E021', 400, 'category');
  });

  it('refuses a missing url with E024, and one that is not an address part', async () => {
    expectError(await create(without(validEvent(), 'url')), 'E024', 400, 'url');
    expectError(await create(validEvent({ url: 'has spaces/and slashes' })), 'E024', 400, 'url');
  });

  it('refuses a url another event uses with E006 (409)', async () => {
    const fields = validEvent();
    expectSuccess(await create(fields));
    expectError(await create(validEvent({ url: fields.url.toUpperCase() })), 'E006', 409, 'url');
  });

  it('refuses a subdomain used by another account with E005, but lets its owner reuse it', async () => {
    const subdomain = uniqueSlug('sub');
    expectSuccess(await create(validEvent({ subdomain })));
    expectSuccess(await create(validEvent({ subdomain })));
    const other = sandbox.mintToken('organizer', `other-${encoding}@example.test`);
    expectError(await create(validEvent({ subdomain }), other), 'E005', 409, 'subdomain');
  });

  it('refuses values outside the enumerations with E002 naming the field', async () => {
    expectError(await create(validEvent({ eventType: 'secret' })), 'E002', 400, 'eventType');
    expectError(await create(validEvent({ type: 'party' })), 'E002', 400, 'type');
  });
});

describe.each(ENCODINGS)('E2 update (%s)', (encoding) => {
  const update = (fields: Record<string, string>, token = sandbox.tokens.organizer) => post(sandbox.url, '/api/e/update', fields, { token, encoding });

  async function createEvent(overrides: Record<string, string> = {}): Promise<{ eventId: string; fields: Record<string, string> }> {
    const fields = validEvent(overrides);
    const body = expectSuccess(await post(sandbox.url, '/api/e/create', fields, { token: sandbox.tokens.organizer, encoding }));
    return { eventId: String(body.eventId), fields };
  }

  function updateFields(created: { eventId: string; fields: Record<string, string> }, overrides: Record<string, string> = {}) {
    return { ...without(created.fields, 'segment', 'topics'), eventId: created.eventId, ...overrides };
  }

  it('updates an event, answers S002, and get-event reads the change back', async () => {
    const created = await createEvent();
    const body = expectSuccess(await update(updateFields(created, { eventTitle: 'Autumn Jazz', endTime: '23:30' })));
    expect(body).toMatchObject({ message: 'S002', eventId: created.eventId });
    const read = expectSuccess(await post(sandbox.url, '/api/e/get-event', { eventId: created.eventId }, { token: sandbox.tokens.organizer, encoding }));
    const event = getEventResponse.parse(read).event;
    expect(event.name).toBe('Autumn Jazz');
    expect(event.endDate.date).toBe('2026-07-10 23:30:00');
    expect(event.city).toBe('Pune');
  });

  it("refuses an unknown event id with E007 (404) and another organizer's event with E008 (403)", async () => {
    const created = await createEvent();
    expectError(await update(updateFields(created, { eventId: '999999999' })), 'E007', 404, 'eventId');
    expectError(await update(updateFields(created, { eventId: 'abc' })), 'E007', 404, 'eventId');
    const other = sandbox.mintToken('organizer', `intruder-${encoding}@example.test`);
    expectError(await update(updateFields(created), other), 'E008', 403);
  });

  it('refuses a url of another event with E009 and keeps its own url', async () => {
    const first = await createEvent();
    const second = await createEvent();
    expectError(await update(updateFields(second, { url: first.fields.url })), 'E009', 409, 'url');
    expectSuccess(await update(updateFields(second)));
  });

  it('applies E004 only to a start date that changes (contract)', async () => {
    const created = await createEvent({ startDate: '2026-06-02', endDate: '2026-06-03' });
    clock.set('2026-06-05T10:00:00Z');
    try {
      expectSuccess(await update(updateFields(created, { eventTitle: 'Still on' })));
      expectError(await update(updateFields(created, { startDate: '2026-06-03' })), 'E004', 400, 'startDate');
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('refuses missing fields (E002), formats (E017/E018), order (E003) and subdomain (E005)', async () => {
    const created = await createEvent();
    expectError(await update(without(updateFields(created), 'eventId')), 'E002', 400, 'eventId');
    expectError(await update(updateFields(created, { startTime: '7' })), 'E017', 400, 'startTime');
    expectError(await update(updateFields(created, { endTime: '7' })), 'E018', 400, 'endTime');
    expectError(await update(updateFields(created, { endDate: '2026-07-01' })), 'E003', 400, 'endDate');
    const subdomain = uniqueSlug('taken');
    const other = sandbox.mintToken('organizer', `subowner-${encoding}@example.test`);
    expectSuccess(await post(sandbox.url, '/api/e/create', validEvent({ subdomain }), { token: other, encoding }));
    expectError(await update(updateFields(created, { subdomain })), 'E005', 409, 'subdomain');
  });
});

describe('public event page', () => {
  it('shows the event with its text escaped, and 404 for an unknown address', async () => {
    const fields = validEvent({ eventTitle: '<script>alert(1)</script> Night', aboutEvent: '<p>Fun &amp; <img src=x onerror=alert(1)></p>' });
    expectSuccess(await post(sandbox.url, '/api/e/create', fields, { token: sandbox.tokens.organizer }));
    const html = await (await fetch(`${sandbox.url}/e/${fields.url}`)).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Night');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect((await fetch(`${sandbox.url}/e/no-such-event`)).status).toBe(404);
  });
});

describe.each(ENCODINGS)('E7 get-event and E9 get-all-events (%s)', (encoding) => {
  it('reads an event in the 2.10 shape', async () => {
    const fields = validEvent({ subdomain: uniqueSlug('jazz') });
    const created = expectSuccess(await post(sandbox.url, '/api/e/create', fields, { token: sandbox.tokens.organizer, encoding }));
    const body = expectSuccess(
      await post(sandbox.url, '/api/e/get-event', { eventId: String(created.eventId) }, { token: sandbox.tokens.organizer, encoding }),
    );
    const event = body.event as Record<string, unknown>;
    expect(getEventResponse.safeParse(body).success).toBe(true);
    expect(event).toMatchObject({
      id: Number(created.eventId),
      name: fields.eventTitle,
      url: fields.url,
      description: fields.aboutEvent,
      contactInfo: fields.contactInfo,
      eventCategory: 'music',
      eventStatus: 'published',
      eventType: 'ticketing',
      visiblity: true,
      listingImage: fields.listingImage,
      country: 'India',
      startDate: { date: '2026-07-10 18:00:00', timezone_type: 3, timezone: 'UTC' },
      endDate: { date: '2026-07-10 23:00:00', timezone_type: 3, timezone: 'UTC' },
      subdomain: fields.subdomain,
      extUrl: null,
      customTicketMessge: null,
    });
    expect(typeof event.pricingModel).toBe('string');
    expect(event.auditCreated).toEqual({ date: '2026-06-01 10:00:00', timezone_type: 3, timezone: 'UTC' });
  });

  it("refuses a missing eventId (E002), an unknown one (E007) and another organizer's (E008)", async () => {
    const token = sandbox.tokens.organizer;
    expectError(await post(sandbox.url, '/api/e/get-event', {}, { token, encoding }), 'E002', 400, 'eventId');
    expectError(await post(sandbox.url, '/api/e/get-event', { eventId: '42' }, { token, encoding }), 'E007', 404);
    const created = expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token, encoding }));
    const other = sandbox.mintToken('organizer', `reader-${encoding}@example.test`);
    expectError(await post(sandbox.url, '/api/e/get-event', { eventId: String(created.eventId) }, { token: other, encoding }), 'E008', 403);
    expectError(await post(sandbox.url, '/api/e/get-event', { eventId: String(created.eventId) }, { encoding }), 'E001', 401);
  });

  it("lists only the caller's own events, in the 2.12 shape", async () => {
    const token = sandbox.mintToken('organizer', `lister-${encoding}@example.test`);
    const fields = validEvent();
    const created = expectSuccess(await post(sandbox.url, '/api/e/create', fields, { token, encoding }));
    const body = expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token, encoding }));
    const events = getAllEventsResponse.parse(body).events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventId: String(created.eventId),
      eventType: 'public',
      type: 'ticketing',
      eventTitle: fields.eventTitle,
      actualUrl: fields.url,
      category: 'music',
      startDate: '2026-07-10',
      endDate: '2026-07-10',
      startTime: '18:00:00',
      endTime: '23:00:00',
      aboutEvent: fields.aboutEvent,
      shortDescription: 'An evening of jazz .',
      createdOn: '2026-06-01 10:00:00',
      status: 'published',
    });
    expect(String(events[0].url)).toMatch(new RegExp(`/e/${fields.url}$`));
    const page = await fetch(String(events[0].url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<h1>${fields.eventTitle}</h1>`);
    expectError(await post(sandbox.url, '/api/e/get-all-events', {}, { encoding }), 'E001', 401);
  });
});
