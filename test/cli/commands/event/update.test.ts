import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFlags, startHarness, type Harness } from '../../support/harness.js';

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
