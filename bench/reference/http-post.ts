// The request of `boxoffice event get` and nothing else, measured by the start-up benchmark beside
// the CLI (a reference, without a target): node:http posts the multipart body, JSON.parse reads
// the answer, and nothing is printed.
//   REFERENCE_TOKEN=TOKEN node cached-run.cjs http-post.cjs URL EVENT_ID
import { request } from 'node:http';

const [url, eventId] = process.argv.slice(2);
const token = process.env.REFERENCE_TOKEN;
const boundary = 'boxofficeReference';
const body = `--${boundary}\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n${eventId}\r\n--${boundary}--\r\n`;
const sent = request(
  new URL('/api/e/get-event', url),
  {
    method: 'POST',
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(body),
    },
  },
  (response) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    response.on('end', () => JSON.parse(text));
  },
);
sent.end(body);
