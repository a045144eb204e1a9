// `boxoffice event list`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerEventList } from '../../../../src/cli/commands/event/list.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('event list: flags → options', () => {
  const verb = verbAt('event list', registerEventList);

  it('takes no flags or arguments', async () => {
    expect(await parseVerb(verb, ['event', 'list'])).toMatchObject({ code: 0, runs: [{}] });
    const extra = await parseVerb(verb, ['event', 'list', '--page', '2']);
    expect(extra).toMatchObject({ code: 2, runs: [] });
    expect(extra.stderr).toContain('--page');
  });
});
