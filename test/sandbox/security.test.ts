// A sandbox that is safe to leave running (docs/sandbox-security.md), against the real server on
// a loopback port: the Host allow-list, cross-site form refusal, the sandbox secret of the tool
// endpoints, OAuth hardening (PKCE, code reuse, the authorize form's token, framing), the request
// deadline, and the bounds and slowdown of the bookkeeping kept per token and per address.
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { ORGANIZER_EMAIL, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_PASSWORD } from '../../src/sandbox/fixtures.js';
import { issueAuthCode } from '../../src/sandbox/db/oauth.js';
import { findAccountByEmail } from '../../src/sandbox/db/accounts.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { modesExtension } from '../../src/sandbox/modes/index.js';
import { DEFAULT_MAX_WINDOWS, RateLimiter } from '../../src/sandbox/modes/limits.js';
import { FailedAuthThrottle, DEFAULT_FAILED_AUTH_POLICY } from '../../src/sandbox/security/failed-auth.js';
import { REQUEST_DEADLINE_MS, startSandbox } from '../../src/sandbox/server.js';
import { authorizeFormToken } from '../helpers/authorize.js';
import { startTestSandbox, type TestSandbox, useTestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, expectError, expectSuccess, manualClock, post, validEvent } from './api.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with exactly these headers (fetch will not send a Host of our choosing). */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: hostname, port: Number(port), method, path, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const FORM = 'application/x-www-form-urlencoded';
const REDIRECT = 'http://127.0.0.1:53124/callback';

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeParams(challenge: string | undefined): Record<string, string> {
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: SANDBOX_CLIENT_ID,
    state: `st-${randomBytes(4).toString('hex')}`,
    redirect_uri: REDIRECT,
  };
  if (challenge !== undefined) Object.assign(params, { code_challenge: challenge, code_challenge_method: 'S256' });
  return params;
}

