// The operating modes over real HTTP: --limits realistic (quotas and burst with an injected
// clock, E023 + Retry-After), --faults (each kind, reproducible from the seed), --quirks (every
// response shape, the 0-based attendee-list counting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeListResponse, ticketDetailsResponse } from '../../src/client/schemas/index.js';
import { runInProcess } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox, type TestSandboxOptions } from '../helpers/sandbox.js';
import { TEST_NOW, expectError, expectSuccess, manualClock, post, validEvent } from './api.js';
import { addQuestion, addTicket, buy, createEvent, publisher } from './publisher-fixture.js';

async function withSandbox<T>(options: TestSandboxOptions, run: (sandbox: TestSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startTestSandbox(options);
  try {
    return await run(sandbox);
  } finally {
    await sandbox.close();
  }
}

const SECOND = 1000;
const DAY = 86_400 * SECOND;

describe('--limits realistic', () => {
  it('allows 10 event creations a day per token, then E023 with HTTP 429 and Retry-After until the window frees', async () => {
    const clock = manualClock(TEST_NOW);
    await withSandbox({ clock, limits: 'realistic' }, async (sandbox) => {
      const token = sandbox.tokens.organizer;
      for (let index = 0; index < 10; index += 1) {
        expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token }));
        clock.advance(SECOND);
      }
      const refused = await post(sandbox.url, '/api/e/create', validEvent(), { token });
      expectError(refused, 'E023', 429);
      expect(refused.headers.get('retry-after')).toBe(String((DAY - 10 * SECOND) / SECOND));
      // another account's token has its own quota
      expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token: sandbox.mintToken('organizer', 'second@example.test') }));
      clock.advance(DAY - 10 * SECOND);
      expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token }));
    });
  });

  it('allows 30 read calls an hour', async () => {
    const clock = manualClock(TEST_NOW);
    await withSandbox({ clock, limits: 'realistic' }, async (sandbox) => {
      const token = sandbox.tokens.organizer;
      for (let index = 0; index < 30; index += 1) {
        expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token }));
        clock.advance(SECOND);
      }
      const refused = await post(sandbox.url, '/api/e/get-all-events', {}, { token });
      expectError(refused, 'E023', 429);
      expect(refused.headers.get('retry-after')).toBe(String(3600 - 30));
    });
  });

  it('limits bursts to 10 calls a second on the Publisher API too, with Retry-After 1', async () => {
    const clock = manualClock(TEST_NOW);
    await withSandbox({ clock, limits: 'realistic' }, async (sandbox) => {
      for (let index = 0; index < 10; index += 1) expectSuccess(await publisher(sandbox, 'categories'));
      const refused = await publisher(sandbox, 'categories');
      expectError(refused, 'E023', 429);
      expect(refused.headers.get('retry-after')).toBe('1');
      clock.advance(SECOND);
      expectSuccess(await publisher(sandbox, 'categories'));
    });
  });

  it('applies nothing with --limits none (the default)', async () => {
    await withSandbox({ clock: manualClock(TEST_NOW) }, async (sandbox) => {
      for (let index = 0; index < 15; index += 1) {
        expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token: sandbox.tokens.organizer }));
      }
    });
  });
});

type Outcome = string;

/** What one call came back as: the code of an error body, the HTTP status, or a reset. */
async function outcomeOf(sandbox: TestSandbox): Promise<Outcome> {
  try {
    const answer = await publisher(sandbox, 'categories');
    if (answer.body.status === 'success') return 'ok';
    if (typeof answer.body.message === 'string') return `${answer.status}:${answer.body.message}`;
    return `${answer.status}:${answer.headers.get('content-type')?.split(';')[0]}`;
  } catch {
    return 'reset';
  }
}

async function outcomes(faults: string, count: number): Promise<Outcome[]> {
  return withSandbox({ faults }, async (sandbox) => {
    const seen: Outcome[] = [];
    for (let index = 0; index < count; index += 1) seen.push(await outcomeOf(sandbox));
    return seen;
  });
}

describe('--faults', () => {
  it('gives the same faults for the same seed and request sequence', async () => {
    const spec = 'rate=0.5,kinds=E011+T005+503+reset,seed=42';
    const first = await outcomes(spec, 40);
    const second = await outcomes(spec, 40);
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['ok', '503:E011', '503:T005', '503:text/html', 'reset']));
    expect(await outcomes('rate=0.5,kinds=E011+T005+503+reset,seed=43', 40)).not.toEqual(first);
  });

  it.each([
    ['E011', '503:E011'],
    ['T005', '503:T005'],
    ['503', '503:text/html'],
    ['reset', 'reset'],
  ])('injects %s', async (kind, expected) => {
    expect(await outcomes(`rate=1,kinds=${kind}`, 2)).toEqual([expected, expected]);
  });

  it('delays a request and then serves it', async () => {
    await withSandbox({ faults: 'rate=1,kinds=delay,delay=150ms' }, async (sandbox) => {
      const started = performance.now();
      expectSuccess(await publisher(sandbox, 'categories'));
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    });
  });

  it('leaves the sandbox-only endpoints alone', async () => {
    await withSandbox({ faults: 'rate=1,kinds=E011' }, async (sandbox) => {
      expectSuccess(await post(sandbox.url, '/sandbox/token', { role: 'publisher' }, { token: sandbox.secret }));
    });
  });

  it('refuses a spec outside the grammar at start', async () => {
    await expect(startTestSandbox({ faults: 'rate=2' })).rejects.toThrow(/^rate: expected a fraction from 0 to 1/);
    const result = await runInProcess(['sandbox', 'start', '--port', '0', '--db', ':memory:', '--faults', 'rate=0.1,kinds=E011+boom']);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('--faults: kinds: unknown kind "boom"');
  });
});

