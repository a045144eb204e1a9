// Messages that tell the user what to do next (issue 18), against a real sandbox: in-process,
// and the main ones as a process over the built CLI (`node bin/boxoffice.js`, build first).
import { createServer } from 'node:net';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancelledError, ConnectionError, InterruptedWorkError, withNotes } from '../../src/client/errors.js';
import { formatError } from '../../src/cli/framework/error-message.js';
import { eventFlags, startHarness, type Harness } from './support/harness.js';

let h: Harness;
let eventId: string;
let closedPort: number;
let dir: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-messages-'));
  const created = await h.run(['event', 'create', ...eventFlags({ 'event-title': 'Messages Gala' })], { env: { CI: 'true' } });
  expect(created.code).toBe(0);
  eventId = created.stdout.trim();
  closedPort = await freePort();
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Requests the sandbox received while `run` ran. */
async function requestsDuring<T>(run: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const before = h.requests.length;
  const result = await run();
  return { result, sent: h.requests.slice(before) };
}

describe('unknown ids', () => {
  it('an id that cannot be one is refused before sending, exit 2, with the command that lists them', async () => {
    const { result, sent } = await requestsDuring(() => h.run(['event', 'get', 'abc']));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: EVENT_ID "abc" is not an event id (ids are whole numbers from 1 such as 12, or codes such as EKDJHH); list the events with boxoffice event list\n',
    });
    expect(sent).toEqual([]);
    const ticket = await h.run(['ticket', 'update', eventId, 'x1', '--price', '5']);
    expect(ticket.code).toBe(2);
    expect(ticket.stderr).toBe(
      `error: TICKET_ID "x1" is not a ticket id (ids are whole numbers from 1 such as 12, or codes such as EKDJHH); list the tickets with boxoffice ticket list ${eventId}\n`,
    );
  });

  it('an id the service does not know shows the value given, both meanings of E007 and the command that tells them apart', async () => {
    for (const argv of [
      ['event', 'get', '999999'],
      ['ticket', 'list', '999999'],
      ['report', '999999'],
    ]) {
      const result = await h.run(argv);
      expect(result, argv.join(' ')).toEqual({
        code: 1,
        stdout: '',
        stderr:
          "error E007: event 999999 not found, or the token is not valid for this API (the service's E007 means either); to tell them apart run boxoffice event list: if it fails or lists event 999999, the token is the problem (log in with the account holder's access token: boxoffice login); if it works without event 999999, the id is wrong\n",
      });
    }
  });
});

describe("the attendee list with another account's token (E008)", () => {
  const expected = () =>
    `error E008: event ${eventId} belongs to another account; its attendee list is read with that account's token (log in as it: boxoffice login)\n`;
  const otherAccount = () => ({ env: { BOXOFFICE_TOKEN: h.sandbox.mintToken('organizer', 'someone-else@example.test') } });

  it('says whose token reads it, exit 3', async () => {
    const result = await h.run(['attendees', 'export', eventId], otherAccount());
    expect(result).toEqual({ code: 3, stdout: '', stderr: expected() });
  });

  it("the organizer's own token reads it (one token does everything)", async () => {
    const result = await h.run(['attendees', 'export', eventId]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^exported 0 attendees from 0 orders/);
  });

  it('is mentioned in attendees export --help', async () => {
    const help = await h.run(['attendees', 'export', '--help']);
    expect(help.stdout).toContain('The attendee list is read with the token of the account that owns the event');
    expect(help.stdout).not.toContain('--role admin');
  });

  it('as a process', async () => {
    expect(await h.runProcess(['attendees', 'export', eventId], otherAccount())).toEqual({ code: 3, stdout: '', stderr: expected() });
  });
});

