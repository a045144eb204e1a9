import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EARLY_BIRD_TICKET, useTicketHarness } from '../../support/ticket-harness.js';
import { registerTicketAdd } from '../../../../src/cli/commands/ticket/add.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

const { harness: h, ok, eventWithTicket } = useTicketHarness();

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
    const sent = JSON.parse(readFileSync(join(h().configDir, 'sent.json'), 'utf8'));
    expect(sent.profiles.local.tickets[`${eventId}:${ticketId}`]).toMatchObject({ serviceFee: '2', price: '599' });
  });

  it('asks for serviceFee (never returned by the service) when this profile did not send it, or names the flag', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const elsewhere = { BOXOFFICE_CONFIG_DIR: join(h().configDir, 'other') };
    const refused = await h().run(['ticket', 'update', eventId, ticketId, '--quantity', '50'], { env: elsewhere });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: the service does not return a ticket's fee setting and profile local has not sent one for ticket ${ticketId}; ` +
        'an update must send it, and what is sent replaces the setting: give the one the ticket has now (--service-fee 1, 2 or 3)\n',
    );
    await ok(['ticket', 'update', eventId, ticketId, '--quantity', '50', '--service-fee', '3'], { env: elsewhere });
  });

  it('says which ticket is missing from the event', async () => {
    const { eventId } = await eventWithTicket();
    const result = await h().run(['ticket', 'update', eventId, '999999', '--price', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error E012: ticket 999999 not found in event ${eventId}; list the tickets with boxoffice ticket list ${eventId}\n`);
  });
});

describe('ticket add: flags → options', () => {
  const verb = verbAt('ticket add', registerTicketAdd);

  it('gives the event id and only the flags named, by API name', async () => {
    const parsed = await parseVerb(verb, ['ticket', 'add', '12', ...EARLY_BIRD_TICKET]);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      {
        eventId: '12',
        values: {
          ticketName: 'Early bird',
          price: '499',
          currency: 'INR',
          quantity: '100',
          status: 'active',
          serviceFee: '2',
          allowCancellation: 'false',
          endDate: '2030-04-30',
          endTime: '20:00',
        },
      },
    ]);
  });

  it.each([
    [['--quantity', 'lots'], '--quantity'],
    [['--status', 'open'], '--status'],
    [['--allow-cancellation', 'maybe'], '--allow-cancellation'],
  ])('the real run refuses %j with exit 2, naming %s, before any request', async (flags, named) => {
    const refused = await runAgainstRecorder(['--no-input', 'ticket', 'add', '12', ...EARLY_BIRD_TICKET, ...flags]);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain(named);
  });
});
