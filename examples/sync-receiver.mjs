// A receiver for `boxoffice attendees sync --forward-to URL`: checks the signature over the
// timestamp and the body with the shared secret, refuses deliveries older than five minutes,
// and handles each change once, however often it is delivered (by its Idempotency-Key).
//   BOXOFFICE_FORWARD_SECRET=... PORT=8787 node examples/sync-receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.BOXOFFICE_FORWARD_SECRET;
if (!secret) throw new Error('set BOXOFFICE_FORWARD_SECRET to what `boxoffice attendees sync --to DEST --print-secret` prints');
const seen = new Set(); // keep this in your database in real use

function signedBy(header, body) {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const timestamp = Number(fields.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  const given = String(fields.v1 ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8');
  if (!signedBy(String(request.headers['boxoffice-signature'] ?? ''), body)) {
    response.writeHead(401).end('bad signature\n');
    return;
  }
  const key = String(request.headers['idempotency-key']);
  if (!seen.has(key)) {
    seen.add(key);
    const change = JSON.parse(body);
    console.log(change.type, change.attendeeKey, change.after?.attendeeStatus ?? '(removed)');
  }
  response.writeHead(204).end();
}).listen(Number(process.env.PORT ?? 8787), '127.0.0.1');
