// openSession through real commands: profile + environment, addresses, token expiry, refused
// tokens, and secrets kept out of --debug traces and error messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import type { Clock } from '../../src/session/deps.js';
import { systemClock } from '../../src/session/deps.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A config directory of its own with the organizer's token stored in `local`, expiring at `expiresAt`. */
async function profileWithToken(expiresAt: Date, token = h.sandbox.tokens.organizer): Promise<Record<string, string | undefined>> {
  const env = { ...h.env, BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: mkdtempSync(join(h.configDir, 'p-')) };
  expect((await h.run(['config', 'set', 'token', token], { env })).code).toBe(0);
  expect((await h.run(['config', 'set', 'tokenExpiresAt', expiresAt.toISOString()], { env })).code).toBe(0);
  return env;
}

const DAY = 86_400_000;
const fixedClock = (now: Date): Clock => ({ now: () => now, sleep: systemClock.sleep });

describe('token source and expiry', () => {
  it('uses BOXOFFICE_TOKEN over the stored token, and auth status says which', async () => {
    const env = await profileWithToken(new Date(Date.now() + 60 * DAY), 'stored-but-not-used');
    const viaEnv = await h.run(['event', 'list'], { env: { ...env, BOXOFFICE_TOKEN: h.sandbox.tokens.organizer } });
    expect(viaEnv.code).toBe(0);
    const status = await h.run(['auth', 'status'], { env: { ...env, BOXOFFICE_TOKEN: h.sandbox.tokens.organizer } });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('token\tBOXOFFICE_TOKEN (environment; expiry not known)\n');
    expect(status.stdout).toContain(`api\t${h.sandbox.url}\n`);
    const stored = JSON.parse((await h.run(['--json', 'auth', 'status'], { env })).stdout);
    expect(stored).toMatchObject({ profile: 'local', tokenSource: 'profile', daysLeft: 59, expired: false });
  });

  it('is quiet with 14 days or more left, warns under 14 days, and more urgently under 1 day', async () => {
    const now = new Date();
    const quiet = await h.run(['event', 'list'], { env: await profileWithToken(new Date(now.getTime() + 20 * DAY)), clock: fixedClock(now) });
    expect(quiet.stderr).toBe('');
    const soon = await h.run(['event', 'list'], { env: await profileWithToken(new Date(now.getTime() + 9 * DAY + 3600_000)), clock: fixedClock(now) });
    expect(soon.code).toBe(0);
    expect(soon.stderr).toMatch(/^warning: the token of profile local expires in 9 days \(\d{4}-\d{2}-\d{2}\); run boxoffice login to renew it\n$/);
    const urgent = await h.run(['event', 'list'], { env: await profileWithToken(new Date(now.getTime() + 5 * 3600_000)), clock: fixedClock(now) });
    expect(urgent.code).toBe(0);
    expect(urgent.stderr).toMatch(/^WARNING: the token of profile local expires in 5 hours .*run boxoffice login now\n$/);
  });

  it('exits 3 with "run boxoffice login" for an expired token, sending nothing', async () => {
    const env = await profileWithToken(new Date(Date.now() - DAY));
    const before = h.requests.length;
    const result = await h.run(['event', 'list'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: the token of profile local expired on \d{4}-\d{2}-\d{2}: run boxoffice login\n$/);
    expect(h.requests.length).toBe(before);
    expect((await h.run(['auth', 'status'], { env })).code).toBe(3);
  });

  it('exits 3 when the service refuses the token (E001), without printing the token', async () => {
    const token = 'refused-token-0123456789';
    const result = await h.run(['event', 'list'], { env: { BOXOFFICE_TOKEN: token } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error E001: .*run boxoffice login/);
    expect(result.stderr).not.toContain(token);
  });

  it('exits 3 when not logged in at all', async () => {
    const env = { ...h.env, BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: mkdtempSync(join(h.configDir, 'empty-')) };
    const result = await h.run(['ticket', 'list', '1'], { env });
    expect(result).toEqual({ code: 3, stdout: '', stderr: 'error: not logged in (profile local): run boxoffice login, or set BOXOFFICE_TOKEN\n' });
  });
});

describe('addresses', () => {
  it('refuses to send a token over plain http to another host, before any request', async () => {
    const env = { ...h.env, BOXOFFICE_API_URL: 'http://api.example.com' };
    const result = await h.run(['event', 'list'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: profile local: apiUrl http://api.example.com uses plain http to a host other than this machine; tokens are only sent over https (run boxoffice config set apiUrl https://…)\n',
    );
  });

  it('says which addresses an empty profile lacks', async () => {
    const env = { BOXOFFICE_TOKEN: 'x', BOXOFFICE_API_URL: undefined, BOXOFFICE_PUBLISHER_URL: undefined, BOXOFFICE_AUTH_URL: undefined };
    const result = await h.run(['--profile', 'sandbox', 'event', 'list'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('profile sandbox has no apiUrl, publisherUrl, authUrl: run boxoffice --profile sandbox config set apiUrl https://…');
  });
});

describe('--debug', () => {
  it('traces each exchange on stderr without the token', async () => {
    const token = h.sandbox.tokens.organizer;
    const result = await h.run(['--debug', 'event', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('/api/e/get-all-events');
    expect(result.stderr).toContain('Bearer [REDACTED]');
    expect(result.stderr).not.toContain(token);
    const refused = await h.run(['--debug', 'event', 'get', '1'], { env: { BOXOFFICE_TOKEN: 'refused-token-abcdef0123' } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('/api/e/get-event');
    expect(refused.stderr).not.toContain('refused-token-abcdef0123');
  });
});
