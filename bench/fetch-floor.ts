// The floor the attendee export is measured against over loopback: a client that only fetches
// the attendee list and parses each answer (node:http keep-alive, the same multipart request as
// the CLI's, JSON.parse), with as many requests in flight as the export's default prefetch keeps,
// and writes nothing. What the export adds over it is its own work: validating, flattening,
// dropping repeated orders, CSV, the spool, checkpoints, the final file.
//   node fetch-floor.js --url URL --token TOKEN --event ID [--in-flight N]
import { Agent, request } from 'node:http';

const BATCH = 50;

function argument(name: string, fallback?: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : fallback;
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const url = new URL('/api/e/attendee-list', argument('--url'));
const token = argument('--token');
const eventId = argument('--event');
const inFlight = Number(argument('--in-flight', '3'));
const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
const boundary = 'boxofficeFetchFloor';

function fetchBatch(fromRecord: number): Promise<number> {
  const fields = { eventId, fromRecord: String(fromRecord), toRecord: String(fromRecord + BATCH) };
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { attendee?: unknown[] };
          resolve(answer.attendee?.length ?? 0);
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

async function main(): Promise<void> {
  let next = 0;
  let records = 0;
  let ended = false;
  const worker = async () => {
    while (!ended) {
      const from = next;
      next += BATCH;
      const count = await fetchBatch(from);
      if (count === 0) ended = true;
      records += count;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  agent.destroy();
  process.stderr.write(`fetch floor: ${records} records\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
