// The first hour of a new user, with the built CLI as a process against a real sandbox: the places
// where a first try met a wrong hint, one error at a time, or a message in another program's words.
// What needs a terminal (tables, prompts, colour) is in terminal-first-hour.test.ts.
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

describe.concurrent('the first hour', { timeout: 120_000 }, () => {
  it('sandbox start exits 130 on Ctrl-C (SIGINT), as the README says', async () => {
    let listening = false;
    const stopped = await e2e.run(['sandbox', 'start', '--port', '0', '--db', ':memory:', '--print-secret'], {
      onOutput: ({ stdout }, kill) => {
        if (!listening && /^BOXOFFICE_SANDBOX_SECRET=/m.test(stdout)) {
          listening = true;
          kill('SIGINT');
        }
      },
    });
    expect(listening).toBe(true);
    expect(stopped.signal).toBeNull();
    expect(stopped.code, stopped.stderr).toBe(130);
  });

  it('--attendee with a double quote inside a quoted value: a plain message and the flag quoted as it should be, which then works', async () => {
    const attendee = '"=HYPERLINK("x")",a@b.c';
    const refused = await e2e.run(['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--attendee', attendee]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: --attendee ${JSON.stringify(attendee)}: a double quote inside a value; put a value that holds a double quote or a comma ` +
        `in double quotes, each quote inside doubled: --attendee '"=HYPERLINK(""x"")",a@b.c'\n`,
    );
    const quoted = await e2e.run(['--json', 'order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake', '--attendee', '"=HYPERLINK(""x"")",a@b.c']);
    expect(quoted.code, quoted.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(quoted.stdout))).toContain('=HYPERLINK(\\"x\\")');
  });

  it('every invalid flag at once: ticket add with three bad values (exit 2, nothing sent)', async () => {
    const ticket = await e2e.run([
      '--no-input',
      'ticket',
      'add',
      eventId,
      '--ticket-name',
      'Late',
      '--price',
      '-5',
      '--currency',
      'INR',
      '--quantity',
      '5',
      '--status',
      'active',
      '--service-fee',
      '7',
      '--allow-cancellation',
      'maybe',
    ]);
    expect(ticket.code).toBe(2);
    expect(ticket.stderr).toBe(
      'error: invalid --price "-5": expected 0 or more; --service-fee "7": expected one of 1, 2, 3; --allow-cancellation "maybe": expected true or false\n',
    );
    expect((await e2e.run(['ticket', 'list', eventId])).stdout).not.toContain('Late');
  });

  it('every invalid flag at once: bookings list without both dates names both (exit 2)', async () => {
    const bookings = await e2e.run(['--no-input', 'bookings', 'list']);
    expect(bookings.code).toBe(2);
    expect(bookings.stderr).toBe('error: --from-date is required (yyyy-mm-dd); --to-date is required (yyyy-mm-dd)\n');
  });

  it('an export on the default sandbox says the service sent an order on two pages, not that one was dropped', async () => {
    // More orders than one page holds: the second page starts where the first ended.
    const seeded = await e2e.run(['sandbox', 'seed', '--events', '1', '--orders', '60', '--url', e2e.sandbox.url]);
    expect(seeded.code, seeded.stderr).toBe(0);
    const bigEvent = seeded.stdout.trim();
    const exported = await e2e.run(['attendees', 'export', bigEvent, '-o', 'attendees.csv'], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/^exported \d+ attendees from \d+ orders \(the service sent 1 order on two pages; it is in the export once\) in /);
    expect(exported.stderr).not.toContain('dropped');
  });

  it('attendees sync --json keeps its error out of the NDJSON change stream: stderr only, as for every stream', async () => {
    const refused = await e2e.run(['attendees', 'sync', eventId, '--to', 'sync.db', '--json'], { env: { BOXOFFICE_TOKEN: 'not-a-token' } });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^error E001/m);
    // A command whose --json output is one document still gets the error document.
    const single = await e2e.run(['--json', 'event', 'get', eventId], { env: { BOXOFFICE_TOKEN: 'not-a-token' } });
    expect(JSON.parse(single.stdout)).toMatchObject({ error: { code: 'E001', exitCode: 3 } });
  });

  it('on the local profile the hints say boxoffice sandbox token: catalog segments without a key, a refused login --with-token', async () => {
    const noKey = await e2e.run(['catalog', 'segments'], { env: { BOXOFFICE_PUBLISHER_KEY: undefined } });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toBe('error: no Publisher API key (profile local): export BOXOFFICE_PUBLISHER_KEY=$(boxoffice sandbox token --role publisher)\n');

    const refused = await e2e.run(['login', '--with-token'], { stdin: 'not-a-token\n', env: { BOXOFFICE_TOKEN: undefined } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/nothing was stored: get one with boxoffice sandbox token \(boxoffice sandbox token \| boxoffice login --with-token\)\n$/);
    expect(refused.stderr).not.toContain('developer area');

    // Another profile keeps the real service's words.
    const live = await e2e.run(['--profile', 'live', 'catalog', 'segments'], { env: { BOXOFFICE_PUBLISHER_KEY: undefined } });
    expect(live.stderr).toContain('boxoffice config set publisherKey KEY');
  });

  it('`help evnt` is refused as `evnt` is, with the suggestion (exit 2), and so is `help event creat`', async () => {
    const topic = await e2e.run(['help', 'evnt']);
    expect(topic.code).toBe(2);
    expect(topic.stdout).toBe('');
    expect(topic.stderr).toContain("error: unknown command 'evnt'\n(Did you mean event?)");

    const verb = await e2e.run(['help', 'event', 'creat']);
    expect(verb.code).toBe(2);
    expect(verb.stderr).toContain("error: unknown command 'creat'\n(Did you mean create?)");

    const known = await e2e.run(['help', 'event', 'create']);
    expect(known.code).toBe(0);
    expect(known.stdout).toMatch(/^Usage: boxoffice event create/);
  });
});
