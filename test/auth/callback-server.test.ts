import { describe, expect, it } from 'vitest';
import { createPkcePair, startCallbackServer } from '../../src/auth/browser-login.js';
import { createHash } from 'node:crypto';

describe('the loopback callback server', () => {
  it('binds 127.0.0.1, ignores other paths, accepts one callback, then closes', async () => {
    const server = await startCallbackServer(0, (query) => ({ ok: query.state === 's1', message: 'checked' }));
    expect(server.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const favicon = await fetch(new URL('/favicon.ico', server.redirectUri));
    expect(favicon.status).toBe(404);
    const answer = await fetch(`${server.redirectUri}?code=c1&state=s1`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('checked');
    expect(await server.callback).toEqual({ code: 'c1', state: 's1' });
    await expect(fetch(`${server.redirectUri}?code=c2&state=s1`)).rejects.toThrow();
  });

  it('answers the browser with an error page when the verdict is negative', async () => {
    const server = await startCallbackServer(0, () => ({ ok: false, message: 'state mismatch <b>' }));
    const answer = await fetch(`${server.redirectUri}?error=access_denied&state=x`);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('Login failed');
    expect(html).toContain('state mismatch &lt;b&gt;');
    expect(await server.callback).toEqual({ error: 'access_denied', state: 'x' });
  });

  it('says which port is taken and what to do', async () => {
    const first = await startCallbackServer(0, () => ({ ok: true, message: 'Done.' }));
    const port = Number(new URL(first.redirectUri).port);
    await expect(startCallbackServer(port, () => ({ ok: true, message: 'Done.' }))).rejects.toThrow(`port ${port} on 127.0.0.1 is in use; pass --port N`);
    await first.close();
  });
});

describe('PKCE', () => {
  it('derives the S256 challenge from a fresh verifier', () => {
    const a = createPkcePair();
    const b = createPkcePair();
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
  });
});
