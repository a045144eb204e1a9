// Seeding over real HTTP and through the CLI: POST /sandbox/seed and `boxoffice sandbox seed`
// create events whose confirmed orders (1–4 attendees, custom answers) fill the attendee list
// and report exactly once each; the demo data set; the benchmark module at a tiny size.
import { describe, expect, it } from 'vitest';
import { attendeeListResponse } from '../../src/client/schemas/index.js';
import { measureSeeding, seedBench } from '../../bench/seed.js';
import { runInProcess } from '../helpers/cli.js';
import { startTestSandbox, useTestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, expectError, expectSuccess, manualClock, post } from './api.js';
import { cart, publisher, saveAll, confirm } from './publisher-fixture.js';

const sandbox = useTestSandbox({ clock: manualClock(TEST_NOW) });

interface ListedRecord {
  orderNo: string;
  quantity: number;
  purchaseDate: { date: string };
  attendee: { name: string; status: string; details: Record<string, string> | [] }[];
}

async function wholeList(eventId: string): Promise<ListedRecord[]> {
  const records: ListedRecord[] = [];
  for (let from = 0; ; from += 50) {
    const answer = expectSuccess(
      await post(sandbox.url, '/api/e/attendee-list', { eventId, fromRecord: String(from), toRecord: String(from + 50) }, { token: sandbox.tokens.admin }),
    );
    const batch = attendeeListResponse.parse(answer).attendee as unknown as ListedRecord[];
    // contract counting: from 0 is 1–50, then 50–100 is 50–100: drop the repeated first record
    const fresh = batch.filter((record) => !records.some((seen) => seen.orderNo === record.orderNo));
    records.push(...fresh);
    if (batch.length < 50 && fresh.length === batch.length) break;
    if (batch.length === 0) break;
  }
  return records;
}

