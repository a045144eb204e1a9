// Error messages keep the service's own words: the built CLI (node bin/boxoffice.js) against a
// real sandbox, one case per kind of refusal. The code's generic meaning is only the fallback.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { eventFlags, startHarness, type Harness } from './support/harness.js';

const TICKET = [
  '--ticket-name',
  'General',
  '--price',
  '499',
  '--currency',
  'INR',
  '--quantity',
  '100',
  '--status',
  'active',
  '--service-fee',
  '2',
  '--allow-cancellation',
  'false',
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-messages-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the service's description is printed, not the code's generic meaning", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  async function eventWithTicket(): Promise<{ eventId: string; ticketId: string }> {
    const eventId = (await h.runProcess(['event', 'create', ...eventFlags()])).stdout.trim();
    const ticketId = (await h.runProcess(['ticket', 'add', eventId, ...TICKET])).stdout.trim();
    expect(ticketId).toMatch(/^\d+$/);
    return { eventId, ticketId };
  }

  it('a discount code already used in the event', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const code = [
      'discount',
      'add',
      eventId,
      ticketId,
      '--discount-category',
      'code',
      '--code',
      'LAUNCH20',
      '--discount',
      '20',
      '--discount-type',
      'percentage',
    ];
    expect((await h.runProcess(code)).code).toBe(0);
    const again = await h.runProcess(code);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('error E025: code "LAUNCH20" is already used by another discount of this event');
    expect(again.stderr).not.toContain('mandatory fields missing');
    expect(again.stderr).not.toContain('E002');
  });

  it('an over-long field', async () => {
    const { eventId } = await eventWithTicket();
    const result = await h.runProcess(['ticket', 'add', eventId, ...TICKET.slice(2), '--ticket-name', 'x'.repeat(10_001)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error E002: ticketName: longer than 10000 characters');
    expect(result.stderr).not.toContain('mandatory fields missing');
  });

  it('a NUL character in a field', async () => {
    // A NUL cannot be an argument; it comes in through a parameter file.
    const file = join(dir, 'nul-event.json');
    const flags = eventFlags();
    const fields: Record<string, string> = {};
    for (let index = 0; index < flags.length; index += 2) {
      fields[flags[index].slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = flags[index + 1];
    }
    fields.aboutEvent = 'Line one\u0000line two';
    await writeFile(file, JSON.stringify(fields));
    const result = await h.runProcess(['event', 'create', '--from-file', file]);
    expect(result.stderr).toContain('error E002: aboutEvent: contains a NUL character');
    expect(result.stderr).not.toContain('mandatory fields missing');
    expect(result.code).toBe(1);
  });
});

describe('a read quota refusal says when to retry', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ limits: 'realistic' });
  });
  afterAll(async () => h?.close());

  it("prints the service's words, the time to retry after, and exits 4", async () => {
    // Spend the hour's 30 read calls (the client waits out the 10-a-second burst limit itself).
    const client = createClient({ apiUrl: h.sandbox.url, publisherUrl: h.sandbox.url, authUrl: h.sandbox.url, token: h.sandbox.tokens.organizer });
    try {
      for (let call = 0; call < 30; call += 1) await client.events.getAllEvents({});
    } finally {
      await client.close();
    }
    const result = await h.runProcess(['event', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(
      /^error E023: too many requests: limit of 30 read calls an hour reached; retry in \d+s; retry after \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in (59m\d*s?|1h)\), or let a command that can wait do so with --max-wait\n$/,
    );
  }, 30_000);
});
