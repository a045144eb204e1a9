// `boxoffice discount update`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerDiscountUpdate } from '../../../../src/cli/commands/discount/update.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

describe('discount update: flags → options', () => {
  const verb = verbAt('discount update', registerDiscountUpdate);

  it('gives the ids and only the flags named', async () => {
    const parsed = await parseVerb(verb, ['discount', 'update', '12', '56', '--limit', '20']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ eventId: '12', discountId: '56', values: { limit: '20' } }]);
    const everything = await parseVerb(verb, [
      'discount',
      'update',
      '12',
      '56',
      '--discount-name',
      'D',
      '--discount',
      '5',
      '--discount-type',
      'fixed',
      '--end-date',
      '2030-02-01',
      '--end-time',
      '18:00',
    ]);
    expect(everything.runs).toEqual([
      { eventId: '12', discountId: '56', values: { discountName: 'D', discount: '5', discountType: 'fixed', endDate: '2030-02-01', endTime: '18:00' } },
    ]);
  });

  it.each([
    [['discount', 'update', '12'], 'DISCOUNT_ID'],
    [['discount', 'update', '12', 'abc', '--limit', '2'], 'DISCOUNT_ID'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });

  it('the real run refuses a bad value with exit 2, naming the flag, before any request', async () => {
    const refused = await runAgainstRecorder(['--no-input', 'discount', 'update', '12', '56', '--limit', 'many']);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain('--limit');
  });
});
