// P1–P6 over real HTTP: catalogue, event search with every P4 filter and pagination, event and
// ticket details in the shapes of 2.1–2.5 (checked with the client's schemas).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  categoriesResponse,
  eventDetailsResponse,
  eventSearchResponse,
  segmentsResponse,
  ticketDetailsResponse,
  topicsResponse,
} from '../../src/client/schemas/index.js';
import { startTestSandbox, useTestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, expectError, expectSuccess, manualClock } from './api.js';
import { addTicket, buy, createEvent, organizer, publisher } from './publisher-fixture.js';

const sandbox = useTestSandbox({ clock: manualClock(TEST_NOW) });
const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.jazz = await createEvent(sandbox, {
    eventTitle: 'Summer Jazz Night',
    category: 'music',
    city: 'Pune',
    topics: 'jazz,concerts',
    startDate: '2026-07-10',
    endDate: '2026-07-10',
  });
  ids.ai = await createEvent(sandbox, {
    eventTitle: 'AI Summit',
    category: 'technology',
    type: 'conference',
    city: 'Bengaluru',
    topics: 'artificial-intelligence',
    startDate: '2026-08-01',
    endDate: '2026-08-02',
    aboutEvent: '<p>Machine learning talks</p>',
  });
  ids.run = await createEvent(sandbox, {
    eventTitle: 'City Run',
    category: 'sports',
    city: 'Pune',
    topics: 'running',
    aboutEvent: '<p>5k and 10k runs</p>',
    startDate: '2026-09-05',
    endDate: '2026-09-05',
  });
  ids.hidden = await createEvent(sandbox, { eventTitle: 'Private Jazz Dinner', eventType: 'private', category: 'music', city: 'Pune' });
  await addTicket(sandbox, ids.jazz, { price: '500' });
  await addTicket(sandbox, ids.jazz, { ticketName: 'VIP', price: '2000' });
  const aiTicket = await addTicket(sandbox, ids.ai, { price: '5000', quantity: '20' });
  await addTicket(sandbox, ids.run, { price: '0' });
  await addTicket(sandbox, ids.hidden, { price: '100' });
  // the AI summit becomes the most popular
  await buy(sandbox, ids.ai, [{ ticketId: aiTicket, quantity: 1 }]);
  await buy(sandbox, ids.ai, [{ ticketId: aiTicket, quantity: 1 }]);
});

async function search(fields: Record<string, string>): Promise<string[]> {
  const body = eventSearchResponse.parse(expectSuccess(await publisher(sandbox, 'events', { fields })));
  return body.events.map((event) => String(event.id));
}

describe('catalogue', () => {
  it('P1 serves the segment tree, narrowed by eventType and type to categories with events', async () => {
    const all = segmentsResponse.parse(expectSuccess(await publisher(sandbox, 'segments')));
    const categories = all.segments.flatMap((segment) => segment.category.map((category) => category.categoryId));
    expect(categories).toHaveLength(23);
    expect(all.segments[0].category[0].topics.length).toBeGreaterThan(0);
    const conferences = segmentsResponse.parse(expectSuccess(await publisher(sandbox, 'segments', { fields: { eventType: 'public', type: 'conference' } })));
    expect(conferences.segments.flatMap((segment) => segment.category.map((category) => category.categoryId))).toEqual(['technology']);
    expectError(await publisher(sandbox, 'segments', { fields: { type: 'gala' } }), 'E002', 400, 'type');
  });

  it('P2 and P3 serve the category and topic maps', async () => {
    const categories = categoriesResponse.parse(expectSuccess(await publisher(sandbox, 'categories'))).categories;
    expect(categories.music).toBe('Music');
    const topics = topicsResponse.parse(expectSuccess(await publisher(sandbox, 'topics'))).topics;
    expect(topics.entertainment).toContain('Jazz');
  });
});