describe('POST /sandbox/seed', () => {
  it('creates events with confirmed orders of 1–4 attendees with custom answers, each listed once', async () => {
    const answer = expectSuccess(await post(sandbox.url, '/sandbox/seed', { events: '3', orders: '301' }, { token: sandbox.secret }));
    const eventIds = answer.eventIds as string[];
    expect(eventIds).toHaveLength(3);
    let orders = 0;
    let attendees = 0;
    const statuses = new Set<string>();
    const days = new Set<string>();
    let emptyDetails = 0;
    for (const eventId of eventIds) {
      const records = await wholeList(eventId);
      expect(new Set(records.map((record) => record.orderNo)).size).toBe(records.length);
      for (const record of records) {
        expect(record.attendee.length).toBeGreaterThanOrEqual(1);
        expect(record.attendee.length).toBeLessThanOrEqual(4);
        expect(record.attendee.length).toBe(Number(record.quantity));
        for (const attendee of record.attendee) {
          const labels = Array.isArray(attendee.details) ? [] : Object.keys(attendee.details);
          // the form's four questions, or nothing for an attendee who left the form empty
          if (labels.length > 0) expect(labels).toEqual(['Company', 'Job title', 'T-shirt size', 'Dietary needs']);
          statuses.add(attendee.status);
          if (labels.length === 0) emptyDetails += 1;
          days.add(record.purchaseDate.date.slice(0, 10));
        }
      }
      orders += records.length;
      attendees += records.reduce((sum, record) => sum + record.attendee.length, 0);
      const report = expectSuccess(await post(sandbox.url, '/api/e/get-report', { eventId }, { token: sandbox.tokens.organizer }));
      const sold = (report.tickets as { tickets: number }[]).reduce((sum, line) => sum + Number(line.tickets), 0);
      expect(sold).toBe(records.reduce((sum, record) => sum + record.attendee.length, 0));
    }
    expect(orders).toBe(301);
    expect(attendees).toBe(answer.attendees);
    // what exports, reports and insights meet in real data
    expect([...statuses].sort()).toEqual(['attending', 'cancelled', 'lcancelled']);
    expect(emptyDetails).toBeGreaterThan(0);
    expect(days.size).toBeGreaterThan(21);
  });

  it('leaves seeded events open for sale: the next purchase takes the next position and a code discount applies', async () => {
    const [eventId] = expectSuccess(await post(sandbox.url, '/sandbox/seed', { events: '1', orders: '10' }, { token: sandbox.secret })).eventIds as string[];
    const tickets = expectSuccess(await publisher(sandbox, 'ticket-details', { method: 'GET', query: { eventId } })).tickets as {
      id: number;
      name: string;
    }[];
    const general = tickets.find((ticket) => ticket.name === 'General');
    if (!general) throw new Error('no General ticket');
    const priced = expectSuccess(
      await publisher(sandbox, 'cart-calculation', { query: cart(eventId, [{ ticketId: general.id, quantity: 1, discountCode: 'EARLY1' }]) }),
    );
    expect(priced.cart).toMatchObject({ codeApplied: true });
    const orderNo = String(
      expectSuccess(await publisher(sandbox, 'generate-order', { query: cart(eventId, [{ ticketId: general.id, quantity: 1 }]) })).orderNo,
    );
    const form = expectSuccess(await publisher(sandbox, 'attendee-form', { fields: { orderNo } })).attendeeForm as Record<
      string,
      { id: string; label: string; mandatory: boolean }[]
    >;
    const company = form.attendee_1.find((field) => field.label === 'Company');
    expect(company?.mandatory).toBe(true);
    await saveAll(sandbox, orderNo, { [company?.id ?? '']: 'Acme' });
    expectSuccess(await confirm(sandbox, orderNo, 'confirm'));
    const records = await wholeList(eventId);
    expect(records).toHaveLength(11);
    expect(records[10].orderNo).toBe(orderNo);
  });

  it('refuses counts out of range (E002 naming the field)', async () => {
    expectError(await post(sandbox.url, '/sandbox/seed', { events: '0' }, { token: sandbox.secret }), 'E002', 400, 'events');
    expectError(await post(sandbox.url, '/sandbox/seed', { orders: 'many' }, { token: sandbox.secret }), 'E002', 400, 'orders');
    expectError(await post(sandbox.url, '/sandbox/seed', { orders: '1000001' }, { token: sandbox.secret }), 'E002', 400, 'orders');
  });

  it('loads the demo data set at start', async () => {
    const demo = await startTestSandbox({ clock: manualClock(TEST_NOW), seed: 'demo' });
    try {
      expect(demo.seededEventIds).toHaveLength(2);
      const list = expectSuccess(
        await post(demo.url, '/api/e/attendee-list', { eventId: demo.seededEventIds[0], fromRecord: '0', toRecord: '50' }, { token: demo.tokens.admin }),
      );
      expect((list.attendee as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});

describe('boxoffice sandbox seed', () => {
  it('prints the new event ids, one a line, and a summary on stderr', async () => {
    const result = await runInProcess(['sandbox', 'seed', '--events', '2', '--orders', '40', '--url', sandbox.url]);
    expect(result.stderr).toMatch(/seeded 2 event\(s\), 40 order\(s\), \d+ attendee\(s\)/);
    expect(result.code).toBe(0);
    const ids = result.stdout.trim().split('\n');
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      expect(id).toMatch(/^\d+$/);
      expectSuccess(await post(sandbox.url, '/api/e/get-event', { eventId: id }, { token: sandbox.tokens.organizer }));
    }
  });

  it('takes the address from BOXOFFICE_API_URL and prints the body with --json', async () => {
    const result = await runInProcess(['sandbox', 'seed', '--orders', '5', '--json'], { env: { BOXOFFICE_API_URL: sandbox.url } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'success', orders: 5, eventIds: [expect.any(String)] });
  });

  it('refuses bad counts with exit 2 before sending anything', async () => {
    const before = expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: sandbox.tokens.organizer }));
    for (const argv of [
      ['--events', '0'],
      ['--orders', '-3'],
      ['--orders', 'lots'],
      ['--url', 'ftp://x'],
    ]) {
      const result = await runInProcess(['sandbox', 'seed', ...argv, ...(argv[0] === '--url' ? [] : ['--url', sandbox.url])]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(argv[0]);
    }
    const after = expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: sandbox.tokens.organizer }));
    expect((after.events as unknown[]).length).toBe((before.events as unknown[]).length);
  });

  it('says so when no sandbox answers (exit 1)', async () => {
    const result = await runInProcess(['sandbox', 'seed', '--url', 'http://127.0.0.1:9']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no sandbox answered');
  });
});

describe('seeding benchmark', () => {
  it('measures a tiny size end to end', async () => {
    const lines: string[] = [];
    const result = await measureSeeding({ orders: 50, events: 2, runs: 1, log: (line) => lines.push(line) });
    expect(result.seconds).toHaveLength(1);
    expect(result.attendees).toBeGreaterThanOrEqual(50);
    expect(lines[0]).toMatch(/50 orders/);
  });

  it('reports a section in smoke mode', async () => {
    const section = await seedBench({ quick: true, smoke: true, log: () => {} });
    expect(section.section).toContain('seeding');
    expect(section.figures[0].name).toContain('200 orders');
    expect(section.figures[0].value).toBeGreaterThan(0);
  });
});