describe('nothing listening at the address', () => {
  const refused = (port: number) =>
    `error: nothing is listening at http://127.0.0.1:${port} (connection refused); is the sandbox running? boxoffice sandbox start --port ${port}\n`;

  it('on loopback: one line naming the address and the command that starts the sandbox; no retries', async () => {
    const result = await h.run(['event', 'list'], { env: { BOXOFFICE_API_URL: `http://127.0.0.1:${closedPort}` } });
    expect(result).toEqual({ code: 1, stdout: '', stderr: refused(closedPort) });
  });

  it('as a process', async () => {
    const result = await h.runProcess(['event', 'list'], { env: { BOXOFFICE_API_URL: `http://127.0.0.1:${closedPort}` } });
    expect(result).toEqual({ code: 1, stdout: '', stderr: refused(closedPort) });
  });

  it('on the default port the plain command; elsewhere, to check the address', () => {
    const refusedAt = (origin: string) =>
      new ConnectionError('could not connect', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), false, origin);
    expect(formatError(refusedAt('http://127.0.0.1:4010'))).toBe(
      'error: nothing is listening at http://127.0.0.1:4010 (connection refused); is the sandbox running? boxoffice sandbox start',
    );
    expect(formatError(refusedAt('https://api.example.test'))).toBe(
      'error: nothing is listening at https://api.example.test (connection refused); check the address (boxoffice config list) and your network',
    );
  });
});

describe('Ctrl-C is one line, built by the one error formatter', () => {
  it('says "interrupted", what stopped work left, and what was undone', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(formatError(new Error('socket hang up'), undefined, now, true)).toBe('interrupted');
    expect(formatError(new CancelledError('interrupted'))).toBe('interrupted');
    expect(formatError(new InterruptedWorkError('order 7 is not finished; continue it with: boxoffice order place 1'))).toBe(
      'interrupted: order 7 is not finished; continue it with: boxoffice order place 1',
    );
    const released = withNotes(new CancelledError('interrupted'), { aftermath: 'order 7 was marked failed, so its tickets are released' });
    expect(formatError(released, undefined, now, false)).toBe('interrupted (order 7 was marked failed, so its tickets are released)');
  });
});

describe('internal labels', () => {
  it('no reference numbers (E9, P6) in a failure message: operations are named in words', async () => {
    const result = await h.run(['event', 'list'], { env: { BOXOFFICE_API_URL: `http://localhost:${closedPort}/api-prefix` } });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/\b[EP]\d{1,2}\b/);
  });
});

describe('dates', () => {
  it('2027-02-30 is not a calendar date', async () => {
    const result = await h.run(['event', 'update', eventId, '--start-date', '2027-02-30']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'error: invalid --start-date "2027-02-30": not a calendar date\n' });
  });

  it('a start moved past the stored end names the flag given and suggests --end-date; nothing is changed', async () => {
    const { result, sent } = await requestsDuring(() => h.run(['event', 'update', eventId, '--start-date', '2030-06-01']));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: --start-date 2030-06-01: the new start (2030-06-01 18:00) would fall after the stored end (2030-05-02 23:00); ' +
        'move the end too with --end-date (and --end-time)\n',
    });
    expect(sent.filter((request) => request.endsWith('/api/e/update'))).toEqual([]);
  });

  it('an end moved before the stored start suggests --start-date', async () => {
    const result = await h.run(['event', 'update', eventId, '--end-date', '2030-04-01']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: --end-date 2030-04-01: the new end (2030-04-01 23:00) would fall before the stored start (2030-05-01 18:00); ' +
        'move the start too with --start-date (and --start-time)\n',
    );
  });
});

