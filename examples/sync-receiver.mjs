// A receiver for `boxoffice attendees sync --forward-to URL`. It checks the signature over the
// timestamp, the change id and the body with the shared secret (compared in constant time),
// refuses a delivery whose timestamp is more than five minutes from its clock, and handles each
// change once, however often it arrives, by the change id the signature covers: never by the
// Idempotency-Key header, which anyone who captured a delivery can rewrite.
//   BOXOFFICE_FORWARD_SECRET=... PORT=8787 node examples/sync-receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const TOLERANCE_SECONDS = 300;
const secret = process.env.BOXOFFICE_FORWARD_SECRET;
if (!secret) throw new Error('set BOXOFFICE_FORWARD_SECRET to what `boxoffice attendees sync --to DEST --print-secret` prints');
// The ids of the changes handled. Keep them in your database, for good: the same change comes
// again, with a new timestamp, when a run was cut between its delivery and the answer.
const handled = new Set();

/** The change id `header` signs with `body`, or undefined when the signature does not hold. */
function signedChangeId(header, body) {
  const fields = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const timestamp = Number(fields.get('t'));
  const id = fields.get('id') ?? '';
  if (!Number.isInteger(timestamp) || id === '' || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) return undefined;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${id}.${body}`).digest('hex'));
  const given = Buffer.from(fields.get('v1') ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

const server = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8');
  const id = signedChangeId(String(request.headers['boxoffice-signature'] ?? ''), body);
  if (id === undefined) {
    response.writeHead(401).end('bad or expired signature\n');
    return;
  }
  const change = JSON.parse(body);
  if (change.id !== id) {
    response.writeHead(400).end('the body is not the signed change\n');
    return;
  }
  if (!handled.has(id)) {
    handled.add(id);
    console.log('handled', id, change.type, change.attendeeKey, change.after?.attendeeStatus ?? '(removed)');
  }
  response.writeHead(204).end();
});
server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/`);
});
