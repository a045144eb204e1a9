// `bookings request` runs for one order number at the same time (a double-click, a retried CI
// job, two terminals): the built CLI as 8 processes against a real sandbox. The sandbox holds the
// first booking it receives until every other run has ended, so all of them overlap the run
// whose booking is in flight: one booking in the service's list, the others refused naming it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type BoxofficeClient } from '../../../../src/client/index.js';
import { defaultExtensions } from '../../../../src/sandbox/app.js';
import { firstToEnd, startCli } from '../../../helpers/process.js';
import { RequestGate } from '../../../helpers/request-gate.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';

const RUNS = 8;
const bookingGate = new RequestGate('/em/booking');
let sandbox: TestSandbox;
let client: BoxofficeClient;
let configDir: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ extensions: [...defaultExtensions(), bookingGate.extension] });
  client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bookings-concurrent-'));
});

afterAll(async () => {
  bookingGate.release();
  await client?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

async function bookingsOf(orderNo: string): Promise<unknown[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { bookings } = await client.events.bookingList({ fromDate: day(-1), toDate: day(1), bookingKey: sandbox.tokens.bookingKey });
  return bookings.filter((booking) => String(booking.orderNo) === orderNo);
}

describe('bookings request: one payment per order number, whoever runs at the same time', () => {
  it(`${RUNS} runs of one order number at once: exactly one booking; the others refused, naming the run that holds it`, async () => {
    const orderNo = 'SAME-TIME-1';
    const env = { ...organizerEnv(sandbox, configDir), BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey };
    bookingGate.arm();
    const runs = Array.from({ length: RUNS }, () =>
      startCli(['bookings', 'request', '--amount', '499', '--order-no', orderNo, '--callback-url', 'https://shop.example/paid'], env),
    );
    await bookingGate.received;
    // Every other run ends while the first booking is still held in the sandbox.
    const others = await firstToEnd(runs, RUNS - 1);
    bookingGate.release();
    const all = await Promise.all(runs.map((run) => run.done));
    expect(await bookingsOf(orderNo)).toHaveLength(1);
    const held = all.find((result) => !others.includes(result));
    expect(held).toMatchObject({ code: 0, stdout: `booking ${orderNo} submitted; the result will be delivered to https://shop.example/paid\n` });
    const holderPid = runs[all.indexOf(held as (typeof all)[number])].child.pid;
    for (const refused of others) {
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        new RegExp(
          `^error: order ${orderNo}: another bookings request for this order number is running \\(pid ${holderPid} on [^,]+, started [^)]+\\); ` +
            `no second payment requested\\. Let it finish, then check it with: boxoffice bookings list --from-date \\S+ --to-date \\S+ \\| grep -F -- ${orderNo}; ` +
            'if that process is gone, delete \\S+\\.lock\\n$',
        ),
      );
    }
  }, 120_000);
});
