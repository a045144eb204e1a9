// What CI can trust, with the built CLI as a process: `auth status` asks the service whether it
// accepts the token, `login --with-token` never stores a refused token, a --json failure is a JSON
// document, a value outside an option's fixed set is refused before any request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
/** An address where nothing listens: a command that sends a request there fails with exit 1. */
const NOWHERE = 'http://127.0.0.1:9';
const REFUSED_TOKEN = 'not-a-token-the-service-knows';

beforeAll(async () => {
  e2e = await startE2e({});
});
afterAll(async () => e2e?.close());

describe.concurrent('what CI can trust', { timeout: 120_000 }, () => {
  it("auth status asks the service: accepted → 0; refused → 3 naming the token's source; --offline sends nothing", async () => {
    const accepted = await e2e.run(['--json', 'auth', 'status']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ tokenSource: 'env', tokenAccepted: true });

    const refused = await e2e.run(['auth', 'status'], { env: { BOXOFFICE_TOKEN: REFUSED_TOKEN } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/the service refused BOXOFFICE_TOKEN \(the environment\) \(E001[^)]*\): replace BOXOFFICE_TOKEN/);
    expect(refused.stdout).toMatch(/^service\tanswers as the service does, and REFUSES the token \(E001/m);
    expect(refused.stderr).not.toContain(REFUSED_TOKEN);

    const offline = await e2e.run(['--json', 'auth', 'status', '--offline'], { env: { BOXOFFICE_TOKEN: REFUSED_TOKEN, BOXOFFICE_API_URL: NOWHERE } });
    expect(offline.code, offline.stderr).toBe(0);
    expect(JSON.parse(offline.stdout)).toMatchObject({ tokenAccepted: null });
    const unreachable = await e2e.run(['auth', 'status'], { env: { BOXOFFICE_API_URL: NOWHERE } });
    expect(unreachable.code).toBe(1);
  });

  it('login --with-token checks the token first and never replaces a working stored token with a refused one', async () => {
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: join(e2e.dir, 'with-token') };
    const good = e2e.sandbox.mintToken('organizer');
    const stored = await e2e.run(['login', '--with-token'], { env, stdin: `${good}\n` });
    expect(stored.code, stored.stderr).toBe(0);
    const configFile = (): string => readFileSync(join(env.BOXOFFICE_CONFIG_DIR, 'config.json'), 'utf8');
    const before = configFile();

    const refused = await e2e.run(['login', '--with-token'], { env, stdin: `${REFUSED_TOKEN}\n` });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/the service refused the token read from stdin \(E001[^)]*\); the stored token was kept/);
    expect(configFile()).toBe(before);
    const status = await e2e.run(['--json', 'auth', 'status'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ tokenSource: 'profile', tokenAccepted: true });
  });

  it('with --json a failure is one JSON document on stdout too (code, message, exit code)', async () => {
    const notFound = await e2e.run(['--json', 'event', 'get', '999999']);
    expect(notFound.code).toBe(1);
    expect(JSON.parse(notFound.stdout)).toEqual({ error: { code: 'E007', message: expect.stringContaining('999999') as string, exitCode: 1 } });

    const usage = await e2e.run(['--json', 'event', 'list', '--bogus']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout)).toEqual({ error: { code: 'usage', message: "unknown option '--bogus'", exitCode: 2 } });

    const refused = await e2e.run(['--json', 'event', 'list'], { env: { BOXOFFICE_TOKEN: REFUSED_TOKEN } });
    expect(refused.code).toBe(3);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'E001', exitCode: 3 } });
  });

  it("a value outside an option's fixed set exits 2 with the list, before any request", async () => {
    const env = { BOXOFFICE_API_URL: NOWHERE, BOXOFFICE_PUBLISHER_URL: NOWHERE };
    const cases: [string[], RegExp][] = [
      [['attendees', 'export', '1', '--status', 'attending,bogus'], /invalid --status "bogus": expected one of attending, cancelled, lcancelled/],
      [['attendees', 'export', '1', '--format', 'xml'], /--format.*(csv, json, ndjson|"csv", "json", "ndjson")/],
      [['ticket', 'add', '1', '--currency', 'XYZ'], /expected one of INR, USD/],
      [['discount', 'add', '1', '2', '--discount-category', 'bogus'], /expected one of flat, bulk, code/],
      [['order', 'place', '1', '--ticket', '2:1', '--status', 'bogus'], /--status.*confirm, pending, fail/],
      [['bookings', 'list', '--format', 'xml'], /--format.*table/],
      [['sandbox', 'token', '--role', 'bogus'], /--role.*organizer/],
      [['events', 'search', '--price', 'bogus'], /expected one of free, paid/],
      // What a category needs is required with it (asked for on a terminal).
      [
        ['--no-input', 'discount', 'add', '1', '2', '--discount-category', 'code', '--discount', '5', '--discount-type', 'fixed'],
        /missing required flag: --code/,
      ],
      [
        ['--no-input', 'discount', 'add', '1', '2', '--discount-category', 'bulk', '--discount', '5', '--discount-type', 'fixed'],
        /missing required flags: --from-quantity, --to-quantity/,
      ],
      [
        ['event', 'create', '--url', 'Not A Slug', '--listing-image', 'l.png', '--contact-info', 'a@b'],
        /--url "Not A Slug": expected a slug.*--listing-image "l\.png": expected an http.*--contact-info "a@b": expected an e-mail address/,
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await e2e.run(argv, { env });
      expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr, argv.join(' ')).toMatch(message);
    }
  });
});

describe('config set reads a secret from standard input', { timeout: 120_000 }, () => {
  it('config set KEY without VALUE, stdin piped: the value comes from stdin (not the command line)', async () => {
    const env = { BOXOFFICE_CONFIG_DIR: join(e2e.dir, 'config-stdin') };
    const set = await e2e.run(['config', 'set', 'clientSecret'], { env, stdin: 's3cret-from-stdin\n' });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).not.toContain('s3cret');
    const got = await e2e.run(['config', 'get', 'clientSecret', '--show-secrets'], { env });
    const stored = JSON.parse(readFileSync(join(env.BOXOFFICE_CONFIG_DIR, 'config.json'), 'utf8')) as { profiles: Record<string, { clientSecret?: string }> };
    expect(stored.profiles.local.clientSecret, got.stderr).toBe('s3cret-from-stdin');
    const empty = await e2e.run(['config', 'set', 'clientSecret'], { env, stdin: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('missing VALUE: pipe it in');
  });
});
