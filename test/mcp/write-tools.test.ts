// The write tools of `boxoffice mcp`: absent without --allow-writes (every one tried, the
// sandbox's records compared before and after), served with it (each call checked against the
// sandbox), apply in two calls (plan and token), the live profile's warnings and stderr log,
// and rate limits reported with the time to wait instead of waited out.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { ADD_TICKET_PARAMS, CREATE_EVENT_PARAMS, UPDATE_EVENT_PARAMS } from '../../src/cli/framework/fields.js';
import { EVENT_TABLE } from '../../src/client/fields/event.js';
import { manualClock } from '../sandbox/api.js';
import { connectMcp, type McpSession } from './support.js';

let e2e: E2e;
let eventId: string;
let ticketId: string;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  eventId = e2e.sandbox.seededEventIds[0];
  const tickets = JSON.parse((await e2e.run(['--json', 'ticket', 'list', eventId])).stdout) as { tickets: { id: number }[] };
  ticketId = String(tickets.tickets[0].id);
});
afterAll(async () => e2e?.close());

const EVENT = {
  eventType: 'public',
  type: 'conference',
  eventTitle: 'Assistant Summit',
  url: 'assistant-summit',
  segment: 'technology',
  category: 'technology',
  startDate: '2030-05-01',
  endDate: '2030-05-02',
  startTime: '09:00',
  endTime: '18:00',
  aboutEvent: 'Two days of talks.',
  listingImage: 'https://images.example.com/listing.png',
  headerImage: 'https://images.example.com/header.png',
  contactInfo: 'hello@example.com',
};

/** One valid call of each write tool. */
const writeCalls = (): [string, Record<string, unknown>][] => [
  ['create_event', EVENT],
  ['update_event', { eventId, eventTitle: 'Renamed by the assistant' }],
  [
    'create_ticket',
    { eventId, ticketName: 'Early bird', price: 400, currency: 'INR', quantity: 50, status: 'active', serviceFee: '1', allowCancellation: false },
  ],
  ['update_ticket', { eventId, ticketId, price: 650, serviceFee: '1' }],
  ['create_discount', { eventId, ticketId, discountCategory: 'code', code: 'EARLY20', discount: 20, discountType: 'percentage' }],
  ['update_discount', { eventId, discountId: '1', discountCategory: 'code', code: 'EARLY25', discount: 25, discountType: 'percentage' }],
  ['apply_setup', { file: join(e2e.dir, 'conference.yaml') }],
];

/** Every row of the tables that hold what an organizer sets up and sells. */
function records(): Record<string, unknown[]> {
  const tables = ['events', 'tickets', 'discounts', 'orders', 'order_lines', 'attendees', 'bookings'];
  return Object.fromEntries(tables.map((table) => [table, e2e.sandbox.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]));
}

describe('without --allow-writes', { timeout: 120_000 }, () => {
  it('no write tool exists, and calling each changes nothing on the sandbox', async () => {
    copyFileSync('examples/conference.yaml', join(e2e.dir, 'conference.yaml'));
    const before = records();
    const mcp = await connectMcp(e2e, ['mcp']);
    try {
      const names = (await mcp.client.listTools()).tools.map((tool) => tool.name);
      for (const [name, input] of writeCalls()) {
        expect(names).not.toContain(name);
        const result = await mcp.call(name, input);
        expect(result.isError, name).toBe(true);
        expect(result.text, name).toMatch(new RegExp(`Tool ${name} not found`));
      }
    } finally {
      await mcp.close();
    }
    expect(records()).toEqual(before);
    expect(readFileSync(join(e2e.dir, 'conference.yaml'), 'utf8')).toBe(readFileSync('examples/conference.yaml', 'utf8'));
  });
});

