// `boxoffice ticket list`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerTicketList } from '../../../../src/cli/commands/ticket/list.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('ticket list: flags → options', () => {
  const verb = verbAt('ticket list', registerTicketList);

  it('takes the event id', async () => {
    expect(await parseVerb(verb, ['ticket', 'list', '12'])).toMatchObject({ code: 0, runs: [{ eventId: '12' }] });
    expect(await parseVerb(verb, ['ticket', 'list', '1.5'])).toMatchObject({ code: 2, runs: [] });
    expect(await parseVerb(verb, ['ticket', 'list'])).toMatchObject({ code: 2, runs: [] });
  });
});
