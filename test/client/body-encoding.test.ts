// Request bodies as a server receives them: multipart text fields (the API's calls), an empty
// multipart body (P8), and URL-encoded fields.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MultipartFields } from '../../src/client/encode.js';
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

async function send(body: MultipartFields | URLSearchParams): Promise<Received> {
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
    const got = await send(
      new MultipartFields([
        ['eventId', '100001'],
        ['fromRecord', '50'],
        ['about', 'Zürich — "quoted"\r\nsecond line'],
      ]),
    );
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(Object.fromEntries(await formFields(got))).toEqual({ eventId: '100001', fromRecord: '50', about: 'Zürich — "quoted"\r\nsecond line' });
  });

  it('keeps repeated names and their order', async () => {
    const got = await send(
      new MultipartFields([
        ['tag', 'b'],
        ['eventId', '7'],
        ['tag', 'a'],
      ]),
    );
    expect([...(await formFields(got)).entries()]).toEqual([
      ['tag', 'b'],
      ['eventId', '7'],
      ['tag', 'a'],
    ]);
  });

  it('sends an empty multipart body (P8) that a server reads as no fields', async () => {
    const got = await send(new MultipartFields());
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect([...(await formFields(got)).entries()]).toEqual([]);
  });

  it('sends URLSearchParams as application/x-www-form-urlencoded', async () => {
    const got = await send(new URLSearchParams({ data: '{"eventId":1}', q: 'a&b' }));
    expect(got.contentType).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(Object.fromEntries(new URLSearchParams(got.body.toString('utf8')))).toEqual({ data: '{"eventId":1}', q: 'a&b' });
  });
});
