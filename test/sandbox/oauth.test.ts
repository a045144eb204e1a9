// OAuth (reference §5) through plain HTTP form posts: the authorize page, Allow / Deny, the token
// exchange with PKCE, one-use and expiring codes, token lifetime.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ORGANIZER_EMAIL, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_PASSWORD } from '../../src/sandbox/fixtures.js';
import { authorizeFormToken } from '../helpers/authorize.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { ENCODINGS, TEST_NOW, encode, expectError, expectSuccess, manualClock, post, validEvent, type Encoding } from './api.js';

const clock = manualClock(TEST_NOW);
const sandbox = useTestSandbox({ clock });

const REDIRECT = 'http://127.0.0.1:53123/callback';

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The verifier of each challenge authorizeParams made (the CLI's client must use PKCE). */
const verifiers = new Map<string, string>();

function authorizeParams(overrides: Record<string, string> = {}): Record<string, string> {
  const { verifier, challenge } = pkce();
  verifiers.set(challenge, verifier);
  return {
    response_type: 'code',
    client_id: SANDBOX_CLIENT_ID,
    state: 'st-' + randomBytes(6).toString('hex'),
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
}

function verifierOf(params: Record<string, string>): string {
  return verifiers.get(params.code_challenge) ?? '';
}

const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'state', 'redirect_uri', 'code_challenge', 'code_challenge_method'];

/** Posts the consent form with the anti-forgery token of the page rendered for its parameters. */
async function submitConsent(fields: Record<string, string>, encoding: Encoding = 'urlencoded'): Promise<Response> {
  const params = Object.fromEntries(Object.entries(fields).filter(([name]) => AUTHORIZE_PARAMS.includes(name)));
  const csrf_token = await authorizeFormToken(sandbox.url, params);
  return fetch(`${sandbox.url}/a/account/oauth/authorize`, { method: 'POST', body: encode({ ...fields, csrf_token }, encoding), redirect: 'manual' });
}

async function authorize(params: Record<string, string>, email = ORGANIZER_EMAIL, encoding: Encoding = 'urlencoded'): Promise<URL> {
  const response = await submitConsent({ ...params, email, password: SANDBOX_PASSWORD, decision: 'allow' }, encoding);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

function exchange(fields: Record<string, string>, encoding: Encoding = 'urlencoded') {
  return post(
    sandbox.url,
    '/a/account/oauth/token',
    { client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET, grant_type: 'authorization_code', ...fields },
    { encoding },
  );
}

describe('authorize page', () => {
  it('renders a sign-in and consent form with email, password, Allow and Deny', async () => {
    const response = await fetch(`${sandbox.url}/a/account/oauth/authorize?${new URLSearchParams(authorizeParams())}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(html).toMatch(/<button[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*>Deny<\/button>/);
  });

  it('accepts any loopback redirect_uri on any port for the CLI, and refuses others with a page', async () => {
    for (const uri of ['http://127.0.0.1:1/cb', 'http://localhost:65000/x', 'http://[::1]:8976/callback']) {
      const response = await fetch(`${sandbox.url}/a/account/oauth/authorize?${new URLSearchParams(authorizeParams({ redirect_uri: uri }))}`);
      expect(response.status, uri).toBe(200);
    }
    for (const uri of ['https://evil.example/cb', 'http://127.0.0.1.evil.example/cb', 'http://user@127.0.0.1:1/cb', 'not a url']) {
      const response = await fetch(`${sandbox.url}/a/account/oauth/authorize?${new URLSearchParams(authorizeParams({ redirect_uri: uri }))}`, {
        redirect: 'manual',
      });
      expect(response.status, uri).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('refuses an unknown client, a missing state and an unsupported PKCE method', async () => {
    const cases = [
      authorizeParams({ client_id: 'someone-else' }),
      { response_type: 'code', client_id: SANDBOX_CLIENT_ID, redirect_uri: REDIRECT },
      authorizeParams({ code_challenge: pkce().challenge, code_challenge_method: 'plain' }),
      authorizeParams({ response_type: 'token' }),
    ];
    for (const params of cases) {
      const response = await fetch(`${sandbox.url}/a/account/oauth/authorize?${new URLSearchParams(params)}`);
      expect(response.status, JSON.stringify(params)).toBe(400);
    }
  });
});

describe.each(ENCODINGS)('authorize and token (%s)', (encoding) => {
  it('Allow redirects with a code and the unchanged state; the code buys a 3-month token once', async () => {
    const { verifier, challenge } = pkce();
    const params = authorizeParams({ state: 'keep/this &state=', code_challenge: challenge, code_challenge_method: 'S256' });
    const location = await authorize(params, ORGANIZER_EMAIL, encoding);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('keep/this &state=');
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const answer = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, encoding);
    const body = expectSuccess(answer);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 90 * 24 * 3600 });
    const token = String(body.access_token);
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token, encoding }));

    expectError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, encoding), 'E001', 400, 'code');
  });

  it('Deny redirects with error=access_denied and the state', async () => {
    const params = authorizeParams();
    const response = await submitConsent({ ...params, email: ORGANIZER_EMAIL, password: SANDBOX_PASSWORD, decision: 'deny' }, encoding);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(params.state);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('a wrong password re-renders the form with an error and no redirect', async () => {
    const response = await submitConsent({ ...authorizeParams(), email: ORGANIZER_EMAIL, password: 'wrong', decision: 'allow' }, encoding);
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Wrong email or password');
    expect(html).toContain(`value="${ORGANIZER_EMAIL}"`);
    expect(html).toMatch(/name="password"/);
  });

  it('verifies PKCE, the redirect_uri binding, the client and its secret', async () => {
    const { verifier, challenge } = pkce();
    const params = authorizeParams({ code_challenge: challenge, code_challenge_method: 'S256' });
    const code = (await authorize(params, ORGANIZER_EMAIL, encoding)).searchParams.get('code') ?? '';
    expectError(await exchange({ code, redirect_uri: REDIRECT }, encoding), 'E001', 400, 'code_verifier');
    expectError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: pkce().verifier }, encoding), 'E001', 400, 'code_verifier');
    expectError(await exchange({ code, redirect_uri: 'http://127.0.0.1:9/other', code_verifier: verifier }, encoding), 'E001', 400, 'redirect_uri');
    expectError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier, client_secret: 'guess' }, encoding), 'E001', 401);
    expectError(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: 'other' }, encoding), 'E001', 401);
    // none of the refusals used the code up
    expectSuccess(await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier }, encoding));
  });

  it('codes expire after 10 minutes (injected clock)', async () => {
    const params = authorizeParams();
    const first = (await authorize(params, ORGANIZER_EMAIL, encoding)).searchParams.get('code') ?? '';
    const second = (await authorize(params, ORGANIZER_EMAIL, encoding)).searchParams.get('code') ?? '';
    clock.advance(9 * 60 * 1000 + 59 * 1000);
    try {
      expectSuccess(await exchange({ code: first, redirect_uri: REDIRECT, code_verifier: verifierOf(params) }, encoding));
      clock.advance(2 * 1000);
      expectError(await exchange({ code: second, redirect_uri: REDIRECT, code_verifier: verifierOf(params) }, encoding), 'E001', 400, 'code');
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('refuses missing fields (E002), an unknown code and another grant type', async () => {
    expectError(await exchange({ code: '' }, encoding), 'E002', 400, 'code');
    expectError(await post(sandbox.url, '/a/account/oauth/token', {}, { encoding }), 'E002', 400);
    expectError(await exchange({ code: 'sbx_code_made-up' }, encoding), 'E001', 400, 'code');
    expectError(await exchange({ code: 'x', grant_type: 'password' }, encoding), 'E002', 400, 'grant_type');
  });

  it('tokens expire after 3 months', async () => {
    const params = authorizeParams();
    const location = await authorize(params, ORGANIZER_EMAIL, encoding);
    const body = expectSuccess(
      await exchange({ code: location.searchParams.get('code') ?? '', redirect_uri: REDIRECT, code_verifier: verifierOf(params) }, encoding),
    );
    const token = String(body.access_token);
    clock.advance(89 * 24 * 3600 * 1000);
    try {
      expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token, encoding }));
      clock.advance(2 * 24 * 3600 * 1000);
      expectError(await post(sandbox.url, '/api/e/get-all-events', {}, { token, encoding }), 'E001', 401);
    } finally {
      clock.set(TEST_NOW);
    }
  });
});

describe('accounts and tokens', () => {
  it('the admin account signs in too, and its token reads the attendee list of any event', async () => {
    const organizerEvent = expectSuccess(await post(sandbox.url, '/api/e/create', validEvent(), { token: sandbox.tokens.organizer }));
    const params = authorizeParams();
    const location = await authorize(params, ADMIN_EMAIL);
    const body = expectSuccess(await exchange({ code: location.searchParams.get('code') ?? '', redirect_uri: REDIRECT, code_verifier: verifierOf(params) }));
    const admin = String(body.access_token);
    expectSuccess(
      await post(sandbox.url, '/api/e/attendee-list', { eventId: String(organizerEvent.eventId), fromRecord: '0', toRecord: '50' }, { token: admin }),
    );
    // reading is allowed to the administrator, changing another organizer's event is not
    expectError(
      await post(
        sandbox.url,
        '/api/e/add-ticket',
        {
          eventId: String(organizerEvent.eventId),
          ticketName: 'x',
          price: '1',
          currency: 'INR',
          quantity: '1',
          status: 'active',
          serviceFee: '1',
          allowCancellation: 'true',
        },
        { token: admin },
      ),
      'E008',
      403,
    );
  });

  it('stores tokens and codes only as hashes', async () => {
    const rows = sandbox.db.prepare(`SELECT token_hash FROM access_tokens`).all() as { token_hash: string }[];
    const hashes = new Set(rows.map((row) => row.token_hash));
    expect(hashes.has(sandbox.tokens.organizer)).toBe(false);
    expect(hashes.has(createHash('sha256').update(sandbox.tokens.organizer).digest('hex'))).toBe(true);
    const dump =
      JSON.stringify(sandbox.db.prepare(`SELECT * FROM access_tokens`).all()) + JSON.stringify(sandbox.db.prepare(`SELECT * FROM publisher_keys`).all());
    expect(dump).not.toContain(sandbox.tokens.organizer);
    expect(dump).not.toContain(sandbox.tokens.publisher);
  });

  it('POST /sandbox/token (with the sandbox secret) mints each role, creates named organizers, and refuses admin for an organizer', async () => {
    const token = sandbox.secret;
    const organizer = expectSuccess(await post(sandbox.url, '/sandbox/token', {}, { token }));
    expect(organizer).toMatchObject({ role: 'organizer', account: ORGANIZER_EMAIL });
    expectSuccess(await post(sandbox.url, '/api/e/get-all-events', {}, { token: String(organizer.value) }));
    const booking = expectSuccess(await post(sandbox.url, '/sandbox/token', { role: 'booking' }, { token }));
    expect(booking.value).toBe('sandbox-booking-key-organizer');
    const publisher = expectSuccess(await post(sandbox.url, '/sandbox/token', { role: 'publisher' }, { token }));
    expect(String(publisher.value)).toMatch(/^sbx_pk_/);
    const named = expectSuccess(await post(sandbox.url, '/sandbox/token', { account: 'new.person@example.test' }, { token, encoding: 'urlencoded' }));
    expect(named.account).toBe('new.person@example.test');
    expectError(await post(sandbox.url, '/sandbox/token', { role: 'admin', account: 'new.person@example.test' }, { token }), 'E008', 403);
    expectError(await post(sandbox.url, '/sandbox/token', { role: 'root' }, { token }), 'E002', 400, 'role');
    expectError(await post(sandbox.url, '/sandbox/token', { account: 'not-an-email' }, { token }), 'E002', 400, 'account');
  });

  it('unknown paths answer the envelope with 404', async () => {
    const answer = await post(sandbox.url, '/api/e/nothing-here', {});
    expectError(answer, 'NOT_FOUND', 404);
  });
});
