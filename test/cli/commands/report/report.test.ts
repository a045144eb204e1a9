import { describe, expect, it } from 'vitest';
import { insertOrder } from '../../../../src/sandbox/db/orders.js';
import { eventFlags } from '../../support/harness.js';
import { useTicketHarness } from '../../support/ticket-harness.js';
import { registerReport } from '../../../../src/cli/commands/report/report.js';
import { parseVerb, verbAt } from '../../support/verb.js';

const { harness: h, ok, eventWithTicket } = useTicketHarness();

describe('report', () => {
  it('is not an error for an event without tickets or sales: zero totals', async () => {
    const eventId = (await ok(['event', 'create', ...eventFlags()])).trim();
    expect(await ok(['report', eventId])).toBe(`total\t\t0\t0\t0\t0\n`);
    const tty = await h().run(['report', eventId], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
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
    insertOrder(h().sandbox.db, {
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
    const onTerminal = await h().run(['report', eventId], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
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

describe('report: flags → options', () => {
  const verb = verbAt('report', registerReport);

  it('takes the event id', async () => {
    expect(await parseVerb(verb, ['report', '12'])).toMatchObject({ code: 0, runs: [{ eventId: '12' }] });
    const bad = await parseVerb(verb, ['report', 'twelve']);
    expect(bad).toMatchObject({ code: 2, runs: [] });
    expect(bad.stderr).toContain('EVENT_ID');
  });
});
