// `boxoffice auth status`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerAuthStatus } from '../../../../src/cli/commands/auth/status.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('auth status: flags → options', () => {
  const verb = verbAt('auth', registerAuthStatus);

  it('asks the service unless --offline', async () => {
    expect(await parseVerb(verb, ['auth', 'status'])).toMatchObject({ code: 0, runs: [{ offline: false }] });
    expect(await parseVerb(verb, ['auth', 'status', '--offline'])).toMatchObject({ code: 0, runs: [{ offline: true }] });
  });

  it('refuses an unknown flag with exit 2 before running', async () => {
    const parsed = await parseVerb(verb, ['auth', 'status', '--online']);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain('--online');
  });
});
