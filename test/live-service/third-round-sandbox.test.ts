// The sandbox serving the third round of public code (live-service-evidence.md, "Third round";
// docs/live-service.md says which mode serves what): the 2020 capture in full and a plain-date
// purchaseDate in --quirks mode, seeded orders whose attendees share the buyer's email, and E007
// answered to a key that is not an access token, as the service's own library describes it; then
// the built CLI against it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { type Answer, expectError, expectSuccess, post } from '../sandbox/api.js';

type Attendee = { name: unknown; email: string; ticketNo: string; details: Record<string, string> };
type LiveRecord = { orderNo: string; refundAmount: unknown; purchaseDate: unknown; email: string; attendee: Attendee[] };

const MODES = [
  ['default', false],
  ['--quirks', true],
] as const;

const E007_WORDS = "Invalid Event Id or Invalid API key for requested API (use the admin account's access token)";

describe.each(MODES)('the sandbox in %s mode, seeded with the demo data', (_mode, quirks) => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ quirks, seed: 'demo' });
  });
  afterAll(async () => e2e?.close());

  /** Every record of a seeded event's attendee list (the demo's events hold fewer than 50 orders). */
  async function listOf(eventId: string): Promise<LiveRecord[]> {
    const body = expectSuccess(
      await post(e2e.sandbox.url, '/api/e/attendee-list', { eventId, fromRecord: '0', toRecord: '50' }, { token: e2e.sandbox.tokens.organizer }),
    );
    return body.attendee as LiveRecord[];
  }

  it('has orders whose attendees share the buyer’s email (the 2020 capture: two attendees of one order, one email)', async () => {
    const records = (await Promise.all(e2e.sandbox.seededEventIds.map(listOf))).flat();
    const sharing = records.filter((record) => record.attendee.length > 1 && new Set(record.attendee.map((entry) => entry.email)).size === 1);
    expect(sharing.length).toBeGreaterThan(0);
    for (const record of sharing) expect(record.attendee[0].email).toBe(record.email);
  });

  it(
    quirks
      ? 'lists refundAmount null and name null for every attendee, the names in details as First Name and Last Name'
      : "lists the reference's shapes: each attendee's name",
    async () => {
      const records = await listOf(e2e.sandbox.seededEventIds[0]);
      const attendees = records.flatMap((record) => record.attendee);
      expect(attendees.length).toBeGreaterThan(3);
      if (quirks) {
        expect(records.every((record) => record.refundAmount === null)).toBe(true);
        expect(attendees.every((entry) => entry.name === null && entry.details['First Name'] !== '' && 'Last Name' in entry.details)).toBe(true);
      } else {
        expect(attendees.every((entry) => typeof entry.name === 'string' && entry.name !== '')).toBe(true);
      }
    },
  );

  it(
    quirks
      ? 'order-number tails are the service-wide sequence, not contiguous within an event, while its ticket numbers run on'
      : 'ticket numbers and order numbers are the sandbox’s own (SEED… order numbers)',
    async () => {
      const records = await listOf(e2e.sandbox.seededEventIds[0]);
      if (!quirks) {
        expect(records.every((record) => record.orderNo.startsWith('SEED'))).toBe(true);
        return;
      }
      const tails = records.map((record) => Number(record.orderNo.split('-').at(-1))).sort((a, b) => a - b);
      expect(tails.some((tail, index) => index > 0 && tail - tails[index - 1] > 1)).toBe(true);
      const ticketNumbers = records.flatMap((record) => record.attendee.map((entry) => Number(entry.ticketNo))).sort((a, b) => a - b);
      expect(ticketNumbers).toEqual(Array.from({ length: ticketNumbers.length }, (_, index) => index + 1));
    },
  );

  it(
    quirks
      ? 'sends purchaseDate as a plain date for an event with an even id, the 2020 date-time object for an odd one'
      : 'sends purchaseDate as the reference’s date-time object',
    async () => {
      const byId = new Map(
        (await Promise.all(e2e.sandbox.seededEventIds.map(async (id) => [id, await listOf(id)] as const))).map(([id, records]) => [id, records]),
      );
      expect(byId.size).toBe(2);
      for (const [id, records] of byId) {
        const plain = quirks && Number(id) % 2 === 0;
        for (const record of records) {
          if (plain) expect(record.purchaseDate).toMatch(/^\d{4}-\d\d-\d\d$/);
          else expect(record.purchaseDate).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/) });
        }
      }
    },
  );

  it(
    quirks
      ? 'answers E007 (the library’s words) to a Publisher API key or a booking key sent as the access token'
      : 'answers E001 to a Publisher API key or a booking key sent as the access token',
    async () => {
      const { publisher, bookingKey } = e2e.sandbox.tokens;
      for (const key of [publisher, bookingKey]) {
        for (const [path, fields] of [
          ['/api/e/get-all-events', {}],
          ['/api/e/attendee-list', { eventId: e2e.sandbox.seededEventIds[0], fromRecord: '0', toRecord: '50' }],
        ] as const) {
          const answer: Answer = await post(e2e.sandbox.url, path, fields, { token: key });
          if (quirks) {
            expectError(answer, 'E007', 200);
            expect(answer.body.description).toBe(E007_WORDS);
          } else expectError(answer, 'E001', 401);
        }
      }
      // An unknown token stays E001 in either mode.
      expectError(await post(e2e.sandbox.url, '/api/e/get-all-events', {}, { token: 'no-such-token' }), 'E001', quirks ? 200 : 401);
    },
  );

  it('the built CLI exports every seeded attendee; the shared emails and the purchase dates are kept as sent', async () => {
    for (const eventId of e2e.sandbox.seededEventIds) {
      const listed = await listOf(eventId);
      const result = await e2e.run(['--json', 'attendees', 'export', eventId, '--format', 'json']);
      expect(result.code, result.stderr).toBe(0);
      const rows = JSON.parse(result.stdout) as Record<string, string>[];
      const sent = listed.flatMap((record) =>
        record.attendee.map((entry) => [
          record.orderNo,
          typeof record.purchaseDate === 'string' ? record.purchaseDate : (record.purchaseDate as { date: string }).date,
          entry.email,
        ]),
      );
      expect(rows.map((row) => [row.orderNo, row.purchaseDate, row.attendeeEmail]).sort()).toEqual(sent.sort());
      expect(rows.every((row) => row.attendeeName !== '')).toBe(true);
    }
  });

  it('the built CLI keeps every attendee of an order whose attendees share one email, each under its own name', async () => {
    const rows = (
      await Promise.all(
        e2e.sandbox.seededEventIds.map(
          async (eventId) => JSON.parse((await e2e.run(['attendees', 'export', eventId, '--format', 'json'])).stdout) as Record<string, string>[],
        ),
      )
    ).flat();
    const byOrderAndEmail = new Map<string, Record<string, string>[]>();
    for (const row of rows) {
      const key = `${row.orderNo} ${row.attendeeEmail}`;
      byOrderAndEmail.set(key, [...(byOrderAndEmail.get(key) ?? []), row]);
    }
    const shared = [...byOrderAndEmail.values()].filter((group) => group.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const group of shared) expect(new Set(group.map((row) => row.ticketNo)).size).toBe(group.length);
  });

  it(
    quirks
      ? 'the built CLI given a Publisher API key as its token: event list and auth status name E007 as a token problem'
      : 'the built CLI given a Publisher API key as its token: E001, the token refused',
    async () => {
      const env = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.publisher };
      const exported = await e2e.run(['attendees', 'export', e2e.sandbox.seededEventIds[0], '-o', 'never.csv'], { env });
      const status = await e2e.run(['auth', 'status'], { env });
      expect(status.code).toBe(3);
      if (quirks) {
        expect(exported.code).toBe(1);
        expect(exported.stderr).toContain(`not found, or the token is not valid for this API (the service's E007 means either)`);
        expect(status.stdout).toContain(`service\tanswers as the service does, and REFUSES the token (E007: ${E007_WORDS})`);
      } else {
        expect(exported.code).toBe(3);
        expect(status.stdout).toMatch(/^service\tanswers as the service does, and REFUSES the token \(E001: /m);
      }
    },
  );
});
