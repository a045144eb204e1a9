// `boxoffice sandbox seed`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerSandboxSeed } from '../../../../src/cli/commands/sandbox/seed.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('sandbox seed: flags → options', () => {
  const verb = verbAt('sandbox seed', registerSandboxSeed);

  it('defaults: one event, 100 orders, the sandbox at BOXOFFICE_API_URL', async () => {
    const parsed = await parseVerb(verb, ['sandbox', 'seed'], { env: { BOXOFFICE_API_URL: 'http://127.0.0.1:5000/' } });
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ events: 1, orders: 100, account: undefined, url: 'http://127.0.0.1:5000' }]);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'sandbox',
      'seed',
      '--events',
      '3',
      '--orders',
      '0',
      '--account',
      'a@example.test',
      '--url',
      'http://127.0.0.1:6000',
    ]);
    expect(parsed.runs).toEqual([{ events: 3, orders: 0, account: 'a@example.test', url: 'http://127.0.0.1:6000' }]);
  });

  it.each([
    [['sandbox', 'seed', '--events', '0'], '--events'],
    [['sandbox', 'seed', '--orders', '-1'], '--orders'],
    [['sandbox', 'seed', '--url', 'ftp://x'], '--url'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
