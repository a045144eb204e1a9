import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../support/harness.js';
import { registerAuthLogin } from '../../../../src/cli/commands/auth/login.js';
import { parseVerb, verbAt } from '../../support/verb.js';

let h: Harness;
let env: Record<string, string | undefined>;
beforeAll(async () => {
  h = await startHarness();
  env = { ...h.env, BOXOFFICE_TOKEN: undefined };
});
afterAll(async () => h?.close());

describe('login --with-token', () => {
  it('stores a user access token read from stdin, with a 3-month expiry, and the token works', async () => {
    const token = h.sandbox.mintToken('organizer');
    const result = await h.run(['login', '--with-token'], { env, stdin: `${token}\n` });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^logged in \(profile local\); the token is valid until \d{4}-\d{2}-\d{2}\n$/);
    const config = JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8'));
    expect(config.profiles.local.token).toBe(token);
    const days = (new Date(config.profiles.local.tokenExpiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    expect(statSync(join(h.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect((await h.run(['event', 'list'], { env })).code).toBe(0);
  });

  it('refuses empty input with exit 2 and keeps the stored token', async () => {
    const before = readFileSync(join(h.configDir, 'config.json'), 'utf8');
    const result = await h.run(['login', '--with-token'], { env, stdin: '\n' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: no token on stdin: pipe one in, e.g. echo "$TOKEN" | boxoffice login --with-token\n');
    expect(readFileSync(join(h.configDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('explains how to set up a profile that has no application registered', async () => {
    const result = await h.run(['--profile', 'sandbox', 'login'], {
      env: {
        ...env,
        BOXOFFICE_API_URL: 'https://sandbox.example.com',
        BOXOFFICE_PUBLISHER_URL: 'https://sandbox.example.com',
        BOXOFFICE_AUTH_URL: 'https://sandbox.example.com',
      },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "profile sandbox has no clientId or clientSecret: register an application in the service's developer area (callback http://127.0.0.1:8976/callback)",
    );
  });

  it('rejects a bad --port or --timeout before anything happens', async () => {
    expect(await h.run(['login', '--port', 'http'], { env })).toMatchObject({ code: 2, stderr: 'error: invalid --port "http": expected 0–65535\n' });
    expect(await h.run(['login', '--timeout', '0'], { env })).toMatchObject({ code: 2, stderr: 'error: --timeout: must be more than 0\n' });
  });

  it('stops waiting for the browser on Ctrl-C (exit 130), storing nothing and closing the callback server', async () => {
    const controller = new AbortController();
    let redirectUri = '';
    const before = JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8')).profiles.local.token;
    const result = await h.run(['login', '--port', '0'], {
      env,
      signal: controller.signal,
      openBrowser: async (url) => {
        redirectUri = new URL(url).searchParams.get('redirect_uri') as string;
        controller.abort(new Error('interrupted'));
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('interrupted');
    expect(JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8')).profiles.local.token).toBe(before);
    await expect(fetch(`${redirectUri}?code=late&state=x`)).rejects.toThrow();
  });

  it('logout removes the token; auth status then exits 3', async () => {
    expect((await h.run(['login', '--with-token'], { env, stdin: h.sandbox.mintToken('organizer') })).code).toBe(0);
    expect(await h.run(['logout'], { env })).toEqual({ code: 0, stdout: '', stderr: 'logged out (profile local): the token was removed\n' });
    const status = await h.run(['auth', 'status'], { env });
    expect(status.code).toBe(3);
    expect(status.stdout).toContain('token\tnone (run boxoffice login)\n');
  });
});

describe('login: flags → options', () => {
  const verb = verbAt('login', registerAuthLogin);

  it('defaults: a browser, callback port 8976, 5 minutes', async () => {
    const parsed = await parseVerb(verb, ['login']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ browser: true, withToken: false, port: 8976, timeoutMs: 300_000 }]);
  });

  it('reads every flag; a bare number of seconds is a timeout', async () => {
    const parsed = await parseVerb(verb, ['login', '--no-browser', '--with-token', '--port', '0', '--timeout', '90']);
    expect(parsed.runs).toEqual([{ browser: false, withToken: true, port: 0, timeoutMs: 90_000 }]);
  });

  it.each([
    [['login', '--port', 'http'], '--port'],
    [['login', '--port', '70000'], '--port'],
    [['login', '--timeout', '0s'], '--timeout'],
    [['login', 'now'], 'too many arguments'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
