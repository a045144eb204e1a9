// `order place` is resumable, not repeatable: the built CLI as a process is killed (SIGKILL) at
// every boundary between the requests that change the service, through the test-only fault hook
// BOXOFFICE_TEST_CRASH_AT, then run again. Never a second confirmed order; the order number is on
// screen as soon as the service has given it; the re-run continues that very order. The sandbox's
// clock is injected, so the release of tickets held by an order never confirmed is seen too.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type BoxofficeClient } from '../../../../src/client/index.js';
import { PLACE_BOUNDARIES } from '../../../../src/orders/place.js';
import type { SandboxExtension } from '../../../../src/sandbox/context.js';
import { defaultExtensions } from '../../../../src/sandbox/app.js';
import { answerPrompts } from '../../support/answer-prompts.js';
import { runInProcess } from '../../../helpers/cli.js';
import { runCli } from '../../../helpers/process.js';
import { startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';

const HOLD_MS = 30 * 60_000;
let now = new Date();
const clock = { now: () => now };
let sandbox: TestSandbox;
let organizer: BoxofficeClient;
let buyer: BoxofficeClient;
let configDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startTestSandbox({ clock, holdTimeoutMs: HOLD_MS, extensions: [...defaultExtensions(), orderDetailsFault] });
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-order-crash-'));
  env = {
    BOXOFFICE_CONFIG_DIR: configDir,
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher,
  };
  organizer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
  buyer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: sandbox.tokens.publisher });
});

