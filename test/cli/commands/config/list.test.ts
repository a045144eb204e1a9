// `boxoffice config list`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerConfigList } from '../../../../src/cli/commands/config/list.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('config list: flags → options', () => {
  const verb = verbAt('config list', registerConfigList);

  it('the profile by default, every profile with --all', async () => {
    expect(await parseVerb(verb, ['config', 'list'])).toMatchObject({ code: 0, runs: [{ all: false }] });
    expect(await parseVerb(verb, ['config', 'list', '--all'])).toMatchObject({ code: 0, runs: [{ all: true }] });
    const extra = await parseVerb(verb, ['config', 'list', '--every']);
    expect(extra).toMatchObject({ code: 2, runs: [] });
    expect(extra.stderr).toContain('--every');
  });
});
