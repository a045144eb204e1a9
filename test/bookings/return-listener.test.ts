import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startReturnListener, type ReturnListener } from '../../src/bookings/return-listener.js';
import { renderAutoPostPage } from '../../src/bookings/pages.js';

let listener: ReturnListener<string> | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function start(accept: (params: URLSearchParams) => string = (params) => params.get('response') ?? '') {
  listener = await startReturnListener<string>({
    renderFormPage: (callbackUrl) => renderAutoPostPage({ action: 'http://service.test/em/booking', fields: { callbackUrl, orderNo: '<O&1>' } }),
    acceptReturn: (params) => ({ result: accept(params), heading: 'Paid', detail: 'ok' }),
  });
  return listener;
}

describe('startReturnListener', () => {
  it('serves the auto-posting form on loopback, with the callback and escaped fields in it', async () => {
    const { formPageUrl, callbackUrl } = await start();
    expect(new URL(formPageUrl).hostname).toBe('127.0.0.1');
    expect(new URL(callbackUrl).port).toBe(new URL(formPageUrl).port);
    const response = await fetch(formPageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('action="http://service.test/em/booking"');
    expect(html).toContain(`name="callbackUrl" value="${callbackUrl}"`);
    expect(html).toContain('value="&lt;O&amp;1&gt;"');
    expect(html).toContain('.submit()');
  });

  it('takes the return by GET query', async () => {
    const { callbackUrl, received } = await start();
    const response = await fetch(`${callbackUrl}?response=abc%2B%3D`);
    expect(response.status).toBe(200);
    expect(await received).toBe('abc+=');
  });

  it('takes the return by urlencoded and by multipart form post', async () => {
    const first = await start();
    await fetch(first.callbackUrl, { method: 'POST', body: new URLSearchParams({ response: 'form-value' }) });
    expect(await first.received).toBe('form-value');
    await first.close();

    const second = await start();
    const form = new FormData();
    form.append('response', 'multipart-value');
    await fetch(second.callbackUrl, { method: 'POST', body: form });
    expect(await second.received).toBe('multipart-value');
  });

  it('ends the wait with the error acceptReturn throws, and shows it to the browser', async () => {
    const { callbackUrl, received } = await start(() => {
      throw new Error('error E022: response private key does not match: code');
    });
    const response = await fetch(`${callbackUrl}?response=x`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('E022');
    await expect(received).rejects.toThrow('E022');
  });

  it('answers nothing but its two paths, takes one return only, and refuses a foreign Host', async () => {
    const { formPageUrl, callbackUrl, received } = await start();
    const origin = new URL(formPageUrl).origin;
    expect((await fetch(`${origin}/booking/guess`)).status).toBe(404);
    expect((await fetch(`${origin}/`)).status).toBe(404);
    await fetch(`${callbackUrl}?response=first`);
    expect((await fetch(`${callbackUrl}?response=second`)).status).toBe(410);
    expect(await received).toBe('first');

    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(formPageUrl);
      const request = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'evil.example' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(421);
  });
});
