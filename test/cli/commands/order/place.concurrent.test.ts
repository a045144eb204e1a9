// `order place` runs of one purchase at the same time, sharing one config directory (two
// terminals, a retried job): the built CLI as 8 processes against a real sandbox. The sandbox
// holds the first generate-order it receives until every other run has ended, so all of them
// overlap the run whose order is being made: one order, and no run takes the live run's intent
// file for an interrupted run's.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type BoxofficeClient } from '../../../../src/client/index.js';
import { defaultExtensions } from '../../../../src/sandbox/app.js';
import { firstToEnd, startCli } from '../../../helpers/process.js';
import { RequestGate } from '../../../helpers/request-gate.js';
import { startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';

const RUNS = 8;
const generateGate = new RequestGate('/publisher/generate-order');
let sandbox: TestSandbox;
let organizer: BoxofficeClient;
let configDir: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ extensions: [...defaultExtensions(), generateGate.extension] });
  organizer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-order-concurrent-'));
});

afterAll(async () => {
  generateGate.release();
  await organizer?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

async function eventWithTicket(): Promise<{ eventId: string; ticketId: string }> {
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const { eventId } = await organizer.events.createEvent({
    eventType: 'public',
    type: 'ticketing',
    eventTitle: 'Same time',
    url: 'same-time-order',
    segment: 'technology',
    category: 'technology',
    startDate: date,
    endDate: date,
    startTime: '10:00',
    endTime: '18:00',
    aboutEvent: 'A test event',
    listingImage: 'https://example.com/l.png',
    headerImage: 'https://example.com/h.png',
    contactInfo: 'org@example.com',
    city: 'Pune',
  });
  const { ticketId } = await organizer.events.addTicket({
    eventId: String(eventId),
    ticketName: 'Seat',
    price: 500,
    currency: 'INR',
    quantity: 20,
    status: 'active',
    serviceFee: 1,
    allowCancellation: false,
  });
  return { eventId: String(eventId), ticketId: String(ticketId) };
}

describe('order place: one order per purchase, whoever runs at the same time', () => {
  it(`${RUNS} runs of one purchase at once: exactly one order; the others refused, naming the run that places it`, async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const env = {
      BOXOFFICE_CONFIG_DIR: configDir,
      BOXOFFICE_API_URL: sandbox.url,
      BOXOFFICE_PUBLISHER_URL: sandbox.url,
      BOXOFFICE_AUTH_URL: sandbox.url,
      BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher,
    };
    generateGate.arm();
    const runs = Array.from({ length: RUNS }, () => startCli(['order', 'place', eventId, '--ticket', `${ticketId}:2`, '--fake', '--json'], env));
    await generateGate.received;
    // Every other run ends while the first run's generate-order is still held in the sandbox.
    const others = await firstToEnd(runs, RUNS - 1);
    generateGate.release();
    const all = await Promise.all(runs.map((run) => run.done));
    expect(sandbox.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE event_id = ?').get(Number(eventId))).toEqual({ n: 1 });
    const placing = all.find((result) => !others.includes(result));
    expect(placing?.code).toBe(0);
    const placed = JSON.parse(placing?.stdout ?? '') as { orderNo: string; resumed: boolean };
    const orders = sandbox.db.prepare('SELECT order_no, status FROM orders WHERE event_id = ?').all(Number(eventId));
    expect(orders).toEqual([{ order_no: placed.orderNo, status: 'confirm' }]);
    expect(placed.resumed).toBe(false);
    const placingPid = runs[all.indexOf(placing as (typeof all)[number])].child.pid;
    for (const refused of others) {
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ error: { message: expect.stringContaining(`(pid ${placingPid} on `) } });
      expect(refused.stderr).toMatch(
        new RegExp(
          `^error: this purchase is being placed by another order place right now \\(pid ${placingPid} on [^,]+, started [^)]+\\); nothing was bought by this run\\. ` +
            'Let that run finish \\(it shows its order number\\); the same command run after it places a new order\\. If that process is gone, delete \\S+\\.json\\.lock\\n$',
        ),
      );
    }
    for (const result of all) expect(result.stderr).not.toContain('interrupted run');
    // Finished: neither an intent nor a lock is left.
    expect(readdirSync(join(configDir, 'orders'))).toEqual([]);
  }, 120_000);
});
