// `boxoffice sandbox start`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerSandboxStart } from '../../../../src/cli/commands/sandbox/start.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('sandbox start: flags → options', () => {
  const verb = verbAt('sandbox start', registerSandboxStart);

  it('defaults: port 4010, a database in the data directory, no limits, faults or quirks', async () => {
    const parsed = await parseVerb(verb, ['sandbox', 'start']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      {
        port: 4010,
        dbPath: expect.stringMatching(/\.db$/),
        limits: 'none',
        faults: undefined,
        quirks: false,
        holdTimeoutMs: undefined,
        listOrder: undefined,
        seed: undefined,
        printSecret: false,
      },
    ]);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'sandbox',
      'start',
      '--port',
      '0',
      '--db',
      ':memory:',
      '--limits',
      'realistic',
      '--faults',
      'rate=0.1',
      '--quirks',
      '--hold-timeout',
      '30s',
      '--list-order',
      'newest-first',
      '--seed',
      'demo',
      '--print-secret',
    ]);
    expect(parsed.runs).toEqual([
      {
        port: 0,
        dbPath: ':memory:',
        limits: 'realistic',
        faults: 'rate=0.1',
        quirks: true,
        holdTimeoutMs: 30_000,
        listOrder: 'newest-first',
        seed: 'demo',
        printSecret: true,
      },
    ]);
  });

  it.each([
    [['sandbox', 'start', '--port', 'x'], '--port'],
    [['sandbox', 'start', '--limits', 'tight'], '--limits'],
    [['sandbox', 'start', '--hold-timeout', '0s'], '--hold-timeout'],
    [['sandbox', 'start', '--list-order', 'random'], '--list-order'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
