// The security headers of every answer (security/response-headers.ts): the list is what hono's
// secureHeaders sends with the sandbox's options; they are on every answer, API and pages alike,
// and a page that sets its own policy keeps it.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { PAGE_POLICY } from '../../src/sandbox/security/page-policy.js';
import { SECURITY_HEADERS } from '../../src/sandbox/security/response-headers.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { post } from './api.js';

const sandbox = useTestSandbox();

function expectSecurityHeaders(headers: Headers, except: string[] = []): void {
  for (const [name, value] of SECURITY_HEADERS) if (!except.includes(name)) expect(headers.get(name), name).toBe(value);
}

describe('security headers', () => {
  it("are hono's secureHeaders with the pages' policy, frames denied and a same-origin referrer", async () => {
    const reference = new Hono();
    reference.use('*', secureHeaders({ contentSecurityPolicy: PAGE_POLICY, xFrameOptions: 'DENY', referrerPolicy: 'same-origin' }));
    reference.get('/', (c) => c.body(null, 204));
    const sent = [...(await reference.request('/')).headers];
    expect(SECURITY_HEADERS).toEqual(sent);
  });

  it('come with API answers, errors included, and with unknown paths', async () => {
    const report = await fetch(`${sandbox.url}/api/e/get-report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.tokens.organizer}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'eventId=1',
    });
    expect(report.status).toBe(404);
    expect(report.headers.get('content-type')).toBe('application/json');
    expectSecurityHeaders(report.headers);
    const unknown = await fetch(`${sandbox.url}/no/such/path`);
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });

  it('leave a page its own policy (the booking return page allows its one script)', async () => {
    const booking = await post(sandbox.url, '/em/booking', {
      amount: '10',
      orderNo: `ORD-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Asha Rao',
      emailId: 'asha@example.test',
      bookingKey: sandbox.tokens.bookingKey,
      callbackUrl: 'http://127.0.0.1:9/return',
    });
    const html = String(booking.body.text);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]));
    const done = await fetch(`${sandbox.url}${action}`, { method: 'POST', body: new URLSearchParams({ ...fields, outcome: 'pay' }) });
    expect(done.status).toBe(200);
    const policy = done.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'nonce-[^']+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expectSecurityHeaders(done.headers, ['content-security-policy']);
  });
});
