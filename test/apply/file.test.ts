import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { UsageError } from '../../src/client/errors.js';
import { formatPath, parseSetupFile } from '../../src/apply/file.js';

const example = readFileSync(new URL('../../examples/conference.yaml', import.meta.url), 'utf8');

function problemsOf(text: string, env: Record<string, string | undefined> = {}): string[] {
  try {
    parseSetupFile(text, 'event.yaml', env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message.split('\n');
  }
  throw new Error('expected the file to be refused');
}

const minimal = `
event:
  eventType: public
  type: conference
  eventTitle: Test conf
  url: test-conf
  segment: technology
  category: technology
  startDate: 2030-05-01
  startTime: "09:00"
  endDate: 2030-05-02
  endTime: "18:00"
  aboutEvent: About
  listingImage: https://img.example/l.png
  headerImage: https://img.example/h.png
  contactInfo: me@example.com
tickets:
  - key: general
    ticketName: General
    price: \${PRICE:-500}
    currency: INR
    quantity: 100
    serviceFee: 1
    allowCancellation: true
  - key: vip
    ticketName: VIP
    price: 2000
    currency: INR
    quantity: 10
    serviceFee: 3
    allowCancellation: false
    status: pause
discounts:
  - key: code
    ticket: general
    discountCategory: code
    code: SAVE10
    discount: 10
    discountType: percentage
`;

describe('setup file', () => {
  it('reads the example with its defaults', () => {
    const setup = parseSetupFile(example, 'conference.yaml', {});
    expect(setup.event.url).toBe('devconf-pune-2027');
    expect(setup.event.postal).toBe('411001');
    expect(setup.tickets.map((ticket) => ticket.key)).toEqual(['early-bird', 'general', 'workshop']);
    expect(setup.tickets[1].price).toBe(2500);
    expect(setup.tickets[0].allowCancellation).toBe(true);
    expect(setup.tickets[0].status).toBe('active');
    expect(setup.discounts.map((discount) => [discount.key, discount.discountCategory])).toEqual([
      ['launch-code', 'code'],
      ['team-of-five', 'bulk'],
    ]);
  });

  it('takes values from the environment, numbers as numbers', () => {
    const setup = parseSetupFile(minimal, 'event.yaml', { PRICE: '650' });
    expect(setup.tickets[0].price).toBe(650);
    expect(setup.tickets[0].quantity).toBe(100);
    expect(setup.tickets[1].status).toBe('pause');
    expect(parseSetupFile(minimal, 'event.yaml', { PRICE: '' }).tickets[0].price).toBe(500);
  });

  it('reads JSON too', () => {
    const setup = parseSetupFile(JSON.stringify(parseSetupFile(minimal, 'x.yaml', {})), 'event.json', {});
    expect(setup.tickets[1].ticketName).toBe('VIP');
  });

  it('names the path and line of a wrong value', () => {
    expect(problemsOf(minimal.replace('price: 2000', 'price: lots'))).toEqual([
      'event.yaml:27: tickets[1].price: expected a number (0 for free) or blank for any amount',
    ]);
  });

  it('names a missing variable and its path', () => {
    const text = minimal.replace('${PRICE:-500}', '${PRICE}');
    expect(problemsOf(text)).toEqual(['event.yaml:20: tickets[0].price: environment variable PRICE is not set (write ${PRICE:-default} to give a default)']);
    expect(parseSetupFile(text, 'event.yaml', { PRICE: '5' }).tickets[0].price).toBe(5);
  });

  it('reports every problem at once: missing, unknown (with a suggestion), rules, references', () => {
    const text = minimal
      .replace('    quantity: 100\n', '    quantty: 100\n')
      .replace('endDate: 2030-05-02', 'endDate: 2030-04-02')
      .replace('ticket: general', 'ticket: generl')
      .replace('key: vip', 'key: general');
    expect(problemsOf(text)).toEqual([
      'event.yaml:11: event.endDate: end date-time must be later than start date-time',
      'event.yaml:18: tickets[0].quantity: required',
      'event.yaml:22: tickets[0].quantty: unknown field (did you mean quantity?)',
      'event.yaml:25: tickets[1].key: "general" is already used by tickets[0]',
      'event.yaml:35: discounts[0].ticket: no ticket has the key "generl" (keys: general)',
    ]);
  });

  it('applies the API rules of a discount', () => {
    expect(problemsOf(minimal.replace('    code: SAVE10\n', ''))).toEqual(['event.yaml:34: discounts[0].code: required for a code discount']);
  });

  it('reports YAML syntax errors with their position', () => {
    const [line] = problemsOf('event:\n  url: [unclosed\n');
    expect(line).toMatch(/^event\.yaml:\d+:\d+: /);
  });

  it('refuses a recursive alias with its line, however deep, and an alias before its anchor', () => {
    expect(problemsOf('event: &e\n  name: x\n  self: *e\n')).toEqual([
      'event.yaml:3: the alias *e is inside the value its anchor &e names (a recursive alias); repeat the value instead',
    ]);
    expect(problemsOf('tickets: &t\n  - key: a\n    more:\n      - *t\n')[0]).toMatch(/^event\.yaml:4: the alias \*t /);
    expect(problemsOf('event: *nowhere\n')[0]).toMatch(/^event\.yaml: Unresolved alias/);
  });

  it('reads an alias that repeats an earlier value', () => {
    const text = minimal
      .replace('headerImage: https://img.example/h.png', 'headerImage: *listing')
      .replace('listingImage: https', 'listingImage: &listing https');
    expect(parseSetupFile(text, 'event.yaml', {}).event.headerImage).toBe('https://img.example/l.png');
  });

  it('formats paths', () => {
    expect(formatPath(['tickets', 2, 'price'])).toBe('tickets[2].price');
    expect(formatPath([])).toBe('(top level)');
  });
});
