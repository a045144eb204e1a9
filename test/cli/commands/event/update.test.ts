import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFlags, startHarness, type Harness } from '../../support/harness.js';
import { registerEventUpdate } from '../../../../src/cli/commands/event/update.js';
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

describe('event update: flags → options', () => {
  const verb = verbAt('event update', registerEventUpdate);

  it('gives the id and only the flags named, by API name', async () => {
    const parsed = await parseVerb(verb, ['event', 'update', '12', '--event-title', 'Gala 2030', '--end-time', '23:30', '--city', 'Pune']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ eventId: '12', values: { eventTitle: 'Gala 2030', endTime: '23:30', city: 'Pune' } }]);
    expect(await parseVerb(verb, ['event', 'update', '12'])).toMatchObject({ code: 0, runs: [{ eventId: '12', values: {} }] });
  });

  it('refuses a bad id with exit 2 before running', async () => {
    expect(await parseVerb(verb, ['event', 'update', 'x', '--city', 'Pune'])).toMatchObject({ code: 2, runs: [] });
  });

  it.each([
    [['--end-time', '25:00'], '--end-time'],
    [['--start-date', '2030-13-01'], '--start-date'],
  ])('the real run refuses %j with exit 2, naming %s, before any request', async (flags, named) => {
    const refused = await runAgainstRecorder(['--no-input', 'event', 'update', '12', ...flags]);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain(named);
  });
});
