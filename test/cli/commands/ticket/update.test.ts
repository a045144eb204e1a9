// `boxoffice ticket update`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerTicketUpdate } from '../../../../src/cli/commands/ticket/update.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

describe('ticket update: flags → options', () => {
  const verb = verbAt('ticket update', registerTicketUpdate);

  it('gives the ids and only the flags named', async () => {
    const parsed = await parseVerb(verb, ['ticket', 'update', '12', '34', '--price', '599', '--status', 'pause']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ eventId: '12', ticketId: '34', values: { price: '599', status: 'pause' } }]);
  });

  it('refuses a bad ticket id with exit 2 before running', async () => {
    const parsed = await parseVerb(verb, ['ticket', 'update', '12', 'x', '--price', '1']);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain('TICKET_ID');
  });

  it('the real run refuses a bad value with exit 2, naming the flag, before any request', async () => {
    const refused = await runAgainstRecorder(['--no-input', 'ticket', 'update', '12', '34', '--max-quantity', 'ten']);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain('--max-quantity');
  });
});
