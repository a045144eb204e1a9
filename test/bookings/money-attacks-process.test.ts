// The money attacks of issue 32 against the built CLI as a process, a real sandbox and the real
// payment page in headless Chromium: a buyer who edits the amount, a forged "success" return, a
// re-run that would pay twice, a second booking hidden by the list, an interrupted wait, and the
// booking key in `ps`. Each one passed (the attack worked) before the CLI posted the booking
// itself and checked every return against the booking list.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/util/digest.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { runCli, startCli, type RunningCli } from '../helpers/process.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let browser: Browser;
let configDir: string;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-money-'));
  sandbox = await startTestSandbox();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...organizerEnv(sandbox, configDir), BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey, ...extra };
}

const ADDRESS = /Open this address in a browser to pay:\n\s+(\S+)/;

function request(orderNo: string, amount = '499', extra: string[] = []): string[] {
  return ['bookings', 'request', '--amount', amount, '--order-no', orderNo, '--no-browser', '--timeout', '20s', '--json', ...extra];
}

interface Booking {
  status: string;
  amount: number;
}

function bookingsOf(orderNo: string): Booking[] {
  return sandbox.db.prepare(`SELECT status, amount FROM bookings WHERE order_no = ? ORDER BY id`).all(orderNo) as Booking[];
}

/** A fresh browser page that records every response body it receives. */
async function buyerPage(): Promise<{ context: BrowserContext; page: Page; received: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const received: string[] = [];
  page.on('response', (response) => {
    void response.text().then(
      (body) => received.push(body),
      () => undefined,
    );
  });
  return { context, page, received };
}

/** The buyer presses Pay on whatever page the CLI handed over (following its form to the payment page). */
async function payOn(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForLoadState();
}

/** With --json a refused payment leaves only the error document on stdout, never a result. */
function expectNoResult(stdout: string): void {
  expect(Object.keys(JSON.parse(stdout) as object)).toEqual(['error']);
}

