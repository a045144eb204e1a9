// `boxoffice auth logout`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerAuthLogout } from '../../../../src/cli/commands/auth/logout.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('logout: flags → options', () => {
  const verb = verbAt('logout', registerAuthLogout);

  it('takes no flags', async () => {
    expect(await parseVerb(verb, ['logout'])).toMatchObject({ code: 0, runs: [{}] });
    const extra = await parseVerb(verb, ['logout', '--all']);
    expect(extra).toMatchObject({ code: 2, runs: [] });
    expect(extra.stderr).toContain('--all');
  });
});