describe('P4 event search', () => {
  it('lists public events only, soonest first by default', async () => {
    expect(await search({})).toEqual([ids.jazz, ids.ai, ids.run]);
  });

  it('filters by keyword (title or description), city and category', async () => {
    expect(await search({ keyword: 'jazz' })).toEqual([ids.jazz]);
    expect(await search({ keyword: 'machine learning' })).toEqual([ids.ai]);
    expect(await search({ keyword: '100%_' })).toEqual([]);
    expect(await search({ city: 'pune' })).toEqual([ids.jazz, ids.run]);
    expect(await search({ category: 'technology' })).toEqual([ids.ai]);
  });

  it('filters by free/paid and by price range on the lowest ticket price', async () => {
    expect(await search({ price: 'free' })).toEqual([ids.run]);
    expect(await search({ price: 'paid' })).toEqual([ids.jazz, ids.ai]);
    expect(await search({ fromPrice: '100', toPrice: '1000' })).toEqual([ids.jazz]);
    expect(await search({ fromPrice: '1000' })).toEqual([ids.ai]);
  });

  it('filters by dates (events overlapping the range) and topics', async () => {
    expect(await search({ fromDate: '2026-08-02', toDate: '2026-09-01' })).toEqual([ids.ai]);
    expect(await search({ topics: 'running,concerts' })).toEqual([ids.jazz, ids.run]);
    expectError(await publisher(sandbox, 'events', { fields: { fromDate: '2026-09-01', toDate: '2026-08-01' } }), 'E003', 400, 'toDate');
  });

  it('sorts by popularity and by latest', async () => {
    expect((await search({ sortBy: 'popularity' }))[0]).toBe(ids.ai);
    expect(await search({ sortBy: 'latest' })).toEqual([ids.run, ids.ai, ids.jazz]);
  });

  it('pages 20 at a time from page 1', async () => {
    const fresh = await startTestSandbox({ clock: manualClock(TEST_NOW) });
    try {
      const created: string[] = [];
      for (let index = 0; index < 25; index += 1) created.push(await createEvent(fresh, { startDate: '2026-07-10' }));
      const page = async (fields: Record<string, string>) =>
        eventSearchResponse.parse(expectSuccess(await publisher(fresh, 'events', { fields }))).events.map((event) => String(event.id));
      const first = await page({});
      const second = await page({ page: '2' });
      expect(first).toHaveLength(20);
      expect([...first, ...second]).toEqual(created);
      expect(await page({ page: '3' })).toEqual([]);
      expectError(await publisher(fresh, 'events', { fields: { page: '0' } }), 'E002', 400, 'page');
    } finally {
      await fresh.close();
    }
  });

  it('summarises events as 2.3', async () => {
    const body = eventSearchResponse.parse(expectSuccess(await publisher(sandbox, 'events', { fields: { keyword: 'jazz' } })));
    expect(body.events[0]).toMatchObject({
      title: 'Summer Jazz Night',
      startDateFormat: '2026-07-10',
      startDate: 'Fri, 10 Jul 2026',
      startTime: '06:00 PM',
      startDateTime: '2026-07-10 18:00:00',
      category: 'music',
      type: 'ticketing',
      city: 'Pune',
      currency: 'INR',
      minPrice: '500',
      topics: ['jazz', 'concerts'],
    });
  });
});

describe('P5, P6 details', () => {
  it('P5 serves the event (2.4) with tabs, soldout and favourite, by GET query', async () => {
    const body = eventDetailsResponse.parse(expectSuccess(await publisher(sandbox, 'event-details', { method: 'GET', query: { eventId: ids.jazz } })));
    expect(body.events).toMatchObject({
      id: Number(ids.jazz),
      title: 'Summer Jazz Night',
      startDate: '2026-07-10',
      startTime: '18:00',
      price: '500',
      email: 'organizer@sandbox.local',
      isAttendeeFormEnabled: 'yes',
    });
    expect(body).toMatchObject({ soldout: 'no', favourite: 'no', tabs: [] });
  });

  it('P5 reaches a private event by id', async () => {
    expectSuccess(await publisher(sandbox, 'event-details', { method: 'GET', query: { eventId: ids.hidden } }));
  });

  it('P6 serves the tickets (2.5) with what is left and the automatic discounts only', async () => {
    const ticket = await addTicket(sandbox, ids.run, { ticketName: 'Pacer', price: '300', quantity: '7' });
    await organizer(sandbox, '/api/e/add-discount', {
      eventId: ids.run,
      ticketId: String(ticket),
      discountCategory: 'flat',
      discount: '50',
      discountType: 'fixed',
    });
    await organizer(sandbox, '/api/e/add-discount', {
      eventId: ids.run,
      ticketId: String(ticket),
      discountCategory: 'code',
      discount: '10',
      discountType: 'percentage',
      code: 'SECRET',
    });
    const body = ticketDetailsResponse.parse(expectSuccess(await publisher(sandbox, 'ticket-details', { method: 'GET', query: { eventId: ids.run } })));
    const pacer = body.tickets.find((entry) => entry.name === 'Pacer');
    expect(pacer).toMatchObject({ price: 300, quantity: 7, minQuantity: 1, maxQuantity: 10, status: 'published', availability: 'Available' });
    expect(pacer?.discounts).toEqual([expect.objectContaining({ discountCategory: 'flat', discount: 50 })]);
    expect(JSON.stringify(body)).not.toContain('SECRET');
    expect(body.currency).toBe('INR');
  });

  it('E007 for an unknown or malformed event id, E002 without one', async () => {
    expectError(await publisher(sandbox, 'event-details', { method: 'GET', query: { eventId: '424242' } }), 'E007', 404);
    expectError(await publisher(sandbox, 'ticket-details', { method: 'GET', query: { eventId: 'abc' } }), 'E007', 404);
    expectError(await publisher(sandbox, 'ticket-details', { method: 'GET' }), 'E002', 400, 'eventId');
  });
});