describe.skipIf(!chromiumAvailable)('money attacks against bookings request (process, sandbox, Chromium)', () => {
  it('the buyer edits the amount from 499 to 1: never reported as paid, the browser never sees the booking key', async () => {
    const orderNo = 'ATK-UNDER-1';
    const run = startCli(request(orderNo), env());
    const [, address] = await run.waitForStderr(ADDRESS);
    const { context, page, received } = await buyerPage();
    // Every form the buyer's browser sends with the amount in it is changed to 1.
    await page.route('**/*', (route) => {
      const body = route.request().postData();
      if (route.request().method() === 'POST' && body?.includes('amount=499')) {
        return route.continue({ postData: body.replace(/amount=499(\.00)?/, (_m, cents: string | undefined) => `amount=1${cents ?? ''}`) });
      }
      return route.continue();
    });
    try {
      await payOn(page, address);
      const result = await run.done;
      expect(result.code).not.toBe(0);
      expectNoResult(result.stdout);
      expect(received.join('\n')).not.toContain(sandbox.tokens.bookingKey);
    } finally {
      run.child.kill('SIGKILL');
      await context.close();
    }
    expect(bookingsOf(orderNo).filter((booking) => booking.status === 'success' && booking.amount < 499)).toEqual([]);
  }, 60_000);

  it('a forged "success" return (the code is the same for every booking) is refused: nothing was paid', async () => {
    const orderNo = 'ATK-FORGE-1';
    const run = startCli(request(orderNo), env());
    const [, address] = await run.waitForStderr(ADDRESS);
    // The forger reads the page, posts no booking from it, and pays nothing.
    try {
      // What the browser is handed, read as it arrives (before any script on it runs).
      const handed = await (await fetch(address)).text();
      // The callback address: from the page when it carries it, else as a forger would learn it
      // (it is the listener's, a local port and path).
      const callback =
        /name="callbackUrl" value="([^"]+)"/.exec(handed)?.[1].replace(/&amp;/g, '&') ??
        (sandbox.db.prepare(`SELECT callback_url FROM bookings WHERE order_no = ?`).get(orderNo) as { callback_url: string }).callback_url;
      const forged = Buffer.from(`${orderNo}|success|499.00|${md5Hex(sandbox.tokens.bookingKey)}`).toString('base64');
      await fetch(callback, { method: 'POST', body: new URLSearchParams({ response: forged, status: 'success' }) });
      const result = await run.done;
      expect(result.code).not.toBe(0);
      expectNoResult(result.stdout);
      expect(result.stderr).toContain(orderNo);
    } finally {
      run.child.kill('SIGKILL');
    }
    expect(bookingsOf(orderNo).filter((booking) => booking.status === 'success')).toEqual([]);
  }, 60_000);

  it('killed while the buyer pays, then re-run with the same order number: never paid twice', async () => {
    const orderNo = 'ATK-TWICE-1';
    const first = startCli(request(orderNo), env());
    const [, address] = await first.waitForStderr(ADDRESS);
    // The order number was on screen before anything was sent.
    expect(first.stderr().indexOf(orderNo)).toBeLessThan(first.stderr().indexOf('Open this address'));
    const { context, page } = await buyerPage();
    try {
      await page.goto(address);
      await page.getByRole('button', { name: 'Pay' }).waitFor();
      first.child.kill('SIGKILL');
      await first.done;
      // The buyer pays on the page still open; the return finds nobody listening.
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForLoadState().catch(() => undefined);

      const second = startCli(request(orderNo), env());
      // Whatever the re-run hands over, the buyer pays it too.
      const paidAgain = second.waitForStderr(ADDRESS).then(
        async ([, again]) => payOn(page, again),
        () => undefined,
      );
      const result = await second.done;
      await paidAgain;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`order ${orderNo} already has 1 booking at the service (success, 499 INR); no second payment requested`);
      expect(result.stderr).toMatch(/Check it with: boxoffice bookings list --from-date \d{4}-\d\d-\d\d --to-date \d{4}-\d\d-\d\d/);
    } finally {
      await context.close();
    }
    expect(bookingsOf(orderNo).filter((booking) => booking.status === 'success')).toHaveLength(1);
  }, 90_000);

  it('bookings list shows every booking of an order number: a failed attempt and the paid one after it', async () => {
    const orderNo = 'ATK-LIST-1';
    const { context, page } = await buyerPage();
    try {
      for (const button of ['Fail', 'Pay']) {
        // Two bookings of one order number, made the way any merchant page makes them.
        await page.setContent(
          `<form method="post" action="${sandbox.url}/em/booking"><input name="amount" value="20"><input name="orderNo" value="${orderNo}">` +
            `<input name="bookingKey" value="${sandbox.tokens.bookingKey}"><input name="callbackUrl" value="${sandbox.url}/nowhere"><button>go</button></form>`,
        );
        await page.getByRole('button', { name: 'go' }).click();
        await page.getByRole('button', { name: button }).click();
        await page.waitForLoadState();
      }
    } finally {
      await context.close();
    }
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const listed = await runCli(['bookings', 'list', '--from-date', day(-1), '--to-date', day(1), '--json'], env());
    expect(listed.code).toBe(0);
    const ofOrder = (JSON.parse(listed.stdout) as { bookings: { orderNo: string; status: string }[] }).bookings.filter(
      (booking) => booking.orderNo === orderNo,
    );
    expect(ofOrder.map((booking) => booking.status)).toEqual(['fail', 'success']);
  }, 60_000);

  it('Ctrl-C while waiting: one line with the order number and the command that checks it, exit 130', async () => {
    const orderNo = 'ATK-INT-1';
    const run = startCli(request(orderNo), env());
    await run.waitForStderr(ADDRESS);
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    const last = result.stderr.trim().split('\n').at(-1);
    expect(last).toMatch(
      new RegExp(
        `^interrupted: order ${orderNo}: the payment may still complete; check it with: boxoffice bookings list --from-date \\S+ --to-date \\S+ \\| grep -F -- ${orderNo}$`,
      ),
    );
  }, 60_000);

  it('the booking key: from a file or stdin, never in ps', async () => {
    const keyFile = join(configDir, 'booking-key');
    writeFileSync(keyFile, `${sandbox.tokens.bookingKey}\n`, { mode: 0o600 });
    // The environment's key is wrong: a run that uses it is refused (E001).
    const withoutEnv = { ...env(), BOXOFFICE_BOOKING_KEY: 'not-the-key' };
    const day = new Date().toISOString().slice(0, 10);
    const list = ['bookings', 'list', '--from-date', day, '--to-date', day, '--json'];
    expect((await runCli([...list, '--booking-key-file', keyFile], withoutEnv)).code).toBe(0);
    expect((await runCli([...list, '--booking-key-file', '-'], withoutEnv, sandbox.tokens.bookingKey)).code).toBe(0);
    const wrong = await runCli(list, withoutEnv);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('E001');

    const run: RunningCli = startCli([...request('ATK-PS-1'), '--booking-key-file', '-'], withoutEnv, sandbox.tokens.bookingKey);
    try {
      await run.waitForStderr(ADDRESS);
      const commandLine = readFileSync(`/proc/${run.child.pid}/cmdline`, 'utf8');
      expect(commandLine).not.toContain(sandbox.tokens.bookingKey);
    } finally {
      run.child.kill('SIGKILL');
      await run.done;
    }
  }, 60_000);
});
