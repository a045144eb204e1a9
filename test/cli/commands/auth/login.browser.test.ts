// Login end to end: the CLI's loopback server, the sandbox's real authorize page in headless
// Chromium, the token exchange, and the stored token used by `event list`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Clock } from '../../../../src/session/deps.js';
import { systemClock } from '../../../../src/session/deps.js';
import { chromiumAvailable, launchChromium } from '../../../helpers/browser.js';
import { startHarness, type Harness } from '../../support/harness.js';

let h: Harness;
let browser: Browser;
/** The environment without BOXOFFICE_TOKEN: the stored token is what is tested. */
let env: Record<string, string | undefined>;

beforeAll(async () => {
  h = await startHarness();
  env = { ...h.env, BOXOFFICE_TOKEN: undefined };
  if (chromiumAvailable) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

function configFile(): string {
  return join(h.configDir, 'config.json');
}

function storedToken(): string | undefined {
  if (!existsSync(configFile())) return undefined;
  return JSON.parse(readFileSync(configFile(), 'utf8')).profiles?.local?.token;
}

/** An openBrowser that drives a fresh Chromium page; `act` runs on it without blocking the CLI. */
function drivenBy(act: (page: Page, url: string) => Promise<void>): {
  openBrowser: (url: string) => Promise<void>;
  done: () => Promise<void>;
  opened: string[];
} {
  const opened: string[] = [];
  let work: Promise<void> = Promise.resolve();
  return {
    opened,
    openBrowser: async (url) => {
      opened.push(url);
      work = (async () => {
        const page = await browser.newPage();
        try {
          await act(page, url);
        } finally {
          await page.close();
        }
      })();
    },
    done: () => work,
  };
}

async function signIn(page: Page, url: string, decision: 'Allow' | 'Deny'): Promise<string> {
  await page.goto(url);
  await page.fill('input[name=email]', 'organizer@sandbox.local');
  await page.fill('input[name=password]', 'sandbox');
  await Promise.all([page.waitForURL(/127\.0\.0\.1:\d+\/callback/), page.click(`button:has-text("${decision}")`)]);
  return (await page.textContent('body')) ?? '';
}

describe.skipIf(!chromiumAvailable)('login in a real browser', () => {
  it('signs in, clicks Allow, stores the token (0600) and the token then works for event list', async () => {
    let shown = '';
    const driver = drivenBy(async (page, url) => {
      shown = await signIn(page, url, 'Allow');
    });
    const result = await h.run(['--debug', 'login', '--port', '0'], { env, openBrowser: driver.openBrowser });
    await driver.done();
    expect(result.stderr).toMatch(/logged in \(profile local\); the token is valid until \d{4}-\d{2}-\d{2}/);
    expect(result.code).toBe(0);
    expect(shown).toContain('Authorization received');

    const authorize = new URL(driver.opened[0]);
    expect(authorize.origin).toBe(h.sandbox.url);
    expect(authorize.pathname).toBe('/a/account/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('boxoffice-cli');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(authorize.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);

    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const token = storedToken() as string;
    expect(token).toBeTruthy();
    // The --debug trace showed the token exchange, without the client secret or the new token.
    expect(result.stderr).toContain('/a/account/oauth/token');
    expect(result.stderr).not.toContain('sandbox-client-secret');
    expect(result.stderr).not.toContain(token);
    const list = await h.run(['event', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    const status = JSON.parse((await h.run(['--json', 'auth', 'status'], { env })).stdout);
    expect(status).toMatchObject({ profile: 'local', tokenSource: 'profile', expired: false });
    expect(status.daysLeft).toBeGreaterThanOrEqual(89);

    const logout = await h.run(['logout'], { env });
    expect(logout.code).toBe(0);
    expect(storedToken()).toBeUndefined();
    const after = await h.run(['event', 'list'], { env });
    expect(after.code).toBe(3);
    expect(after.stderr).toBe('error: not logged in (profile local): run boxoffice login, or set BOXOFFICE_TOKEN\n');
  });

  it('stores nothing when the account holder clicks Deny, and says why (exit 3)', async () => {
    let shown = '';
    const driver = drivenBy(async (page, url) => {
      shown = await signIn(page, url, 'Deny');
    });
    const result = await h.run(['login', '--port', '0'], { env, openBrowser: driver.openBrowser });
    await driver.done();
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: the login was refused in the browser (access_denied); nothing was stored');
    expect(shown).toContain('not allowed');
    expect(storedToken()).toBeUndefined();
  });

  it('stores nothing when the callback carries a forged state, and says why', async () => {
    let shown = '';
    const exchangesBefore = h.requests.filter((request) => request.endsWith('/oauth/token')).length;
    const driver = drivenBy(async (page, url) => {
      const redirectUri = new URL(url).searchParams.get('redirect_uri') as string;
      await page.goto(`${redirectUri}?code=stolen-code&state=forged-state`);
      shown = (await page.textContent('body')) ?? '';
    });
    const result = await h.run(['login', '--port', '0'], { env, openBrowser: driver.openBrowser });
    await driver.done();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('state mismatch: a forged or stale callback); nothing was stored');
    expect(shown).toContain('state mismatch');
    expect(storedToken()).toBeUndefined();
    expect(h.requests.filter((request) => request.endsWith('/oauth/token')).length).toBe(exchangesBefore);
  });

  it('gives up after the timeout, stores nothing and closes the callback server', async () => {
    const instantTimeout: Clock = { now: () => systemClock.now(), sleep: async () => {} };
    let redirectUri = '';
    const result = await h.run(['login', '--port', '0', '--timeout', '120'], {
      env,
      clock: instantTimeout,
      openBrowser: async (url) => {
        redirectUri = new URL(url).searchParams.get('redirect_uri') as string;
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: no answer from the browser within 2 minutes; nothing was stored; run boxoffice login again\n');
    expect(storedToken()).toBeUndefined();
    await expect(fetch(`${redirectUri}?code=late&state=x`)).rejects.toThrow();
  });

  it('--no-browser prints the address; opening it by hand completes the login', async () => {
    let work: Promise<void> = Promise.resolve();
    const result = await h.run(['login', '--no-browser', '--port', '0'], {
      env,
      onStart: ({ stderr }) => {
        let text = '';
        const onData = (chunk: Buffer) => {
          text += chunk.toString();
          const address = /\s(http:\/\/127\.0\.0\.1:\d+\/a\/account\/oauth\/authorize\?\S+)\n/.exec(text)?.[1];
          if (!address) return;
          stderr.off('data', onData);
          work = (async () => {
            const page = await browser.newPage();
            await signIn(page, address, 'Allow');
            await page.close();
          })();
        };
        stderr.on('data', onData);
      },
    });
    await work;
    expect(result.stderr).toContain('Open this address in a browser to log in:\n  http://127.0.0.1:');
    expect(result.code).toBe(0);
    expect(storedToken()).toBeTruthy();
    expect((await h.run(['logout'], { env })).code).toBe(0);
  });
});
