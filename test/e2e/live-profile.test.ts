// The `live` profile, ready out of the box: the built CLI shows the live service's addresses as
// public code shows them, `login` asks for the registered application's client id and secret on
// a terminal (the one step left), and `auth status` says what it reached and whether the answer
// there is the service's, against a stand-in on loopback that answers a login page, a proxy's
// error and the service's shape.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureReply, type FixtureServer, startFixtureServer } from '../client/fixture-server.js';
import { runInTerminal } from '../helpers/terminal.js';
import { FAKE_BROWSER, runBuilt, startE2e, type E2e } from './support/built-cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-live-profile-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the live profile out of the box', () => {
  it('config list --profile live shows the preset addresses, which config set and the environment override', async () => {
    const env = { BOXOFFICE_CONFIG_DIR: join(dir, 'preset') };
    const listed = await runBuilt(['--profile', 'live', 'config', 'list'], { env });
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout).toBe(
      'live\tapiUrl\thttps://www.explara.com\nlive\tpublisherUrl\thttps://www.explara.com/api\nlive\tauthUrl\thttps://www.explara.com\n',
    );
    expect((await runBuilt(['--profile', 'live', 'config', 'set', 'apiUrl', 'https://in.explara.com'], { env })).code).toBe(0);
    expect((await runBuilt(['--profile', 'live', 'config', 'get', 'apiUrl'], { env })).stdout).toBe('https://in.explara.com\n');
    const offline = await runBuilt(['--profile', 'live', 'auth', 'status', '--offline'], {
      env: { ...env, BOXOFFICE_TOKEN: 'x', BOXOFFICE_AUTH_URL: 'https://auth.example.test' },
    });
    expect(offline.stdout).toContain('api\thttps://in.explara.com\n');
    expect(offline.stdout).toContain('auth\thttps://auth.example.test\n');
  });
});

