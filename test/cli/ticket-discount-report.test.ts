import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { insertOrder } from '../../src/sandbox/db/orders.js';
import { eventFlags, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function ok(argv: string[], options: Parameters<Harness['run']>[1] = {}): Promise<string> {
  const result = await h.run(argv, options);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

const TICKET = [
  '--ticket-name', 'Early bird', '--price', '499', '--currency', 'INR', '--quantity', '100', '--status', 'active',
  '--service-fee', '2', '--allow-cancellation', 'false', '--end-date', '2030-04-30', '--end-time', '20:00',
];

async function eventWithTicket(): Promise<{ eventId: string; ticketId: string }> {
  const eventId = (await ok(['event', 'create', ...eventFlags()])).trim();
  const ticketId = (await ok(['ticket', 'add', eventId, ...TICKET])).trim();
  return { eventId, ticketId };
}

describe('ticket add, list and update', () => {
  it('adds a ticket and lists it, as rows when piped and as a table on a terminal', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    expect(ticketId).toMatch(/^\d+$/);
    const piped = await ok(['ticket', 'list', eventId]);
    // The status in the words ticket update takes: `active` in the response is `published`.
    expect(piped.split('\t').slice(0, 6)).toEqual([ticketId, 'Early bird', '499', 'INR', '100', 'published']);
    const tty = await ok(['ticket', 'list', eventId], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(tty).toMatch(/^ID +Name +Price +Currency/);
    const json = JSON.parse(await ok(['--json', 'ticket', 'list', eventId]));
    expect(json.tickets[0].typeName).toBe('Early bird');
  });

  it('updates only the named field; active is sent as published and serviceFee comes from what was sent', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const out = await ok(['--json', 'ticket', 'update', eventId, ticketId, '--price', '599']);
    expect(JSON.parse(out)).toMatchObject({ status: 'success', message: 'S003', ticketId });
    const [ticket] = JSON.parse(await ok(['--json', 'ticket', 'list', eventId])).tickets;
    expect(ticket).toMatchObject({ typeName: 'Early bird', price: 599, quantity: 100, currency: 'INR', status: 'published' });
    expect(ticket.availableTo.date).toBe('2030-04-30 20:00:00');
    const config = JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8'));
    expect(config.profiles.local.sent.tickets[`${eventId}:${ticketId}`]).toMatchObject({ serviceFee: '2', price: '599' });
  });

  it('asks for serviceFee (never returned by the service) when this profile did not send it, or names the flag', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const elsewhere = { BOXOFFICE_CONFIG_DIR: join(h.configDir, 'other') };
    const refused = await h.run(['ticket', 'update', eventId, ticketId, '--quantity', '50'], { env: elsewhere });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: the service does not return a ticket's fee setting and profile local has not sent one for ticket ${ticketId}; ` +
        'an update must send it, and what is sent replaces the setting: give the one the ticket has now (--service-fee 1, 2 or 3)\n',
    );
    await ok(['ticket', 'update', eventId, ticketId, '--quantity', '50', '--service-fee', '3'], { env: elsewhere });
  });

  it('says which ticket is missing from the event', async () => {
    const { eventId } = await eventWithTicket();
    const result = await h.run(['ticket', 'update', eventId, '999999', '--price', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error E012: ticket 999999 not found in event ${eventId}; list the tickets with boxoffice ticket list ${eventId}\n`);
  });
});

describe('discount add and update', () => {
  it('adds a code discount and updates one field, the rest coming from what this profile sent', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const discountId = (
      await ok(['discount', 'add', eventId, ticketId, '--discount-category', 'code', '--code', 'EARLY', '--discount', '10', '--discount-type', 'percentage'])
    ).trim();
    expect(discountId).toMatch(/^\d+$/);
    const updated = JSON.parse(await ok(['--json', 'discount', 'update', eventId, discountId, '--discount', '15']));
    expect(updated).toMatchObject({ status: 'success', message: 'S004', discountId });
    const config = JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8'));
    expect(config.profiles.local.sent.discounts[`${eventId}:${discountId}`]).toEqual({
      discountCategory: 'code', code: 'EARLY', discount: '15', discountType: 'percentage',
    });
  });

  it('names every flag it needs for a discount this profile never sent, sending nothing', async () => {
    const before = h.requests.length;
    const result = await h.run(['discount', 'update', '1', '2', '--discount', '5'], {
      env: { BOXOFFICE_CONFIG_DIR: join(h.configDir, 'fresh') },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: profile local has not sent discount 2 before and the service does not return discounts: give --discount-category, --discount-type\n',
    );
    expect(h.requests.length).toBe(before);
  });

  it('checks the rules of a bulk discount before sending', async () => {
    const before = h.requests.length;
    const result = await h.run(['discount', 'add', '1', '2', '--discount-category', 'bulk', '--discount', '5', '--discount-type', 'fixed']);
    expect(result.code).toBe(2);
    // What a bulk discount needs is required with it (asked for on a terminal).
    expect(result.stderr).toBe('error: missing required flags: --from-quantity, --to-quantity\n');
    expect(h.requests.length).toBe(before);
  });
});

describe('report', () => {
  it('is not an error for an event without tickets or sales: zero totals', async () => {
    const eventId = (await ok(['event', 'create', ...eventFlags()])).trim();
    expect(await ok(['report', eventId])).toBe(`total\t\t0\t0\t0\t0\n`);
    const tty = await h.run(['report', eventId], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toBe(
      `no tickets sold yet for event ${eventId}\n\n` +
      'ticket sales: what the tickets sold for after discounts, fees and tax excluded\n' +
      'platform fee: what buyers paid the platform on top of the ticket price\n',
    );
    expect(JSON.parse(await ok(['--json', 'report', eventId]))).toMatchObject({ status: 'success', amount: 0, tickets: [] });
  });

  it('shows tickets sold per ticket and the totals', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    insertOrder(h.sandbox.db, {
      eventId: Number(eventId),
      buyer: { name: 'Asha', email: 'asha@example.com' },
      lines: [{ ticketId: Number(ticketId), quantity: 3, unitPrice: 499, platformFee: 30 }],
      createdAt: new Date('2030-01-01T10:00:00Z'),
    });
    const json = JSON.parse(await ok(['--json', 'report', eventId]));
    expect(json.tickets).toHaveLength(1);
    const piped = (await ok(['report', eventId])).split('\n');
    expect(piped[0].split('\t').slice(0, 3)).toEqual([ticketId, 'Early bird', '3']);
    // The ticket's own revenue, when the service sends it (the sandbox does).
    expect(piped[0].split('\t')[5]).toBe(String(json.tickets[0].amount));
    expect(Number(json.tickets[0].amount)).toBeGreaterThan(0);
    expect(piped[1].split('\t')[0]).toBe('total');
    expect(piped[1].split('\t')[2]).toBe('3');
    expect(piped[1].split('\t')[5]).toBe(String(json.amount));
    const onTerminal = await h.run(['report', eventId], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(onTerminal.code).toBe(0);
    const tty = onTerminal.stdout;
    // The amounts say what they are: in the header, and under the table.
    expect(tty).toMatch(/^Ticket +Name +Sold +Platform fee +Cancelled +Ticket sales\n─+\n/);
    expect(onTerminal.stderr).toContain('ticket sales: what the tickets sold for after discounts, fees and tax excluded\n');
    // Amounts with their currency on a terminal (the report carries none: it is read from the tickets).
    expect(tty).toMatch(new RegExp(`\\n${ticketId} +Early bird +3 +[\\d,]+\\.\\d\\d INR +0 +[\\d,]+\\.\\d\\d INR\\n`));
    expect(tty).toMatch(/\ntotal +3 +[\d,]+\.\d\d INR +0 +[\d,]+\.\d\d INR$/m);
  });
});
