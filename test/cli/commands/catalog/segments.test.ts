// `boxoffice catalog segments`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerCatalogSegments } from '../../../../src/cli/commands/catalog/segments.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('catalog segments: flags → options', () => {
  const verb = verbAt('catalog segments', registerCatalogSegments);

  it('every segment by default; --event-type and --type narrow it', async () => {
    expect(await parseVerb(verb, ['catalog', 'segments'])).toMatchObject({ code: 0, runs: [{}] });
    const narrowed = await parseVerb(verb, ['catalog', 'segments', '--event-type', 'private', '--type', 'conference']);
    expect(narrowed.runs).toEqual([{ eventType: 'private', type: 'conference' }]);
  });

  it.each([
    [['catalog', 'segments', '--event-type', 'secret'], '--event-type'],
    [['catalog', 'segments', '--type', 'party'], '--type'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