describe('with --allow-writes', { timeout: 180_000 }, () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await connectMcp(e2e, ['mcp', '--allow-writes']);
  });
  afterAll(async () => mcp?.close());

  it("serves every write tool, its input schema derived from the verb's parameters, its annotations truthful", async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint, idempotentHint } = byName.get(name)?.annotations ?? {};
      return { readOnlyHint, destructiveHint, idempotentHint };
    };
    const create = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
    const update = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };
    expect(['create_event', 'create_ticket', 'create_discount'].map(hints)).toEqual([create, create, create]);
    expect(['update_event', 'update_ticket', 'update_discount', 'apply_setup'].map(hints)).toEqual([update, update, update, update]);

    const createEvent = byName.get('create_event')?.inputSchema as {
      properties: Record<string, { enum?: string[]; description?: string }>;
      required: string[];
    };
    expect(Object.keys(createEvent.properties)).toEqual(CREATE_EVENT_PARAMS.map((spec) => spec.name));
    expect(createEvent.required).toEqual(CREATE_EVENT_PARAMS.filter((spec) => spec.required).map((spec) => spec.name));
    for (const spec of CREATE_EVENT_PARAMS) {
      expect(createEvent.properties[spec.name].description).toContain(EVENT_TABLE.fields.find((field) => field.name === spec.name)?.help);
      if (spec.choices) expect(createEvent.properties[spec.name].enum).toEqual(spec.choices);
    }
    const updateEvent = byName.get('update_event')?.inputSchema as { properties: object; required: string[] };
    expect(Object.keys(updateEvent.properties)).toEqual(UPDATE_EVENT_PARAMS.map((spec) => spec.name));
    expect(updateEvent.required).toEqual(['eventId']);
    const createTicket = byName.get('create_ticket')?.inputSchema as { properties: Record<string, { type?: unknown }> };
    expect(Object.keys(createTicket.properties)).toEqual(ADD_TICKET_PARAMS.map((spec) => spec.name));
    expect(createTicket.properties.quantity.type).toBe('integer');
    expect(createTicket.properties.allowCancellation.type).toBe('boolean');
    expect(byName.get('create_event')?.description).toContain("Cost: no read call; one of the live service's 10 event creations a day");
  });

  it('docs/mcp.md names every tool with what it costs, as its description says', async () => {
    const full = await connectMcp(e2e, ['mcp', '--allow-writes', '--allow-attendee-rows']);
    try {
      const { tools } = await full.client.listTools();
      expect(tools).toHaveLength(15);
      const docs = readFileSync('docs/mcp.md', 'utf8');
      for (const tool of tools) {
        const cost = /\nCost: (.*) \(the live service allows/.exec(tool.description ?? '')?.[1];
        expect(docs, tool.name).toMatch(new RegExp(`^\\| \`${tool.name}\` \\| .* \\| ${cost?.replace(/[()]/g, '\\$&')} \\|`, 'm'));
      }
    } finally {
      await full.close();
    }
  });

  it('creates and updates events, tickets and discounts on the sandbox, as the CLI would', async () => {
    const created = await mcp.call('create_event', EVENT);
    expect(created.isError, created.text).toBe(false);
    const newEventId = String((created.data as { eventId: number }).eventId);
    const event = JSON.parse((await e2e.run(['--json', 'event', 'get', newEventId])).stdout) as { event: { name: string; url: string } };
    expect(event.event.name).toBe('Assistant Summit');

    const renamed = await mcp.call('update_event', { eventId: newEventId, eventTitle: 'Assistant Summit 2030', endTime: '20:00' });
    expect(renamed.isError, renamed.text).toBe(false);
    const after = JSON.parse((await e2e.run(['--json', 'event', 'get', newEventId])).stdout) as {
      event: { name: string; endDate: { date: string }; contactInfo: string };
    };
    expect(after.event.name).toBe('Assistant Summit 2030');
    expect(after.event.endDate.date).toBe('2030-05-02 20:00:00');
    expect(after.event.contactInfo).toBe('hello@example.com');

    const ticket = await mcp.call('create_ticket', {
      eventId: newEventId,
      ticketName: 'Early bird',
      price: 400,
      currency: 'INR',
      quantity: 50,
      status: 'active',
      serviceFee: '1',
      allowCancellation: false,
    });
    expect(ticket.isError, ticket.text).toBe(false);
    const newTicketId = String((ticket.data as { ticketId: number }).ticketId);
    expect((await mcp.call('update_ticket', { eventId: newEventId, ticketId: newTicketId, price: 450 })).isError).toBe(false);
    const tickets = JSON.parse((await e2e.run(['--json', 'ticket', 'list', newEventId])).stdout) as {
      tickets: { typeName: string; price: number; quantity: number }[];
    };
    expect(tickets.tickets.map((row) => [row.typeName, row.price, row.quantity])).toEqual([['Early bird', 450, 50]]);

    const discount = await mcp.call('create_discount', {
      eventId: newEventId,
      ticketId: newTicketId,
      discountCategory: 'code',
      code: 'EARLY20',
      discount: 20,
      discountType: 'percentage',
    });
    expect(discount.isError, discount.text).toBe(false);
    const discountId = String((discount.data as { discountId: number }).discountId);
    expect((await mcp.call('update_discount', { eventId: newEventId, discountId, discount: 25 })).isError).toBe(false);
    const stored = e2e.sandbox.db.prepare('SELECT code, amount, type FROM discounts WHERE id = ?').get(Number(discountId));
    expect(stored).toEqual({ code: 'EARLY20', amount: 25, type: 'percentage' });

    // The verb's own checks, in the CLI's words with the tool's parameter names, nothing sent.
    const backwards = await mcp.call('update_event', { eventId: newEventId, startDate: '2030-06-01' });
    expect(backwards).toEqual({
      isError: true,
      text: 'error: startDate 2030-06-01: the new start (2030-06-01 09:00) would fall after the stored end (2030-05-02 20:00); move the end too with endDate (and endTime)',
      data: null,
    });
    expect(mcp.stderr()).toContain(`boxoffice mcp: update_discount on profile local (eventId=${newEventId}; discountId=${discountId}; fields: discount): done`);
  });

  it('apply_setup returns the plan and a token first, changing nothing; the token carries that plan out', async () => {
    const file = join(e2e.dir, 'apply-conference.yaml');
    copyFileSync('examples/conference.yaml', file);
    const before = records();
    const planned = await mcp.call('apply_setup', { file });
    expect(planned.isError, planned.text).toBe(false);
    const plan = planned.data as { applied: boolean; planToken: string; summary: { create: number; update: number }; steps: { action: string }[] };
    expect(plan.applied).toBe(false);
    expect(plan.planToken).toMatch(/^[0-9a-f]{20}$/);
    expect(plan.summary).toMatchObject({ create: 6, update: 0 });
    expect(records()).toEqual(before);

    // The same refusal as the CLI's, its next step in the tool's terms.
    const elsewhere = join(e2e.dir, 'elsewhere.state.json');
    writeFileSync(elsewhere, JSON.stringify({ version: 1, apiUrl: 'https://elsewhere.example', tickets: {}, discounts: {} }));
    expect((await mcp.call('apply_setup', { file, stateFile: elsewhere })).text).toMatch(
      /^error: \S+ holds ids from https:\/\/elsewhere\.example, not http:\/\/127\.0\.0\.1:\d+; give another stateFile for this service$/,
    );

    const invented = await mcp.call('apply_setup', { file, planToken: '0123456789abcdef0123' });
    expect(invented.text).toBe('error: planToken: not one this server gave; call apply_setup without planToken to get the plan and its token');
    expect(records()).toEqual(before);

    // The file changes between the two calls: the token no longer fits, nothing is changed.
    writeFileSync(file, readFileSync(file, 'utf8').replace('quantity: 100', 'quantity: 120'));
    const stale = await mcp.call('apply_setup', { file, planToken: plan.planToken });
    expect(stale.isError).toBe(true);
    expect(stale.text).toMatch(/^error: planToken: the plan is no longer the one it was given for .*nothing was changed/);
    expect(records()).toEqual(before);

    const fresh = (await mcp.call('apply_setup', { file })).data as { planToken: string };
    const applied = await mcp.call('apply_setup', { file, planToken: fresh.planToken });
    expect(applied.isError, applied.text).toBe(false);
    const result = applied.data as { applied: boolean; ids: { event: { id: string }; tickets: Record<string, string> } };
    expect(result.applied).toBe(true);
    expect(Object.keys(result.ids.tickets)).toEqual(['early-bird', 'general', 'workshop']);
    const tickets = JSON.parse((await e2e.run(['--json', 'ticket', 'list', result.ids.event.id])).stdout) as {
      tickets: { typeName: string; quantity: number }[];
    };
    expect(tickets.tickets.find((row) => row.typeName === 'Early bird')?.quantity).toBe(120);
    // A token is good for one run; the same setup again has nothing to change and needs none.
    expect((await mcp.call('apply_setup', { file, planToken: fresh.planToken })).isError).toBe(true);
    expect((await mcp.call('apply_setup', { file })).data).toMatchObject({ applied: false, planToken: null, summary: { create: 0, update: 0 } });
  });
});

