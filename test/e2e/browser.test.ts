// BROWSER is a command line, split as a shell splits words (as gh does): a quoted argument stays
// one word, `%s` is replaced by the address, else the address is added at the end. The built CLI
// opens the fake browser (test/e2e/support/fake-browser.mjs), which signs in on the sandbox's
// page or pays on its payment page, as a person would.
import { copyFileSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BROWSER, startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let browserScript: string;
beforeAll(async () => {
  e2e = await startE2e();
  // A path with a space and a quote in it: only shell-like splitting keeps it one word.
  const directory = join(e2e.dir, "fake browser's home");
  mkdirSync(directory);
  browserScript = join(directory, 'fake-browser.mjs');
  copyFileSync(FAKE_BROWSER, browserScript);
});
afterAll(async () => e2e?.close());

const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function openedWith(log: string): string[][] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { args?: string[] })
    .flatMap((entry) => (entry.args ? [entry.args] : []));
}

describe.concurrent('BROWSER (built CLI)', { timeout: 120_000 }, () => {
  it('runs "node SCRIPT --flag" with the address appended, and the login completes through it', async () => {
    const log = join(e2e.dir, 'appended.ndjson');
    const configDir = join(e2e.dir, 'config-appended');
    const env = {
      BOXOFFICE_TOKEN: undefined,
      BOXOFFICE_CONFIG_DIR: configDir,
      BROWSER: `node ${shellQuoted(browserScript)} --new-window`,
      FAKE_BROWSER_LOG: log,
    };
    const login = await e2e.run(['login', '--port', '0', '--timeout', '90'], { env });
    expect(login.stderr).not.toContain('Could not open a browser');
    expect(login.stderr).toMatch(/logged in \(profile local\)/);
    expect(login.code).toBe(0);
    const [args] = openedWith(log);
    expect(args).toHaveLength(2);
    expect(args[0]).toBe('--new-window');
    expect(new URL(args[1]).pathname).toBe('/a/account/oauth/authorize');
    const list = await e2e.run(['event', 'list'], { env });
    expect(list.code).toBe(0);
  });

  it('replaces %s with the address instead of appending it', async () => {
    const log = join(e2e.dir, 'placeholder.ndjson');
    const env = {
      BOXOFFICE_TOKEN: undefined,
      BOXOFFICE_CONFIG_DIR: join(e2e.dir, 'config-placeholder'),
      BROWSER: `node "${browserScript}" %s --then-quit`,
      FAKE_BROWSER_LOG: log,
    };
    const login = await e2e.run(['login', '--port', '0', '--timeout', '90'], { env });
    expect(login.code).toBe(0);
    const [args] = openedWith(log);
    expect(args).toHaveLength(2);
    expect(args[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/a\/account\/oauth\/authorize\?/);
    expect(args[1]).toBe('--then-quit');
  });

  it('pays on the payment page for bookings request', async () => {
    const log = join(e2e.dir, 'pay.ndjson');
    const request = await e2e.run(['bookings', 'request', '--amount', '250', '--order-no', 'E2E-PAY-1', '--timeout', '90s'], {
      env: { BROWSER: `node ${shellQuoted(browserScript)}`, FAKE_BROWSER_LOG: log },
    });
    expect(request.stdout).toMatch(/^E2E-PAY-1\tsuccess\t250/);
    expect(request.code).toBe(0);
    expect(openedWith(log)).toHaveLength(1);
  });

  it('says it could not open a browser, and shows the address, when BROWSER names no program', async () => {
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: join(e2e.dir, 'config-missing'), BROWSER: '"/no such/browser" --flag' };
    const login = await e2e.run(['login', '--port', '0', '--timeout', '1'], { env });
    expect(login.stderr).toMatch(/Could not open a browser \(spawn \/no such\/browser ENOENT\)/);
    expect(login.stderr).toContain('/a/account/oauth/authorize?');
    expect(login.code).not.toBe(0);
  });

  it('prints the address at once, and says at once that the opener failed (BROWSER=false), well before --timeout', async () => {
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: join(e2e.dir, 'config-false'), BROWSER: 'false' };
    const started = Date.now();
    let noticedAfterMs = 0;
    const login = await e2e.run(['login', '--port', '0', '--timeout', '120'], {
      env,
      onOutput: ({ stderr }, kill) => {
        if (noticedAfterMs === 0 && stderr.includes('Could not open a browser')) {
          noticedAfterMs = Date.now() - started;
          kill('SIGINT');
        }
      },
    });
    expect(login.stderr).toMatch(/if it does not open, open this address:\n {2}http:\/\/127\.0\.0\.1:\d+\/a\/account\/oauth\/authorize\?/);
    expect(login.stderr).toMatch(/Could not open a browser \(false exited with status 1\)\. Open the address above yourself; still waiting\./);
    // Said as soon as the opener failed, not after the 120 s --timeout (generous: a loaded machine).
    expect(noticedAfterMs).toBeGreaterThan(0);
    expect(noticedAfterMs).toBeLessThan(60_000);
    expect(login.code).toBe(130);
  });

  it('refuses shell syntax in BROWSER with a message naming it', async () => {
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: join(e2e.dir, 'config-pipe'), BROWSER: 'firefox | tee /dev/null' };
    const login = await e2e.run(['login', '--port', '0', '--timeout', '1'], { env });
    expect(login.stderr).toContain('"|" is shell syntax');
    expect(login.code).not.toBe(0);
  });
});
