import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFlags, startHarness, type Harness } from '../../support/harness.js';
import { answerPrompts } from '../../support/answer-prompts.js';
import { registerEventCreate } from '../../../../src/cli/commands/event/create.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

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
    expect(result.stderr).toMatch(/interrupted\n$/);
    expect(result.stderr).not.toMatch(/error|cancelled/);
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

describe('event create: flags → options', () => {
  const verb = verbAt('event create', registerEventCreate);

  it('gives only the flags named, by API name, and --from-file', async () => {
    const none = await parseVerb(verb, ['event', 'create']);
    expect(none).toMatchObject({ code: 0, runs: [{ values: {}, fromFile: undefined }] });
    const parsed = await parseVerb(verb, ['event', 'create', ...eventFlags({ url: 'gala' }), '--from-file', 'event.yaml']);
    expect(parsed.runs).toEqual([
      {
        fromFile: 'event.yaml',
        values: {
          eventType: 'public',
          type: 'ticketing',
          eventTitle: 'Spring Gala',
          url: 'gala',
          segment: 'entertainment',
          category: 'music',
          startDate: '2030-05-01',
          endDate: '2030-05-02',
          startTime: '18:00',
          endTime: '23:00',
          aboutEvent: '<p>An evening of music</p>',
          listingImage: 'https://img.example/listing.png',
          headerImage: 'https://img.example/header.png',
          contactInfo: 'hello@gala.example',
        },
      },
    ]);
  });

  it.each([
    [eventFlags({ 'start-date': '2030-02-30' }), '--start-date'],
    [eventFlags({ type: 'party' }), '--type'],
    [eventFlags({ 'end-time': '25:00' }), '--end-time'],
    [[], '--event-title'],
  ])('the real run refuses %j with exit 2, naming %s, before any request', async (flags, named) => {
    const refused = await runAgainstRecorder(['--no-input', 'event', 'create', ...flags]);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain(named);
  });
});
