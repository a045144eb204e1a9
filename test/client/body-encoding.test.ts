// Request bodies as a server receives them: multipart text fields (the API's calls), a file part
// (which no call sends, but the encoder must not drop), and URL-encoded fields.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/client/http.js';

interface Received {
  contentType: string;
  body: Buffer;
}

let server: Server;
let url: string;
let received: Received[];

beforeEach(async () => {
  received = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/e/attendee-list`;
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function send(body: FormData | URLSearchParams): Promise<Received> {
  const transport = new HttpTransport({ env: {} });
  try {
    await transport.send({ operation: 'test', method: 'POST', url, body, idempotent: true });
  } finally {
    await transport.close();
  }
  return received[received.length - 1];
}

async function formFields({ contentType, body }: Received): Promise<FormData> {
  return new Response(body, { headers: { 'content-type': contentType } }).formData();
}

describe('request bodies', () => {
  it('sends text fields as multipart/form-data, unicode and line ends intact', async () => {
    const form = new FormData();
    form.set('eventId', '100001');
    form.set('fromRecord', '50');
    form.set('about', 'Zürich — "quoted"\r\nsecond line');
    const got = await send(form);
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(Object.fromEntries(await formFields(got))).toEqual({ eventId: '100001', fromRecord: '50', about: 'Zürich — "quoted"\r\nsecond line' });
  });

  it('sends a file part in full', async () => {
    const form = new FormData();
    form.set('eventId', '7');
    form.set('image', new Blob(['\u0000binary\u00ff'.repeat(20_000)], { type: 'application/octet-stream' }), 'banner.bin');
    const fields = await formFields(await send(form));
    expect(fields.get('eventId')).toBe('7');
    const file = fields.get('image') as File;
    expect(file.name).toBe('banner.bin');
    expect(await file.text()).toBe('\u0000binary\u00ff'.repeat(20_000));
  });

  it('sends URLSearchParams as application/x-www-form-urlencoded', async () => {
    const got = await send(new URLSearchParams({ data: '{"eventId":1}', q: 'a&b' }));
    expect(got.contentType).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(Object.fromEntries(new URLSearchParams(got.body.toString('utf8')))).toEqual({ data: '{"eventId":1}', q: 'a&b' });
  });
});