describe('on the live profile', { timeout: 120_000 }, () => {
  it("says so in every write tool's description, and logs each write on stderr", async () => {
    const configured = await e2e.run(['--profile', 'live', 'config', 'set', 'apiUrl', e2e.sandbox.url]);
    expect(configured.code).toBe(0);
    const mcp = await connectMcp(e2e, ['--profile', 'live', 'mcp', '--allow-writes']);
    try {
      const { tools } = await mcp.client.listTools();
      for (const tool of tools) {
        const writes = /^(create|update|apply)_/.test(tool.name);
        expect(tool.description?.startsWith('Changes the LIVE service (profile live)'), tool.name).toBe(writes);
      }
      expect(mcp.stderr()).toMatch(/^boxoffice mcp: 14 tools for profile live, writes allowed on the LIVE service/m);
      const result = await mcp.call('update_ticket', { eventId, ticketId, quantity: 150, serviceFee: '1' });
      expect(result.isError, result.text).toBe(false);
      const refused = await mcp.call('update_ticket', { eventId, ticketId: '999999', quantity: 150 });
      expect(refused.isError).toBe(true);
      const log = mcp
        .stderr()
        .split('\n')
        .filter((line) => line.includes('update_ticket'));
      expect(log).toEqual([
        `boxoffice mcp: update_ticket on profile live (eventId=${eventId}; ticketId=${ticketId}; fields: quantity, serviceFee): done`,
        `boxoffice mcp: update_ticket on profile live (eventId=${eventId}; ticketId=999999; fields: quantity): refused: ${refused.text}`,
      ]);
    } finally {
      await mcp.close();
    }
  });
});

describe('rate limits', { timeout: 120_000 }, () => {
  it('are reported at once with the time to wait, not waited out inside the call', async () => {
    // The hourly read quota, with its window a minute from freeing: the CLI would wait that minute.
    const clock = manualClock(new Date().toISOString());
    const limited = await startE2e({ limits: 'realistic', clock });
    const mcp = await connectMcp(limited, ['mcp']);
    try {
      // A second apart: the burst limit (10 a second) stays out of it.
      for (let call = 0; call < 30; call += 1) {
        expect((await mcp.call('list_events')).isError).toBe(false);
        clock.advance(1_000);
      }
      clock.advance(3_510_000);
      const started = Date.now();
      const refused = await mcp.call('list_events');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(
        /^error E023: .*; retry after \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(in 1m\), or let a command that can wait do so with --max-wait$/,
      );
    } finally {
      await mcp.close();
      await limited.close();
    }
  });
});
