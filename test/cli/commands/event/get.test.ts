import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFlags, startHarness, type Harness } from '../../support/harness.js';
import { registerEventGet } from '../../../../src/cli/commands/event/get.js';
import { parseVerb, verbAt } from '../../support/verb.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function createEvent(overrides: Record<string, string> = {}): Promise<string> {
  const result = await h.run(['event', 'create', ...eventFlags(overrides)]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout.trim();
}

describe('event list and get', () => {
  it('list tab-separated rows when piped and a table on a terminal', async () => {
    const eventId = await createEvent({ 'event-title': 'Listed' });
    const piped = await h.run(['event', 'list']);
    expect(piped.code).toBe(0);
    const line = piped.stdout.split('\n').find((row) => row.startsWith(`${eventId}\t`));
    expect(line?.split('\t').slice(0, 4)).toEqual([eventId, 'Listed', '2030-05-01 18:00', '2030-05-02 23:00']);
    const tty = await h.run(['event', 'list'], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toMatch(/^ID +Title +/);
    expect(tty.stdout).toContain('Listed');
  });

  it('get shows field/value rows, or the API body with --json', async () => {
    const eventId = await createEvent({ 'event-title': 'Shown' });
    const piped = await h.run(['event', 'get', eventId]);
    expect(piped.stdout).toContain('title\tShown\n');
    expect(piped.stdout).toContain('start\t2030-05-01 18:00\n');
    const json = JSON.parse((await h.run(['--json', 'event', 'get', eventId])).stdout);
    expect(json.status).toBe('success');
    expect(json.event.id).toBe(Number(eventId));
  });

  it("exits 3 and says what E008 means for another organizer's event", async () => {
    const eventId = await createEvent();
    const other = h.sandbox.mintToken('organizer', 'someone-else@sandbox.local');
    const result = await h.run(['event', 'get', eventId], { env: { BOXOFFICE_TOKEN: other } });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(`error E008: event ${eventId} belongs to another organizer account; this token may not read it (log in as its organizer)\n`);
    expect(result.stderr).not.toContain('boxoffice login');
  });
});

describe('event get on a terminal', () => {
  it('shows a field/value table', async () => {
    const eventId = await createEvent({ 'event-title': 'Tabled', 'event-type': 'private' });
    const tty = await h.run(['event', 'get', eventId], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/^Field +Value\n/);
    expect(tty.stdout).toMatch(/\ntitle +Tabled\n/);
    expect(tty.stdout).toMatch(/\nvisibility +private\n/);
  });
});

describe('event get: flags → options', () => {
  const verb = verbAt('event get', registerEventGet);

  it('takes the event id', async () => {
    expect(await parseVerb(verb, ['event', 'get', '12'])).toMatchObject({ code: 0, runs: [{ eventId: '12' }] });
  });

  it.each([
    [['event', 'get', 'abc'], 'EVENT_ID "abc" is not an event id'],
    [['event', 'get'], "missing required argument 'EVENT_ID'"],
    [['event', 'get', '12', '13'], 'too many arguments'],
  ])('refuses %j with exit 2 (%s) before running', async (argv, said) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(said);
  });
});
