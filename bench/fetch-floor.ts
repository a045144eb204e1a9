// The floor the attendee export is measured against over loopback: a client that only fetches
// the attendee list and parses each answer, and writes nothing. It makes the export's requests
// in the export's order: the same pager (src/client/paginate.ts: batches of 50, the same
// speculation ahead and past the end, each request started once the one before it is answered:
// here once its body was read and parsed, the least a client must do to know the answer is the
// one it keeps), the same multipart request over node:http keep-alive, and JSON.parse of each
// answer. What the export adds over it is its own work: the HTTP client's checks, validating,
// flattening, dropping repeated orders, CSV, the spool, checkpoints, the final file, and its
// start-up.
//   node fetch-floor.js --url URL --token TOKEN --event ID [--prefetch N]
import { Agent, request } from 'node:http';
import { attendeeBatches, type RecordRange } from '../src/client/paginate.js';

function argument(name: string, fallback?: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : fallback;
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const url = new URL('/api/e/attendee-list', argument('--url'));
const token = argument('--token');
const eventId = argument('--event');
/** The export's default (DEFAULT_PREFETCH). */
const prefetch = Number(argument('--prefetch', '2'));
const agent = new Agent({ keepAlive: true });
const boundary = 'boxofficeFetchFloor';

function fetchBatch(range: RecordRange, signal: AbortSignal): Promise<unknown[]> {
  const fields = { eventId: range.eventId, fromRecord: String(range.fromRecord), toRecord: String(range.toRecord) };
  const body = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`,
  );
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent,
        signal,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { attendee?: unknown[] };
          resolve(answer.attendee ?? []);
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

async function main(): Promise<void> {
  let records = 0;
  for await (const batch of attendeeBatches(fetchBatch, { eventId, batchSize: 50, prefetch })) records += batch.records.length;
  agent.destroy();
  process.stderr.write(`fetch floor: ${records} records\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
