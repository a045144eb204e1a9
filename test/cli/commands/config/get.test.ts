// `boxoffice config get`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerConfigGet } from '../../../../src/cli/commands/config/get.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

describe('config get: flags → options', () => {
  const verb = verbAt('config get', registerConfigGet);

  it('takes the key', async () => {
    expect(await parseVerb(verb, ['config', 'get', 'apiUrl'])).toMatchObject({ code: 0, runs: [{ key: 'apiUrl' }] });
    expect(await parseVerb(verb, ['config', 'get'])).toMatchObject({ code: 2, runs: [] });
  });

  it('the real run refuses an unknown key with exit 2, naming it', async () => {
    const refused = await runAgainstRecorder(['config', 'get', 'colour']);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain('colour');
  });
});
