// `boxoffice catalog topics`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerCatalogTopics } from '../../../../src/cli/commands/catalog/topics.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('catalog topics: flags → options', () => {
  const verb = verbAt('catalog topics', registerCatalogTopics);

  it('takes no flags or arguments', async () => {
    expect(await parseVerb(verb, ['catalog', 'topics'])).toMatchObject({ code: 0, runs: [{}] });
    const extra = await parseVerb(verb, ['catalog', 'topics', 'music']);
    expect(extra).toMatchObject({ code: 2, runs: [] });
    expect(extra.stderr).toContain('too many arguments');
  });
});
