// Attendee-list (E11) batch cost against list depth: the batch at record 100,000 must take at
// most 1.3× the first batch, because a batch is an index range seek on the event's purchase
// positions, never an OFFSET scan. Orders are seeded straight through the db layer (insertOrder);
// the batches are timed over real HTTP on loopback.
import { startSandbox } from '../src/sandbox/server.js';
import { insertOrder } from '../src/sandbox/db/orders.js';
import { insertEvent, insertTicket } from '../src/sandbox/db/events.js';
import { findAccountByEmail, mintAccessToken } from '../src/sandbox/db/accounts.js';
import { ADMIN_EMAIL, ORGANIZER_EMAIL } from '../src/sandbox/fixtures.js';
import type { SandboxDatabase } from '../src/sandbox/db/index.js';
import type { BenchModule, BenchSection } from './types.js';
import { median, round, spread } from './stats.js';

export interface AttendeeBatchOptions {
  orders: number;
  /** Timed requests per batch position (after one warm-up each). */
  runs: number;
  log(line: string): void;
}

export interface AttendeeBatchResult {
  orders: number;
  seedSeconds: number;
  firstMs: number[];
  deepMs: number[];
  /** The records each batch returned (each must be 50 when orders ≥ 50). */
  firstRecords: number;
  deepRecords: number;
  /** fromRecord of the deep batch (its last record is `orders`). */
  deepFrom: number;
}

/** Seeds `count` confirmed orders (1–3 attendees each, one custom answer) on one event. */
function seedOrders(db: SandboxDatabase, count: number): number {
  const owner = findAccountByEmail(db, ORGANIZER_EMAIL);
  if (!owner) throw new Error('the organizer fixture account is missing');
  const now = new Date('2026-06-01T10:00:00Z');
  return db.transaction(() => {
    const eventId = insertEvent(
      db,
      owner.id,
      {
        event_type: 'public',
        type: 'ticketing',
        title: 'Benchmark festival',
        url: `bench-${Date.now()}`,
        subdomain: null,
        segment: 'entertainment',
        category: 'music',
        topics: null,
        start_date: '2099-01-01',
        start_time: '10:00',
        end_date: '2099-01-02',
        end_time: '22:00',
        about: 'Benchmark',
        listing_image: 'l.png',
        header_image: 'h.png',
        contact_info: 'bench@example.invalid',
        country: null,
        state: null,
        city: null,
        postal: null,
        address: null,
      },
      now,
    );
    const ticketId = insertTicket(
      db,
      eventId,
      {
        name: 'General',
        description: null,
        price: 500,
        currency: 'INR',
        quantity: count * 3,
        status: 'active',
        start_date: '2026-06-01',
        start_time: '10:00',
        end_date: '2099-01-02',
        end_time: '22:00',
        min_quantity: 1,
        max_quantity: 10,
        service_fee: 1,
        allow_cancellation: 0,
        shipping_charge: null,
        shipping_charge_type: null,
      },
      now,
    );
    for (let index = 1; index <= count; index += 1) {
      const quantity = 1 + (index % 3);
      insertOrder(db, {
        eventId,
        buyer: { name: `Buyer ${index}`, email: `buyer${index}@example.invalid`, phone: '9000000000', city: 'Pune' },
        lines: [{ ticketId, quantity, unitPrice: 500, platformFee: 10 * quantity }],
        attendees: Array.from({ length: quantity }, (_, n) => ({
          ticketId,
          name: `Guest ${index}-${n + 1}`,
          email: `guest${index}-${n + 1}@example.invalid`,
          answers: [{ label: 'Company', value: `Company ${index % 97}` }],
        })),
        createdAt: new Date(now.getTime() + index * 1000),
      });
    }
    return eventId;
  })();
}

async function timeBatch(url: string, token: string, eventId: number, from: number, to: number): Promise<{ ms: number; records: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/e/attendee-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: new URLSearchParams({ eventId: String(eventId), fromRecord: String(from), toRecord: String(to) }),
  });
  const body = (await response.json()) as { status: string; attendee?: unknown[] };
  const ms = performance.now() - started;
  if (body.status !== 'success' || !Array.isArray(body.attendee)) throw new Error(`attendee-list failed: ${JSON.stringify(body)}`);
  return { ms, records: body.attendee.length };
}

export async function measureAttendeeBatches({ orders, runs, log }: AttendeeBatchOptions): Promise<AttendeeBatchResult> {
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:' });
  try {
    log(`attendee-batches: seeding ${orders} orders through the db layer`);
    const seedStarted = performance.now();
    const eventId = seedOrders(sandbox.db, orders);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const admin = findAccountByEmail(sandbox.db, ADMIN_EMAIL);
    if (!admin) throw new Error('the admin fixture account is missing');
    const token = mintAccessToken(sandbox.db, admin.id, null, new Date());
    const deepFrom = Math.max(orders - 49, 1);
    // Warm-up of both positions, then alternate so that drift in machine load hits both alike.
    await timeBatch(sandbox.url, token, eventId, 0, 50);
    await timeBatch(sandbox.url, token, eventId, deepFrom, orders);
    const firstMs: number[] = [];
    const deepMs: number[] = [];
    let firstRecords = 0;
    let deepRecords = 0;
    for (let run = 0; run < runs; run += 1) {
      const first = await timeBatch(sandbox.url, token, eventId, 0, 50);
      const deep = await timeBatch(sandbox.url, token, eventId, deepFrom, orders);
      firstMs.push(first.ms);
      deepMs.push(deep.ms);
      firstRecords = first.records;
      deepRecords = deep.records;
    }
    return { orders, seedSeconds, firstMs, deepMs, firstRecords, deepRecords, deepFrom };
  } finally {
    await sandbox.close();
  }
}

export const attendeeBatchesBench: BenchModule = async ({ quick, smoke, log }): Promise<BenchSection> => {
  const orders = smoke ? 200 : quick ? 10_000 : 100_000;
  const runs = smoke ? 1 : quick ? 15 : 31;
  const result = await measureAttendeeBatches({ orders, runs, log });
  const first = median(result.firstMs);
  const deep = median(result.deepMs);
  return {
    section: 'Attendee list batches (E11)',
    figures: [
      { name: `seed ${orders.toLocaleString('en')} orders (db layer)`, value: round(result.seedSeconds, 1), unit: 's' },
      { name: 'first batch (records 1–50)', value: round(first), unit: 'ms', spread: round(spread(result.firstMs)) },
      {
        name: `batch at record ${orders.toLocaleString('en')} (${result.deepFrom}–${orders})`,
        value: round(deep),
        unit: 'ms',
        spread: round(spread(result.deepMs)),
        ratio: round(deep / first),
        target: '≤ 1.3',
        note: `median of ${runs} runs over HTTP`,
      },
    ],
  };
};
