// `boxoffice catalog categories`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerCatalogCategories } from '../../../../src/cli/commands/catalog/categories.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('catalog categories: flags → options', () => {
  const verb = verbAt('catalog categories', registerCatalogCategories);

  it('takes no flags or arguments', async () => {
    expect(await parseVerb(verb, ['catalog', 'categories'])).toMatchObject({ code: 0, runs: [{}] });
    const extra = await parseVerb(verb, ['catalog', 'categories', 'music']);
    expect(extra).toMatchObject({ code: 2, runs: [] });
    expect(extra.stderr).toContain('too many arguments');
  });
});