describe('--quirks', () => {
  let sandbox: TestSandbox;
  let eventId: string;
  let company: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clock: manualClock(TEST_NOW), quirks: true });
    eventId = await createEvent(sandbox);
    const ticket = await addTicket(sandbox, eventId, { price: '500', quantity: '50' });
    company = await addQuestion(sandbox, eventId, { label: 'Company' });
    await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 1 }]);
    await buy(sandbox, eventId, [{ ticketId: ticket, quantity: 2 }], { [company]: 'Acme' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('sends error bodies with HTTP 200', async () => {
    const answer = await publisher(sandbox, 'categories', { key: 'unknown' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'error', message: 'E020' });
    const organizerError = await post(sandbox.url, '/api/e/get-event', { eventId: '999999' }, { token: sandbox.tokens.organizer });
    expect(organizerError.status).toBe(200);
    expect(organizerError.body.message).toBe('E007');
  });

  it('sends numbers as numeric strings', async () => {
    const answer = expectSuccess(await publisher(sandbox, 'ticket-details', { method: 'GET', query: { eventId } }));
    const ticket = (answer.tickets as Record<string, unknown>[])[0];
    expect(ticket).toMatchObject({ id: expect.any(String), price: '500', minQuantity: '1', maxQuantity: '10' });
    expect(ticketDetailsResponse.parse(answer).tickets[0].price).toBe(500);
  });

  it('sends the first attendee batch as an array and later ones keyed by absolute offset, newest first, details by label, JSON numbers', async () => {
    const first = expectSuccess(await post(sandbox.url, '/api/e/attendee-list', { eventId, fromRecord: '0', toRecord: '50' }, { token: sandbox.tokens.admin }));
    const records = first.attendee as { orderCost: unknown; attendee: { details: unknown }[] }[];
    expect(Array.isArray(records)).toBe(true);
    expect(typeof records[0].orderCost).toBe('number');
    // name is null for every attendee (the 2020 capture), the names in details beside the answers.
    expect(Object.keys(records[1].attendee[0].details as object)).toEqual(['First Name', 'Last Name']);
    expect(Object.keys(records[0].attendee[1].details as object)).toEqual(['First Name', 'Last Name', 'Company']);
    expect(records[0].attendee[1].details).toMatchObject({ Company: 'Acme' });
    expect(attendeeListResponse.parse(first).attendee).toHaveLength(2);
    const later = expectSuccess(await post(sandbox.url, '/api/e/attendee-list', { eventId, fromRecord: '1', toRecord: '51' }, { token: sandbox.tokens.admin }));
    expect(Object.keys(later.attendee as object)).toEqual(['1']);
    const past = expectSuccess(
      await post(sandbox.url, '/api/e/attendee-list', { eventId, fromRecord: '50', toRecord: '100' }, { token: sandbox.tokens.admin }),
    );
    expect(past.attendee).toEqual({});
  });

  it('counts the attendee list from 0: 51–100 skips one record, 50–100 does not', async () => {
    const seeded = expectSuccess(await post(sandbox.url, '/sandbox/seed', { events: '1', orders: '120' }, { token: sandbox.secret }));
    const seededEvent = (seeded.eventIds as string[])[0];
    const batch = async (fromRecord: number, toRecord: number) => {
      const answer = expectSuccess(
        await post(
          sandbox.url,
          '/api/e/attendee-list',
          { eventId: seededEvent, fromRecord: String(fromRecord), toRecord: String(toRecord) },
          { token: sandbox.tokens.admin },
        ),
      );
      return attendeeListResponse.parse(answer).attendee.map((record) => String(record.orderNo));
    };
    const referenceStyle = [...(await batch(0, 50)), ...(await batch(51, 100)), ...(await batch(101, 150))];
    const contiguous = [...(await batch(0, 50)), ...(await batch(50, 100)), ...(await batch(100, 150))];
    expect(new Set(contiguous).size).toBe(120);
    expect(referenceStyle).toHaveLength(118);
    expect(contiguous.filter((orderNo) => !referenceStyle.includes(orderNo))).toEqual([contiguous[50], contiguous[100]]);
  });

  it('keeps Retry-After on an E023 sent with HTTP 200', async () => {
    await withSandbox({ clock: manualClock(TEST_NOW), quirks: true, limits: 'realistic' }, async (limited) => {
      for (let index = 0; index < 10; index += 1) await publisher(limited, 'categories');
      const refused = await publisher(limited, 'categories');
      expect(refused.status).toBe(200);
      expect(refused.body.message).toBe('E023');
      expect(refused.headers.get('retry-after')).toBe('1');
    });
  });
});
