// Answers that look right but were not: the built CLI as a process against a sandbox. A discount
// code the service did not apply, the event page and contact of `event details`, an apply file's
// problems all reported (each once), a port already taken by a sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let eventId: string;
let ticketId: string;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  eventId = e2e.sandbox.seededEventIds[0];
  ticketId = (await e2e.run(['ticket', 'list', eventId])).stdout.split('\t')[0];
});
afterAll(async () => e2e?.close());

describe('order place with a discount code', { timeout: 120_000 }, () => {
  it('a code the service did not apply is named, with the full price the order goes ahead at', async () => {
    const result = await e2e.run(['order', 'place', eventId, '--ticket', `${ticketId}:1:NOSUCHCODE`, '--fake']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(
        `^discount code NOSUCHCODE \\(ticket ${ticketId}\\) not applied: the service did not accept it .*; the order goes ahead at full price: [\\d,.]+ INR in total$`,
        'm',
      ),
    );
    // The cart the service answered says the same.
    expect(result.stdout).toMatch(/^cart\t500\t0\t.*\tno$/m);
  });

  it('a code the service applied is not mentioned', async () => {
    const added = await e2e.run([
      'discount',
      'add',
      eventId,
      ticketId,
      '--discount-category',
      'code',
      '--code',
      'TENOFF',
      '--discount',
      '10',
      '--discount-type',
      'percentage',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const result = await e2e.run(['order', 'place', eventId, '--ticket', `${ticketId}:1:TENOFF`, '--fake']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/not applied/);
    expect(result.stdout).toMatch(/^cart\t500\t50\t.*\tyes$/m);
  });
});

describe('event details', { timeout: 120_000 }, () => {
  it("links the page the service serves for the event, and shows the event's contact, not the account's e-mail", async () => {
    const created = await e2e.run([
      '--json',
      'event',
      'create',
      '--event-type',
      'public',
      '--type',
      'ticketing',
      '--event-title',
      'Contact Night',
      '--segment',
      'technology',
      '--category',
      'technology',
      '--start-date',
      '2030-05-02',
      '--end-date',
      '2030-05-02',
      '--start-time',
      '18:00',
      '--end-time',
      '22:00',
      '--about-event',
      'Talks',
      '--listing-image',
      'https://img.example/l.png',
      '--header-image',
      'https://img.example/h.png',
      '--url',
      'contact-night',
      '--contact-info',
      'desk@contact-night.example',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { eventId: string }).eventId;
    const details = await e2e.run(['event', 'details', id]);
    expect(details.code, details.stderr).toBe(0);
    const field = (name: string) => new RegExp(`^event\\t${name}\\t(.*)$`, 'm').exec(details.stdout)?.[1];
    expect(field('contact')).toBe('desk@contact-night.example');
    expect(details.stdout).not.toContain('organizer@sandbox.local');
    const url = field('url');
    expect(url).toBe(`${e2e.sandbox.url}/e/contact-night`);
    const page = await fetch(url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Contact Night');
  });
});

describe('apply: every problem of the file, each once', { timeout: 120_000 }, () => {
  const file = (name: string, text: string): string => {
    const path = join(e2e.dir, name);
    writeFileSync(path, text);
    return path;
  };
  const setup = (startDate: string, price: string, maxQuantity: string) => `event:
  eventType: public
  type: ticketing
  eventTitle: Problems Night
  url: problems-night
  segment: technology
  category: technology
  startDate: ${startDate}
  startTime: "18:00"
  endDate: 2031-03-13
  endTime: "22:00"
  aboutEvent: Talks
  listingImage: https://img.example/l.png
  headerImage: https://img.example/h.png
  contactInfo: hello@example.com
tickets:
  - key: general
    ticketName: General
    price: ${price}
    currency: INR
    quantity: 100
    startDate: 2031-01-05
    startTime: "10:00"
    endDate: 2031-03-01
    endTime: "23:59"
    maxQuantity: ${maxQuantity}
    serviceFee: 1
    allowCancellation: false
`;

  it('a date that is no calendar date is reported once', async () => {
    const result = await e2e.run(['apply', file('bad-date.yaml', setup('2031-02-30', '100', '5')), '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: bad-date.yaml:8: event.startDate: not a calendar date\n');
  });

  it("an unset ${VAR} is reported with the file's other problems, exit 2, nothing sent", async () => {
    const result = await e2e.run(['apply', file('unset.yaml', setup('2031-02-30', '${NOT_SET_PRICE}', 'lots'))], { env: { NOT_SET_PRICE: undefined } });
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'error: unset.yaml:8: event.startDate: not a calendar date',
      'unset.yaml:19: tickets[0].price: environment variable NOT_SET_PRICE is not set (write ${NOT_SET_PRICE:-default} to give a default)',
      'unset.yaml:26: tickets[0].maxQuantity: expected a whole number',
    ]);
    expect((await e2e.run(['event', 'list'])).stdout).not.toContain('Problems Night');
  });
});

describe('sandbox start on a port in use', { timeout: 60_000 }, () => {
  it('says a sandbox is probably running there and what to do instead, exit 1', async () => {
    const port = new URL(e2e.sandbox.url).port;
    const result = await e2e.run(['sandbox', 'start', '--port', port, '--db', ':memory:', '--print-secret'], { timeoutMs: 30_000 });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: port ${port} on 127.0.0.1 is already in use, probably by a sandbox already running at http://127.0.0.1:${port}; ` +
        'use that one, stop it (Ctrl-C where it runs), or start another with --port 0 (a free port) or --port N\n',
    );
  });
});
