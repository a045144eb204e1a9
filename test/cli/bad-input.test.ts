// Every flag with a format (dates, times, enums, numbers, booleans) is refused before any
// request: exit 2, one line naming the flag, and the sandbox sees nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../src/cli/framework/params.js';
import { flagFor } from '../../src/cli/framework/params.js';
import {
  ADD_DISCOUNT_PARAMS,
  ADD_TICKET_PARAMS,
  CREATE_EVENT_PARAMS,
  UPDATE_DISCOUNT_PARAMS,
  UPDATE_EVENT_PARAMS,
  UPDATE_TICKET_PARAMS,
} from '../../src/cli/framework/fields.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const BAD_VALUES: Record<string, string[]> = {
  date: ['2030-02-30', '01/05/2030', 'tomorrow'],
  time: ['24:00', '7pm', '18:5'],
  integer: ['1.5', 'ten'],
  number: ['12,50', 'free'],
  boolean: ['yes', '1'],
  enum: ['not-a-choice'],
  slug: ['Spring Gala', 'gala/2030'],
  contact: ['hello@example', 'two@@example.com'],
};

const VERBS: { argv: string[]; params: ParamSpec[] }[] = [
  { argv: ['event', 'create'], params: CREATE_EVENT_PARAMS },
  { argv: ['event', 'update', '1'], params: UPDATE_EVENT_PARAMS },
  { argv: ['ticket', 'add', '1'], params: ADD_TICKET_PARAMS },
  { argv: ['ticket', 'update', '1', '2'], params: UPDATE_TICKET_PARAMS },
  { argv: ['discount', 'add', '1', '2'], params: ADD_DISCOUNT_PARAMS },
  { argv: ['discount', 'update', '1', '2'], params: UPDATE_DISCOUNT_PARAMS },
];

const cases = VERBS.flatMap(({ argv, params }) =>
  params
    .filter((spec) => !spec.positional && spec.kind && spec.kind !== 'text' && spec.kind !== 'url')
    .flatMap((spec) => BAD_VALUES[spec.kind as string].map((value) => ({ argv, flag: flagFor(spec), value }))),
);

describe('bad input', () => {
  it('covers every formatted flag of every verb', () => {
    expect(cases.length).toBeGreaterThan(80);
    expect(new Set(cases.map((c) => c.flag))).toEqual(
      new Set([
        '--event-type',
        '--type',
        '--category',
        '--start-date',
        '--end-date',
        '--start-time',
        '--end-time',
        '--price',
        '--currency',
        '--quantity',
        '--status',
        '--min-quantity',
        '--max-quantity',
        '--service-fee',
        '--allow-cancellation',
        '--shipping-charge',
        '--shipping-charge-type',
        '--discount-category',
        '--discount',
        '--discount-type',
        '--limit',
        '--from-quantity',
        '--to-quantity',
        '--url',
        '--contact-info',
      ]),
    );
  });

  it.each(cases)('$argv.0 $argv.1 $flag $value → exit 2 naming the flag, nothing sent', async ({ argv, flag, value }) => {
    const before = h.requests.length;
    const result = await h.run([...argv, flag, value]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: invalid ${flag} "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": .+\\n$`));
    expect(h.requests.length).toBe(before);
  });

  it('also refuses a date range that ends before it starts, naming the flag, before sending', async () => {
    const before = h.requests.length;
    const result = await h.run([
      'ticket',
      'add',
      '1',
      '--ticket-name',
      'T',
      '--price',
      '1',
      '--currency',
      'INR',
      '--quantity',
      '1',
      '--status',
      'active',
      '--service-fee',
      '1',
      '--allow-cancellation',
      'true',
      '--start-date',
      '2030-05-02',
      '--end-date',
      '2030-05-01',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --end-date: end date-time must be later than start date-time\n');
    expect(h.requests.length).toBe(before);
  });
});