describe('usage errors name the command', () => {
  it('an option that names a positional argument says where the id goes', async () => {
    const result = await h.run(['ticket', 'list', '--event-id', eventId]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: unknown option '--event-id': EVENT_ID goes after the command, not in a flag, as in boxoffice ticket list ${eventId}\n(see boxoffice ticket list --help)\n`,
    });
  });

  it('a bad choice names the command whose help to read', async () => {
    const result = await h.run(['attendees', 'export', eventId, '--format', 'xlsx']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\n\(see boxoffice attendees export --help\)\n$/);
  });
});

describe('durations read the same everywhere', () => {
  it('login --timeout takes 5m as bookings request --timeout does, and refuses what is not a duration', async () => {
    const accepted = await h.run(['login', '--with-token', '--timeout', '5m'], { stdin: `${h.sandbox.tokens.organizer}\n` });
    expect(accepted.code).toBe(0);
    const seconds = await h.run(['login', '--with-token', '--timeout', '90'], { stdin: `${h.sandbox.tokens.organizer}\n` });
    expect(seconds.code).toBe(0);
    for (const argv of [
      ['login', '--timeout', 'soon'],
      ['bookings', 'request', '--amount', '1', '--timeout', 'soon'],
    ]) {
      const refused = await h.run(argv);
      expect(refused.code, argv.join(' ')).toBe(2);
      expect(refused.stderr).toBe('error: --timeout: "soon" is not a duration (examples: 90s, 10m, 1h, 1h30m; a bare number is seconds)\n');
    }
  });
});

describe('--json always prints JSON', () => {
  it('sandbox token --json is one JSON document holding the value', async () => {
    const result = await h.run(['--json', 'sandbox', 'token', '--url', h.sandbox.url]);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { role: string; value: string };
    expect(document.role).toBe('organizer');
    expect(document.value).toMatch(/^sbx_at_/);
    const plain = await h.run(['sandbox', 'token', '--url', h.sandbox.url]);
    expect(plain.stdout).toMatch(/^sbx_at_\S+\n$/);
  });
});

describe('piped rows and --header', () => {
  it('piped rows are tab-separated with no header line, and one header line with --header', async () => {
    const plain = await h.run(['ticket', 'list', eventId]);
    expect(plain).toEqual({ code: 0, stdout: '', stderr: '' });
    const events = await h.run(['event', 'list']);
    expect(events.stdout.split('\n')[0]).toMatch(/^\d+\t/);
    const withHeader = await h.run(['--header', 'event', 'list']);
    expect(withHeader.stdout.split('\n')[0]).toBe('ID\tTitle\tStarts\tEnds\tType\tStatus\tURL');
    expect(withHeader.stdout.split('\n').slice(1).join('\n')).toBe(events.stdout);
  });
});

describe('apply on the live profile', () => {
  const fixture = new URL('../apply/fixtures/conference.yaml', import.meta.url).pathname;
  const live = { BOXOFFICE_PROFILE: 'live', TEST_EVENT_URL: 'messages-live-conf', NO_COLOR: '1' };

  it('without a terminal needs --yes, and sends nothing', async () => {
    const file = join(dir, 'live.yaml');
    copyFileSync(fixture, file);
    const { result, sent } = await requestsDuring(() => h.run(['apply', file], { env: live }));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: apply on the live profile changes the live service; add --yes to confirm without a terminal\n',
    });
    expect(sent).toEqual([]);
  });

  it('on a terminal shows the plan and asks; "no" changes nothing (exit 1), "yes" carries it out', async () => {
    const file = join(dir, 'asked.yaml');
    copyFileSync(fixture, file);
    const { result: declined, sent } = await requestsDuring(() => h.run(['apply', file], { env: live, stdinIsTTY: true, stdin: 'n\n' }));
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain('Plan for asked.yaml:');
    expect(declined.stdout).toContain('+ create event');
    expect(declined.stderr).toContain('Carry out this plan on the live profile?');
    expect(sent.filter((request) => request.startsWith('POST /api/e/create') || request.includes('add-'))).toEqual([]);

    const accepted = await h.run(['apply', file], { env: live, stdinIsTTY: true, stdin: 'y\n' });
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('Apply complete:');
  });

  it('--yes skips the question; --dry-run never asks', async () => {
    const file = join(dir, 'yes.yaml');
    copyFileSync(fixture, file);
    const dry = await h.run(['apply', file, '--dry-run'], { env: { ...live, TEST_EVENT_URL: 'messages-live-yes' } });
    expect(dry.code).toBe(0);
    const yes = await h.run(['apply', file, '--yes'], { env: { ...live, TEST_EVENT_URL: 'messages-live-yes' } });
    expect(yes.code).toBe(0);
    expect(yes.stderr).not.toContain('Carry out this plan');
  });
});
