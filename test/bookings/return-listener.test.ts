import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startReturnListener } from '../../src/bookings/request-payment.js';

let listener: Awaited<ReturnType<typeof startReturnListener<string>>> | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function start(accept: (params: URLSearchParams) => string = (params) => params.get('response') ?? '') {
  listener = await startReturnListener<string>({
    acceptReturn: (params) => ({ result: accept(params), heading: 'Paid', detail: 'ok' }),
  });
  return listener;
}

describe('startReturnListener', () => {
  it('listens on loopback at an unguessable callback path', async () => {
    const first = await start();
    const url = new URL(first.callbackUrl);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toMatch(/^\/return\/[\w-]{24}$/);
    const second = await startReturnListener<string>({ acceptReturn: () => ({ result: '', heading: '', detail: '' }) });
    expect(new URL(second.callbackUrl).pathname).not.toBe(url.pathname);
    await second.close();
  });

  it('takes the return by GET query', async () => {
    const { callbackUrl, received } = await start();
    const response = await fetch(`${callbackUrl}?response=abc%2B%3D`);
    expect(response.status).toBe(200);
    expect(await received).toBe('abc+=');
  });

  it('takes the return by urlencoded and by multipart form post, with the status field beside it', async () => {
    const first = await start((params) => `${params.get('response')}/${params.get('status')}`);
    await fetch(first.callbackUrl, { method: 'POST', body: new URLSearchParams({ response: 'form-value', status: 'success' }) });
    expect(await first.received).toBe('form-value/success');
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

  it('answers nothing but its callback path, takes one return only, and refuses a foreign Host', async () => {
    const { callbackUrl, received } = await start();
    const origin = new URL(callbackUrl).origin;
    expect((await fetch(`${origin}/booking/guess`)).status).toBe(404);
    expect((await fetch(`${origin}/`)).status).toBe(404);
    await fetch(`${callbackUrl}?response=first`);
    expect((await fetch(`${callbackUrl}?response=second`)).status).toBe(410);
    expect(await received).toBe('first');

    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(callbackUrl);
      const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(421);
  });
});