afterAll(async () => {
  await organizer?.close();
  await buyer?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** While set, order-details answers with something that is not the service's JSON: a failure after confirmation. */
let breakOrderDetails = false;
const orderDetailsFault: SandboxExtension = {
  name: 'order-details-fault',
  middleware(app) {
    app.use('/publisher/order-details', async (c, next) => (breakOrderDetails ? c.text('<html>gateway error</html>', 200) : next()));
  },
};

let slug = 0;
/** A fresh event with one ticket of 10, so that each crash point is counted on its own. */
async function eventWithTicket(): Promise<{ eventId: string; ticketId: string }> {
  const date = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  slug += 1;
  const { eventId } = await organizer.events.createEvent({
    eventType: 'public',
    type: 'ticketing',
    eventTitle: `Crash ${slug}`,
    url: `crash-test-${slug}`,
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
    quantity: 10,
    status: 'active',
    serviceFee: 1,
    allowCancellation: false,
  });
  return { eventId: String(eventId), ticketId: String(ticketId) };
}

interface OrderRow {
  order_no: string;
  status: string;
}

function ordersOf(eventId: string): OrderRow[] {
  return sandbox.db.prepare(`SELECT order_no, status FROM orders WHERE event_id = ? ORDER BY id`).all(Number(eventId)) as OrderRow[];
}

const left = async (eventId: string) => (await buyer.publisher.ticketDetails({ eventId })).tickets[0]?.quantity;

describe('order place killed at every step, then run again', () => {
  it.each(PLACE_BOUNDARIES.map((boundary) => [boundary]))(
    'SIGKILL at %s: one confirmed order, the same one',
    async (boundary) => {
      const { eventId, ticketId } = await eventWithTicket();
      const argv = ['order', 'place', eventId, '--ticket', `${ticketId}:2`, '--fake', '--json'];
      const killed = await runCli(argv, { ...env, BOXOFFICE_TEST_CRASH_AT: `order-place:${boundary}` });
      expect(killed.signal).toBe('SIGKILL');
      const made = ordersOf(eventId);
      // Once the service has numbered the order, the number is on screen before anything else changes.
      const shown = /order (SBX\d+): generated/.exec(killed.stderr)?.[1];
      if (PLACE_BOUNDARIES.indexOf(boundary) >= PLACE_BOUNDARIES.indexOf('after-number')) expect(shown).toBe(made[0]?.order_no);
      // What the run was about to do is on disk, owner-only, before the first change.
      const [intentFile] = readdirSync(join(configDir, 'orders'));
      expect(statSync(join(configDir, 'orders', intentFile)).mode & 0o777).toBe(0o600);

      const again = await runCli(argv, env);
      expect(again.stderr).not.toContain('error');
      expect(again.code).toBe(0);
      const placed = JSON.parse(again.stdout) as { orderNo: string; resumed: boolean };
      const confirmed = ordersOf(eventId).filter((order) => order.status === 'confirm');
      expect(confirmed).toHaveLength(1);
      expect(confirmed[0]?.order_no).toBe(placed.orderNo);
      if (shown !== undefined) {
        expect(placed.orderNo).toBe(shown);
        expect(placed.resumed).toBe(true);
        expect(again.stderr).toContain(`order ${shown}: an interrupted run of this purchase left it at`);
      }
      // Finished: nothing left to continue, and a third run is a new purchase.
      expect(readdirSync(join(configDir, 'orders'))).toEqual([]);

      // An order the killed run generated but never numbered on screen holds its tickets only until
      // the service's hold timeout.
      expect(await left(eventId)).toBe(10 - 2 * ordersOf(eventId).filter((order) => order.status !== 'fail').length);
      now = new Date(now.getTime() + HOLD_MS + 60_000);
      expect(await left(eventId)).toBe(8);
    },
    60_000,
  );
});

describe('order place: what an interrupted or failed run says', () => {
  it('Ctrl-C after the order number exists: one line with it and the command that continues it', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const controller = new AbortController();
    const result = await runInProcess(['order', 'place', eventId, '--ticket', `${ticketId}:1`], {
      env: { ...env, NO_COLOR: '1' },
      stdinIsTTY: true,
      keepStdinOpen: true,
      signal: controller.signal,
      onStart: ({ stderr }) => {
        // Ctrl-C while the attendee's name is asked for: the order exists, not yet confirmed.
        stderr.on('data', (chunk: Buffer) => {
          if (chunk.toString('utf8').includes('Attendee 1: Name')) controller.abort(new Error('interrupted'));
        });
      },
    });
    expect(result.code).toBe(130);
    const [orderNo] = ordersOf(eventId).map((order) => order.order_no);
    // (after the prompt's own line, which the terminal keeps)
    expect(result.stderr.match(/interrupted: [^\n]*/g)).toEqual([
      `interrupted: order ${orderNo} is not finished; continue it with: boxoffice order place ${eventId} --ticket ${ticketId}:1`,
    ]);

    const continued = await runInProcess(['order', 'place', eventId, '--ticket', `${ticketId}:1`], {
      env: { ...env, NO_COLOR: '1' },
      stdinIsTTY: true,
      keepStdinOpen: true,
      onStart: ({ stdin, stderr }) => {
        void answerPrompts(stderr, stdin, [
          { when: 'Attendee 1: Name', type: 'Asha Rao\r' },
          { when: 'Attendee 1: Email', type: 'asha@example.com\r' },
          { when: 'Attendee 1: Mobile Number', type: '\r' },
        ]);
      },
    });
    expect(continued.code).toBe(0);
    expect(ordersOf(eventId)).toEqual([{ order_no: orderNo, status: 'confirm' }]);
  }, 60_000);

  it('an order released by the service before the re-run: says so, buys nothing, and the next run buys afresh', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const argv = ['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake'];
    await runCli(argv, { ...env, BOXOFFICE_TEST_CRASH_AT: 'order-place:before-confirm' });
    const [{ order_no: orderNo }] = ordersOf(eventId);
    now = new Date(now.getTime() + HOLD_MS + 60_000);
    const again = await runCli(argv, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `order ${orderNo} (left by an interrupted run) is fail: not bought, and the service has released its tickets; run the same command again to place a new order`,
    );
    const third = await runCli(argv, env);
    expect(third.code).toBe(0);
    expect(ordersOf(eventId).map((order) => order.status)).toEqual(['fail', 'confirm']);
  }, 60_000);

  it('a failure after the confirmation says the order is confirmed, with its number; the re-run shows it', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const argv = ['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake'];
    breakOrderDetails = true;
    const failed = await runCli(argv, env).finally(() => (breakOrderDetails = false));
    const [{ order_no: orderNo, status }] = ordersOf(eventId);
    expect(status).toBe('confirm');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`order ${orderNo} is confirmed: reading its details failed; run the same command again to see them`);
    const again = await runCli(argv, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(orderNo);
    expect(ordersOf(eventId)).toHaveLength(1);
  }, 60_000);
});