function postAuthorize(sandbox: TestSandbox, fields: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.url}/a/account/oauth/authorize`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

function exchange(sandbox: TestSandbox, code: string, verifier?: string) {
  const fields: Record<string, string> = {
    client_id: SANDBOX_CLIENT_ID,
    client_secret: SANDBOX_CLIENT_SECRET,
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
  };
  if (verifier !== undefined) fields.code_verifier = verifier;
  return post(sandbox.url, '/a/account/oauth/token', fields);
}

function eventCount(sandbox: TestSandbox): number {
  return (sandbox.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
}

describe('requests a browser can be made to send', () => {
  const sandbox = useTestSandbox({ clock: manualClock(TEST_NOW) });

  it('refuses a Host that is not the address and port it listens on (421), accepts 127.0.0.1:PORT and localhost:PORT', async () => {
    const port = new URL(sandbox.url).port;
    const body = new URLSearchParams({ role: 'admin' }).toString();
    const rebound = await raw(
      sandbox.url,
      'POST',
      '/sandbox/token',
      { host: 'attacker.example', origin: 'http://attacker.example', 'content-type': FORM, authorization: `Bearer ${sandbox.secret}` },
      body,
    );
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toMatchObject({ status: 'error', message: 'WRONG_HOST', field: 'Host' });
    expect(rebound.body).not.toContain('sbx_at_');
    for (const host of [`attacker.example:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`, `localhost.attacker.example:${port}`, `[::1]:${port}`]) {
      const answer = await raw(sandbox.url, 'GET', '/a/account/oauth/authorize', { host });
      expect(answer.status, host).toBe(421);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const answer = await raw(sandbox.url, 'POST', '/api/e/get-all-events', {
        host,
        authorization: `Bearer ${sandbox.tokens.organizer}`,
        'content-type': FORM,
      });
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses a form post from another site (Origin or Sec-Fetch-Site: cross-site) with 403 and changes nothing', async () => {
    const host = new URL(sandbox.url).host;
    const before = eventCount(sandbox);
    const fields = new URLSearchParams(validEvent()).toString();
    const auth = { host, authorization: `Bearer ${sandbox.tokens.organizer}`, 'content-type': FORM };
    const browsers: Record<string, string>[] = [
      { origin: 'http://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: `http://127.0.0.1:${Number(new URL(sandbox.url).port) + 1}`, 'sec-fetch-site': 'same-site' },
    ];
    for (const browser of browsers) {
      const answer = await raw(sandbox.url, 'POST', '/api/e/create', { ...auth, ...browser }, fields);
      expect(answer.status, JSON.stringify(browser)).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', message: 'CROSS_SITE' });
    }
    // the issue's case: a page posting to /sandbox/seed with no credentials at all
    const seed = await raw(sandbox.url, 'POST', '/sandbox/seed', { host, origin: 'http://attacker.example', 'content-type': FORM }, 'orders=1000000');
    expect([401, 403]).toContain(seed.status);
    expect(eventCount(sandbox)).toBe(before);

    // the sandbox's own pages post to their own origin; programs send neither header
    expect((await raw(sandbox.url, 'POST', '/api/e/create', { ...auth, origin: sandbox.url, 'sec-fetch-site': 'same-origin' }, fields)).status).toBe(200);
    expect((await raw(sandbox.url, 'POST', '/api/e/create', auth, new URLSearchParams(validEvent()).toString())).status).toBe(200);
    expect(eventCount(sandbox)).toBe(before + 2);
  });

  it('lets a merchant page post the buyer to E12 /em/booking (the designed cross-site entry)', async () => {
    const host = new URL(sandbox.url).host;
    const fields = new URLSearchParams({
      amount: '10',
      orderNo: `ORD-${randomBytes(4).toString('hex')}`,
      bookingKey: sandbox.tokens.bookingKey,
      callbackUrl: 'https://shop.example/return',
    });
    const page = await raw(
      sandbox.url,
      'POST',
      '/em/booking',
      { host, origin: 'https://shop.example', 'sec-fetch-site': 'cross-site', 'content-type': FORM },
      fields.toString(),
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('Sandbox payment');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the sandbox secret of /sandbox/token and /sandbox/seed', () => {
  const sandbox = useTestSandbox({ clock: manualClock(TEST_NOW), secret: `sbx_secret_${randomBytes(24).toString('base64url')}` });

  it('refuses a call without it or with a wrong one (E001, 401) and serves one with it', async () => {
    for (const path of ['/sandbox/token', '/sandbox/seed']) {
      const without = await post(sandbox.url, path, { role: 'admin', orders: '1' });
      expectError(without, 'E001', 401, 'Authorization');
      expect(without.body.description).toContain('sandbox secret is needed');
      expect(JSON.stringify(without.body)).not.toContain(sandbox.secret);
      expectError(await post(sandbox.url, path, { role: 'admin', orders: '1' }, { token: `${sandbox.secret}x` }), 'E001', 401, 'Authorization');
      expectError(await post(sandbox.url, path, { role: 'admin', orders: '1' }, { token: sandbox.tokens.admin }), 'E001', 401, 'Authorization');
    }
    expect(eventCount(sandbox)).toBe(0);
    expect(String(expectSuccess(await post(sandbox.url, '/sandbox/token', { role: 'admin' }, { token: sandbox.secret })).value)).toMatch(/^sbx_at_/);
    expectSuccess(await post(sandbox.url, '/sandbox/seed', { orders: '1' }, { token: sandbox.secret }));
  });

  it("leaves /sandbox/questions to the event organizer's access token", async () => {
    const eventId = String(expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token: sandbox.tokens.organizer })).eventId);
    expectSuccess(await post(sandbox.url, '/sandbox/questions', { eventId, label: 'Company' }, { token: sandbox.tokens.organizer }));
    expectError(await post(sandbox.url, '/sandbox/questions', { eventId, label: 'Company' }), 'E001', 401);
  });
});

