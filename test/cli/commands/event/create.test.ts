import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFlags, startHarness, type Harness } from '../../support/harness.js';
import { answerPrompts } from '../../support/answer-prompts.js';

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

describe('event create', () => {
  it('prints only the new id when piped, a sentence on a terminal, and the API body with --json', async () => {
    const piped = await createEvent();
    expect(piped).toMatch(/^\d+$/);
    const tty = await h.run(['event', 'create', ...eventFlags({ 'event-title': 'Gala TTY' })], { stdoutIsTTY: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/^created event \d+: Gala TTY\n$/);
    const json = await h.run(['--json', 'event', 'create', ...eventFlags()]);
    expect(JSON.parse(json.stdout)).toEqual({ status: 'success', message: 'S001', eventId: expect.any(String) });
  });

  it('reads parameters from a YAML file, flags winning over it', async () => {
    const file = join(h.configDir, 'event.yaml');
    const flags = eventFlags();
    const yaml = [];
    for (let i = 0; i < flags.length; i += 2) {
      const key = flags[i].slice(2);
      yaml.push(`${key}: "${flags[i + 1]}"`);
    }
    writeFileSync(file, `${yaml.join('\n')}\n`);
    const result = await h.run(['--json', 'event', 'create', '--from-file', file, '--event-title', 'From flags']);
    expect(result.code).toBe(0);
    const { eventId } = JSON.parse(result.stdout) as { eventId: string };
    const got = await h.run(['--json', 'event', 'get', eventId]);
    expect(JSON.parse(got.stdout).event.name).toBe('From flags');
  });

  it('names every missing required flag with exit 2 when it may not ask, and sends nothing', async () => {
    const before = h.requests.length;
    const result = await h.run(['event', 'create', '--event-title', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: missing required flags: --event-type, --type, --url, --segment, --category, --start-date, --end-date, --start-time, --end-time, --about-event, --listing-image, --header-image, --contact-info\n',
    );
    expect(h.requests.length).toBe(before);
  });

  it('asks for missing values on a terminal, answered through the injected streams', async () => {
    const flags = eventFlags();
    const withoutCategoryAndDate = [];
    for (let i = 0; i < flags.length; i += 2) {
      if (flags[i] === '--category' || flags[i] === '--start-date') continue;
      withoutCategoryAndDate.push(flags[i], flags[i + 1]);
    }
    const result = await h.run(['--json', 'event', 'create', ...withoutCategoryAndDate], {
      stdinIsTTY: true,
      keepStdinOpen: true,
      onStart: ({ stdin, stderr }) => {
        void answerPrompts(stderr, stdin, [
          { when: '(--category)', type: '\x1b[B\r' },
          { when: '(--start-date)', type: '2030-05-01\r' },
        ]);
      },
    });
    expect(result.code).toBe(0);
    const { eventId } = JSON.parse(result.stdout) as { eventId: string };
    const got = await h.run(['--json', 'event', 'get', eventId]);
    expect(JSON.parse(got.stdout).event.eventCategory).toBe('technology');
  });
});

describe('event create: refusals', () => {
  it('exits 130 when a question is cancelled with Ctrl-C, creating nothing', async () => {
    const before = h.requests.length;
    const result = await h.run(['event', 'create', '--event-title', 'Never'], {
      stdinIsTTY: true,
      keepStdinOpen: true,
      onStart: ({ stdin, stderr }) => {
        void answerPrompts(stderr, stdin, [{ when: '(--event-type)', type: '\x03' }]);
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('error: prompt cancelled');
    expect(h.requests.length).toBe(before);
  });

  it('names unknown keys of a --from-file JSON document, sending nothing', async () => {
    const file = join(h.configDir, 'event.json');
    writeFileSync(file, JSON.stringify({ eventTitle: 'x', colour: 'red', 'start-date': '2030-01-01' }));
    const before = h.requests.length;
    const result = await h.run(['event', 'create', '--from-file', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --from-file .*event\.json: unknown parameter colour \(known: eventType, type, eventTitle/);
    const missing = await h.run(['event', 'create', '--from-file', join(h.configDir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read --from-file .*nope\.yaml: ENOENT/);
    expect(h.requests.length).toBe(before);
  });
});

describe('event update', () => {
  it('changes only the named fields, reading the rest back', async () => {
    const eventId = await createEvent({ 'event-title': 'Before', city: 'Pune' });
    const result = await h.run(['event', 'update', eventId, '--event-title', 'After']);
    expect(result).toEqual({ code: 0, stdout: `${eventId}\n`, stderr: '' });
    const got = JSON.parse((await h.run(['--json', 'event', 'get', eventId])).stdout).event;
    expect(got.name).toBe('After');
    expect(got.city).toBe('Pune');
    expect(got.startDate.date).toBe('2030-05-01 18:00:00');
    expect(got.description).toBe('<p>An evening of music</p>');
  });

  it('refuses an update without any flag, sending nothing', async () => {
    const before = h.requests.length;
    const result = await h.run(['event', 'update', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nothing to change');
    expect(h.requests.length).toBe(before);
  });
});

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
    expect(result.stderr).toBe(
      `error E008: event ${eventId} belongs to another organizer account; this token may not read it (log in as its organizer)\n`,
    );
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
