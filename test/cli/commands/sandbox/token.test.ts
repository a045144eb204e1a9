// `boxoffice sandbox token`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerSandboxToken } from '../../../../src/cli/commands/sandbox/token.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('sandbox token: flags → options', () => {
  const verb = verbAt('sandbox token', registerSandboxToken);

  it('defaults: the organizer of the sandbox on port 4010', async () => {
    const parsed = await parseVerb(verb, ['sandbox', 'token']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ role: 'organizer', account: undefined, url: 'http://127.0.0.1:4010' }]);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, ['sandbox', 'token', '--role', 'publisher', '--account', 'b@example.test', '--url', 'http://127.0.0.1:5000']);
    expect(parsed.runs).toEqual([{ role: 'publisher', account: 'b@example.test', url: 'http://127.0.0.1:5000' }]);
  });

  it.each([
    [['sandbox', 'token', '--role', 'owner'], '--role'],
    [['sandbox', 'token', '--url', 'nowhere'], '--url'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