describe('OAuth hardening', () => {
  const sandbox = useTestSandbox();

  async function signIn(params: Record<string, string>): Promise<string> {
    const csrf_token = await authorizeFormToken(sandbox.url, params);
    const response = await postAuthorize(sandbox, { ...params, email: ORGANIZER_EMAIL, password: SANDBOX_PASSWORD, decision: 'allow', csrf_token });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
  }

  it('a code used a second time is refused and revokes the token it gave (RFC 6749 §4.1.2)', async () => {
    const { verifier, challenge } = pkce();
    const code = await signIn(authorizeParams(challenge));
    const token = String(expectSuccess(await exchange(sandbox, code, verifier)).access_token);
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token }));
    const again = await exchange(sandbox, code, verifier);
    expectError(again, 'E001', 400, 'code');
    expect(again.body.description).toContain('revoked');
    expectError(await post(sandbox.url, '/api/e/get-all-events', {}, { token }), 'E001', 401);
    // other tokens of the account are untouched
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: sandbox.tokens.organizer }));
  });

  it("PKCE is required of the CLI's public client: no code_challenge → invalid_request to the redirect_uri; a code without one is not exchanged", async () => {
    const params = authorizeParams(undefined);
    const response = await fetch(`${sandbox.url}/a/account/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/code challenge required/);
    expect(location.searchParams.get('state')).toBe(params.state);
    expect(location.searchParams.get('code')).toBeNull();

    // a code stored without a challenge (as the sandbox issued them before) buys nothing
    const account = findAccountByEmail(sandbox.db, ORGANIZER_EMAIL)!;
    const code = issueAuthCode(sandbox.db, { clientId: SANDBOX_CLIENT_ID, accountId: account.id, redirectUri: REDIRECT, codeChallenge: null, now: new Date() });
    expectError(await exchange(sandbox, code), 'E001', 400, 'code_verifier');
  });

  it("the authorize form carries an anti-forgery token; without it, or with another form's, nothing is granted (403)", async () => {
    const { challenge } = pkce();
    const params = authorizeParams(challenge);
    const page = await fetch(`${sandbox.url}/a/account/oauth/authorize?${new URLSearchParams(params)}`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toMatch(/<input type="hidden" name="csrf_token" value="\d+\.[A-Za-z0-9_-]{43}">/);

    const codeCount = () => (sandbox.db.prepare('SELECT COUNT(*) AS n FROM auth_codes').get() as { n: number }).n;
    const codesBefore = codeCount();
    const signInFields = { ...params, email: ORGANIZER_EMAIL, password: SANDBOX_PASSWORD, decision: 'allow' };
    const missing = await postAuthorize(sandbox, signInFields);
    expect(missing.status).toBe(403);
    expect(missing.headers.get('location')).toBeNull();
    expect(await missing.text()).toContain('Start the sign-in again');
    const otherForm = await authorizeFormToken(sandbox.url, authorizeParams(challenge));
    expect((await postAuthorize(sandbox, { ...signInFields, csrf_token: otherForm })).status).toBe(403);
    expect((await postAuthorize(sandbox, { ...signInFields, csrf_token: '1.AAAA' })).status).toBe(403);
    expect(codeCount()).toBe(codesBefore);
    expect((await postAuthorize(sandbox, { ...signInFields, csrf_token: await authorizeFormToken(sandbox.url, params) })).status).toBe(302);
  });
});

describe('request deadline', () => {
  it('answers 408 and closes a connection whose body has not arrived in full by the deadline', async () => {
    const sandbox = await startTestSandbox({ requestDeadlineMs: 600 });
    try {
      const { hostname, port, host } = new URL(sandbox.url);
      const socket = connect({ host: hostname, port: Number(port) });
      const started = performance.now();
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.write(
        `POST /api/e/create HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${sandbox.tokens.organizer}\r\n` +
          `Content-Type: ${FORM}\r\nContent-Length: 100000\r\n\r\neventTitle=`,
      );
      // timer under test: a client that sends its body a byte every 50 ms, never in full.
      const drip = setInterval(() => socket.writable && socket.write('x'), 50);
      const closedAfter = await new Promise<number>((resolve) => {
        socket.on('close', () => resolve(performance.now() - started));
        socket.on('error', () => undefined);
      });
      clearInterval(drip);
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfter).toBeGreaterThanOrEqual(500);
      expect(closedAfter).toBeLessThan(5_000);
      expect(eventCount(sandbox)).toBe(0);
      // the server goes on serving
      expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: sandbox.tokens.organizer }));
    } finally {
      await sandbox.close();
    }
  });

  it('is 30 s by default (headers included)', async () => {
    const sandbox = await startSandbox({ port: 0, dbPath: ':memory:' });
    try {
      expect(REQUEST_DEADLINE_MS).toBe(30_000);
      expect(sandbox.server.requestTimeout).toBe(30_000);
      expect(sandbox.server.headersTimeout).toBe(30_000);
    } finally {
      await sandbox.close();
    }
  });
});

describe('bookkeeping per token and per address stays bounded', () => {
  // Over HTTP: 100,000 tokens against the default bound under CI (about a minute on two cores);
  // by hand a tenth of that against a tenth of the bound (FLOOD_TOKENS sets the count).
  const floodTokens = Number(process.env.FLOOD_TOKENS ?? (process.env.CI === 'true' ? 100_000 : 10_000));

  it(`${floodTokens} made-up bearer tokens over HTTP leave the --limits realistic limiter at its bound`, async () => {
    const maxWindows = Math.ceil(floodTokens / 10);
    const limiter = new RateLimiter({ now: () => Date.now(), maxWindows });
    const [, ...rest] = defaultExtensions();
    // Failures are not slowed here: the limiter must hold even for a guesser the slowdown misses.
    const sandbox = await startTestSandbox({
      limits: 'realistic',
      extensions: [modesExtension({ rateLimiter: limiter }), ...rest],
      failedAuth: { freeFailures: Infinity },
    });
    const pool = new Pool(sandbox.url, { connections: 8 });
    try {
      let sent = 0;
      const statuses = new Map<number, number>();
      const worker = async () => {
        while (sent < floodTokens) {
          sent += 1;
          const response = await pool.request({
            method: 'POST',
            path: '/api/e/get-event',
            headers: { authorization: `Bearer bogus-${sent}-${randomBytes(6).toString('hex')}`, 'content-type': FORM },
            body: 'eventId=1',
          });
          await response.body.dump();
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      expect(Object.fromEntries(statuses)).toEqual({ 401: floodTokens });
      expect(limiter.size).toBe(maxWindows);
      expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: sandbox.tokens.organizer }));
    } finally {
      await pool.close();
      await sandbox.close();
    }
  }, 300_000);

  it('100,000 made-up bearer tokens leave the limiter at its default bound', () => {
    let now = Date.parse(TEST_NOW);
    const limiter = new RateLimiter({ now: () => now });
    for (let index = 0; index < 100_000; index += 1) {
      now += 1;
      expect(limiter.check(`bogus-${index}`, '/api/e/get-event').allowed).toBe(true);
      if (index === 4_999) expect(limiter.size).toBe(10_000); // two windows a token: burst and reads
    }
    expect(limiter.size).toBe(DEFAULT_MAX_WINDOWS);
  });

  it('keeps at most maxAddresses records of failed sign-ins, dropping the least recent', () => {
    const throttle = new FailedAuthThrottle({ ...DEFAULT_FAILED_AUTH_POLICY, maxAddresses: 1_000 }, () => 0);
    for (let index = 0; index < 100_000; index += 1) throttle.recordFailure(`10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`);
    expect(throttle.size).toBe(1_000);
  });
});

describe('failed sign-ins are slowed per client address', () => {
  const policy = { freeFailures: 3, forgetOneEveryMs: 600_000, firstStepMs: 400, maxStepMs: 400, maxWaitMs: 2_000 };

  it('after the free failures, bad bearer tokens are answered one per step; a flood is refused with E023 and Retry-After', async () => {
    const sandbox = await startTestSandbox({ failedAuth: policy });
    try {
      const bad = () => post(sandbox.url, '/api/e/get-all-events', {}, { token: `sbx_at_guess${randomBytes(8).toString('hex')}` });
      for (let index = 0; index < 5; index += 1) expectError(await bad(), 'E001', 401);
      const started = performance.now();
      for (let index = 0; index < 3; index += 1) expectError(await bad(), 'E001', 401);
      // one step each; the first may find part of its step already over
      expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 400);

      const flood = await Promise.all(Array.from({ length: 20 }, bad));
      const refused = flood.filter((answer) => answer.body.message === 'E023');
      expect(refused.length).toBeGreaterThanOrEqual(10);
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await sandbox.close();
    }
  });

  it('wrong passwords on the authorize page count the same way', async () => {
    const sandbox = await startTestSandbox({ failedAuth: policy });
    try {
      const params = authorizeParams(pkce().challenge);
      const csrf_token = await authorizeFormToken(sandbox.url, params);
      const attempt = async () => {
        const response = await postAuthorize(sandbox, {
          ...params,
          email: ORGANIZER_EMAIL,
          password: `guess-${randomBytes(3).toString('hex')}`,
          decision: 'allow',
          csrf_token,
        });
        await response.text();
        return response.status;
      };
      for (let index = 0; index < 5; index += 1) expect(await attempt()).toBe(401);
      const started = performance.now();
      for (let index = 0; index < 3; index += 1) expect(await attempt()).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 400);
    } finally {
      await sandbox.close();
    }
  });
});
