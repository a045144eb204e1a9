// E12 /em/booking takes cross-site form posts by design; what any web page can make the sandbox
// store through it is bounded: text per booking, a rate per booking key, and unpaid bookings per
// account and in all. Real sandboxes over loopback HTTP, posts as a browser sends them.
import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxClock } from '../../src/sandbox/context.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { ORGANIZER_BOOKING_KEY } from '../../src/sandbox/fixtures.js';
import { bookingExtension } from '../../src/sandbox/routes/booking.js';
import { DEFAULT_BOOKING_BOUNDS } from '../../src/sandbox/security/booking-bounds.js';
import { readReturnForm } from '../helpers/booking-return.js';
import { startTestSandbox, type TestSandbox, type TestSandboxOptions } from '../helpers/sandbox.js';

interface Answer {
  status: number;
  retryAfter?: string;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const running: TestSandbox[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

async function sandboxWith(options: TestSandboxOptions): Promise<TestSandbox> {
  const sandbox = await startTestSandbox(options);
  running.push(sandbox);
  return sandbox;
}

/** A booking as a hostile page's auto-submitting form posts it: cross-site, about 3 KB of text. */
function crossSitePost(sandbox: TestSandbox, orderNo: string, extra: Record<string, string> = {}): Promise<Answer> {
  const fields = new URLSearchParams({
    amount: '499',
    orderNo,
    bookingKey: ORGANIZER_BOOKING_KEY,
    callbackUrl: 'https://evil.example/return',
    name: 'n'.repeat(200),
    address: 'a'.repeat(1000),
    country: 'c'.repeat(1000),
    city: 'p'.repeat(800),
    ...extra,
  }).toString();
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        agent,
        host: hostname,
        port: Number(port),
        method: 'POST',
        path: '/em/booking',
        headers: {
          host: `${hostname}:${port}`,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(fields)),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(fields);
  });
}

/** Posts `count` bookings, `parallel` at a time; the answers in order. */
async function flood(sandbox: TestSandbox, count: number, parallel = 8, before?: (index: number) => void): Promise<Answer[]> {
  const answers: Answer[] = new Array<Answer>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        before?.(index);
        answers[index] = await crossSitePost(sandbox, `FLOOD-${index}`);
      }
    }),
  );
  return answers;
}

function storedBookings(sandbox: TestSandbox, status = 'initiated'): { rows: number; bytes: number } {
  const row = sandbox.db
    .prepare(
      `SELECT COUNT(*) AS rows, COALESCE(SUM(length(order_no) + length(coalesce(name, '')) + length(coalesce(address, '')) +
         length(coalesce(country, '')) + length(coalesce(city, '')) + length(callback_url)), 0) AS bytes
       FROM bookings WHERE status = ?`,
    )
    .get(status) as { rows: number; bytes: number };
  return row;
}

describe('/em/booking stores a bounded amount, at a bounded rate', () => {
  it('of 3,200 cross-site posts with the published key, stores at most the burst and the steady rate; refuses the rest with E023 and Retry-After', async () => {
    const sandbox = await sandboxWith({ fileDatabase: true });
    const started = Date.now();
    const answers = await flood(sandbox, 3_200);
    const seconds = (Date.now() - started) / 1000;
    const stored = storedBookings(sandbox);
    const allowed = DEFAULT_BOOKING_BOUNDS.burst + Math.ceil((seconds * 1000) / DEFAULT_BOOKING_BOUNDS.refillMs) + 1;
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(stored.rows);
    expect(stored.rows).toBeGreaterThanOrEqual(DEFAULT_BOOKING_BOUNDS.burst);
    expect(stored.rows).toBeLessThanOrEqual(allowed);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3_200 - stored.rows);
    expect(refused[0].body).toContain('"message":"E023"');
    expect(Number(refused[0].retryAfter)).toBeGreaterThanOrEqual(1);
    // The figures the docs give: what a flood can store (kept under 1 MB here; it was 11 MB).
    expect(stored.bytes).toBeLessThan(1_000_000);
  }, 300_000);

  it('keeps at most 500 unpaid bookings per key, the newest, however slowly they come; a paid one is never removed', async () => {
    let now = Date.parse('2026-11-01T10:00:00Z');
    const clock: SandboxClock = { now: () => new Date(now) };
    const sandbox = await sandboxWith({ clock });
    const paidPage = await crossSitePost(sandbox, 'PAID-1');
    const form = Object.fromEntries([...paidPage.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]));
    const completed = await fetch(`${sandbox.url}/em/booking/complete`, { method: 'POST', body: new URLSearchParams({ ...form, outcome: 'pay' }) });
    expect((await readReturnForm(completed)).fields.status).toBe('success');

    // One post every 2 s of the sandbox's clock: never rate-limited.
    const answers = await flood(sandbox, 620, 1, () => (now += 2_000));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(storedBookings(sandbox).rows).toBe(DEFAULT_BOOKING_BOUNDS.pendingPerAccount);
    const orderNos = sandbox.db.prepare(`SELECT order_no FROM bookings WHERE status = 'initiated' ORDER BY id`).all() as { order_no: string }[];
    expect(orderNos[0].order_no).toBe('FLOOD-120');
    expect(orderNos.at(-1)?.order_no).toBe('FLOOD-619');
    expect(storedBookings(sandbox, 'success').rows).toBe(1);
  }, 120_000);

  it('keeps at most the bound in all, whichever keys post', async () => {
    const bounds = { ...DEFAULT_BOOKING_BOUNDS, pendingPerAccount: 1_000, pendingInAll: 40 };
    const extensions = defaultExtensions().map((extension) => (extension.name === 'booking' ? bookingExtension(bounds) : extension));
    const sandbox = await sandboxWith({ extensions });
    const answers = await flood(sandbox, 60);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(storedBookings(sandbox).rows).toBe(40);
  });

  it('refuses a booking whose text exceeds 4,096 characters (E002), storing nothing', async () => {
    const sandbox = await sandboxWith({});
    const answer = await crossSitePost(sandbox, 'BIG', { state: 's'.repeat(5_000) });
    expect(answer.body).toContain('"message":"E002"');
    expect(answer.body).toContain('"field":"state"');
    expect(storedBookings(sandbox).rows).toBe(0);
  });
});