describe('login --profile live on a terminal', { timeout: 120_000 }, () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(async () => e2e?.close());

  it("asks for the application's client id and secret (the secret unechoed), stores them, and logs in", async () => {
    const env = {
      BOXOFFICE_CONFIG_DIR: join(dir, 'login'),
      BOXOFFICE_API_URL: e2e.sandbox.url,
      BOXOFFICE_PUBLISHER_URL: e2e.sandbox.url,
      BOXOFFICE_AUTH_URL: e2e.sandbox.url,
      BROWSER: `${process.execPath} ${FAKE_BROWSER}`,
      NO_COLOR: '1',
    };
    const session = runInTerminal(['--profile', 'live', 'login', '--port', '0'], { cwd: e2e.dir, env, timeoutMs: 60_000 });
    await session.waitFor(/Client id/);
    expect(session.text()).toContain("profile live has no registered application yet: register one in the service's developer area");
    session.type('boxoffice-cli\r');
    await session.waitFor(/Client secret/);
    session.type('sandbox-client-secret\r');
    const code = await session.exit;
    expect(code, session.text()).toBe(0);
    expect(session.text()).toMatch(/logged in \(profile live\); the token is valid until \d{4}-\d\d-\d\d/);
    expect(session.text()).not.toContain('sandbox-client-secret');
    const listed = await runBuilt(['--profile', 'live', 'config', 'list'], { env });
    expect(listed.stdout).toContain('live\tclientId\tboxoffice-cli\nlive\tclientSecret\t(set)\nlive\ttoken\t(set)\n');
    const status = await runBuilt(['--profile', 'live', 'auth', 'status'], { env });
    expect(status.code, status.stderr).toBe(0);
  });

  it('without a terminal, says what to set instead of asking (exit 2)', async () => {
    const env = { BOXOFFICE_CONFIG_DIR: join(dir, 'no-terminal'), BOXOFFICE_AUTH_URL: e2e.sandbox.url };
    const result = await runBuilt(['--profile', 'live', 'login'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: profile live has no clientId or clientSecret: register an application');
  });
});

describe('auth status: what it reached, and whether the answer is the service', () => {
  let server: FixtureServer;
  let reply: FixtureReply;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startFixtureServer((request) => (request.path === '/api/e/get-all-events' ? reply : { status: 404, body: 'not here' }));
    env = {
      BOXOFFICE_CONFIG_DIR: join(dir, 'status'),
      BOXOFFICE_API_URL: server.url,
      BOXOFFICE_PUBLISHER_URL: server.url,
      BOXOFFICE_AUTH_URL: server.url,
      BOXOFFICE_TOKEN: 'live-token-123',
    };
  });
  afterAll(async () => server?.close());

  const status = (answer: FixtureReply, json = false) => {
    reply = answer;
    return runBuilt([...(json ? ['--json'] : []), '--profile', 'live', 'auth', 'status'], { env });
  };
  const reached = () => `reached\t${server.url}/api/e/get-all-events\n`;

  it('a login page (HTML, HTTP 200) is named as such: not the service, check the address (exit 1)', async () => {
    const result = await status({ body: '<!DOCTYPE html><html><head><title>Sign in | Explara</title></head><body><form>…</form></body></html>' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(reached());
    expect(result.stdout).toContain(`service\tNOT the service: an HTML page titled "Sign in | Explara" (HTTP 200), not the service's JSON\n`);
    expect(result.stderr).toBe(
      `error: not the service at ${server.url}/api/e/get-all-events: an HTML page titled "Sign in | Explara" (HTTP 200), not the service's JSON; ` +
        'check the address: boxoffice --profile live config get apiUrl (or BOXOFFICE_API_URL), then config set apiUrl https://…\n',
    );
  });

  it("a proxy's error (HTTP 502 with an HTML or a plain body) is named as such, asked once (exit 1)", async () => {
    const html = await status({ status: 502, body: '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>' });
    expect(html.code).toBe(1);
    expect(html.stdout).toContain(reached());
    expect(html.stdout).toContain('service\tNOT the service: HTTP 502 with an HTML page titled "502 Bad Gateway": a proxy or gateway error, not the service\n');
    expect(html.stderr).toMatch(/; the service or a proxy on the way is failing: try again later, and check HTTPS_PROXY or HTTP_PROXY if one is set\n$/);
    const before = server.requestsTo('/api/e/get-all-events').length;
    const plain = await status({ status: 502, headers: { 'content-type': 'text/plain' }, body: 'Bad Gateway' });
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('service\tNOT the service: HTTP 502 with plain text "Bad Gateway": a proxy or gateway error, not the service\n');
    expect(server.requestsTo('/api/e/get-all-events').length - before).toBe(1);
  });

  it("the service's shape: it answers as the service does and accepts the token (exit 0), or refuses it (exit 3)", async () => {
    const accepted = await status({ body: { status: 'success', events: [] } });
    expect(accepted).toMatchObject({ code: 0, stderr: '' });
    expect(accepted.stdout).toContain(reached());
    expect(accepted.stdout).toContain('service\tanswers as the service does, and accepts the token\n');
    const refused = await status({ status: 200, body: { status: 'error', message: 'E001', description: 'Invalid API key' } });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('service\tanswers as the service does, and REFUSES the token (E001: Invalid API key)\n');
  });

  it('--json says the same: reached, looksLikeService, answer', async () => {
    const page = JSON.parse((await status({ body: '<html><body>Login</body></html>' }, true)).stdout);
    expect(page).toMatchObject({
      reached: `${server.url}/api/e/get-all-events`,
      looksLikeService: false,
      tokenAccepted: null,
      answer: expect.stringMatching(/^an HTML page/),
    });
    const service = JSON.parse((await status({ body: { status: 'success', events: [] } }, true)).stdout);
    expect(service).toMatchObject({ looksLikeService: true, tokenAccepted: true, answer: null });
  });
});
