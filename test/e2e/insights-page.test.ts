// The page `boxoffice insights -o` writes, as an organizer's colleague sees it: the built CLI
// against a seeded sandbox (and one serving the live service's ticket quantities, --quirks), the
// page opened in headless Chromium at 1280 and 390 pixels wide. Assertions are on the rendered
// layout (boxes, texts), not on pixels; the screenshots are written to test-output/insights-page/
// for a person to look at.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { ROOT, startE2e, type E2e } from './support/built-cli.js';

const SHOTS = join(ROOT, 'test-output', 'insights-page');
const WIDTHS = [1280, 390] as const;

interface TicketRead {
  id: number | string;
  typeName: string;
  quantity: number;
  initialQuantity: number;
}
interface ReportRead {
  tickets: { ticketId: string; tickets: number | string }[];
}

async function seededEvent(e2e: E2e, orders: number): Promise<string> {
  const seeded = await e2e.run(['sandbox', 'seed', '--orders', String(orders)]);
  expect(seeded.code, seeded.stderr).toBe(0);
  return seeded.stdout.trim().split('\n')[0];
}

async function json<T>(e2e: E2e, argv: string[]): Promise<T> {
  const result = await e2e.run(['--json', ...argv]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** Each ticket's share sold, counted here from the report and the quantities first offered. */
async function expectedSellThrough(e2e: E2e, eventId: string): Promise<Map<string, string>> {
  const { tickets } = await json<{ tickets: TicketRead[] }>(e2e, ['ticket', 'list', eventId]);
  const report = await json<ReportRead>(e2e, ['report', eventId]);
  return new Map(
    tickets.map((ticket) => {
      const sold = report.tickets.filter((line) => String(line.ticketId) === String(ticket.id)).reduce((sum, line) => sum + Number(line.tickets), 0);
      // Never updated: what was first offered is what is on sale, whatever `quantity` says.
      return [ticket.typeName, `${((sold / ticket.initialQuantity) * 100).toFixed(1)}%`];
    }),
  );
}

async function writePage(e2e: E2e, eventId: string, name: string): Promise<{ path: string; html: string }> {
  const path = join(e2e.dir, name);
  const result = await e2e.run(['insights', eventId, '-o', path]);
  expect(result.code, result.stderr).toBe(0);
  return { path, html: readFileSync(path, 'utf8') };
}

/** What the page shows, measured in the browser (strings: the tests are typed without the DOM library). */
interface Rendered {
  title: string;
  heading: string;
  scrollWidth: number;
  clientWidth: number;
  /** Distinct left edges of the chart sections: the grid's columns. */
  columns: number;
  sections: { id: string; top: number; right: number; tablesShown: number; tablesFolded: number }[];
  /** Axis labels of the charts of counts. */
  countLabels: Record<string, string[]>;
  sellThrough: Record<string, string>;
  text: string;
}

const MEASURE = `(() => {
  const sections = [...document.querySelectorAll('.charts section')];
  const labels = (id, axis) => [...document.querySelectorAll('#' + id + ' g.role-axis')]
    .filter((group) => (group.getAttribute('aria-label') || '').toLowerCase().startsWith(axis))
    .flatMap((group) => [...group.querySelectorAll('g.role-axis-label text')].map((text) => text.textContent));
  const rows = [...document.querySelectorAll('#sell-through table tbody tr')].map((row) => [...row.cells].map((cell) => cell.textContent));
  return {
    title: document.title,
    heading: document.querySelector('h1').textContent,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    columns: new Set(sections.map((section) => Math.round(section.getBoundingClientRect().left))).size,
    sections: sections.map((section) => ({
      id: section.id,
      top: section.getBoundingClientRect().top,
      right: section.getBoundingClientRect().right,
      tablesShown: [...section.querySelectorAll('table')].filter((table) => table.checkVisibility()).length,
      tablesFolded: section.querySelectorAll('details:not([open]) table').length,
    })),
    countLabels: {
      'sales-per-day': labels('sales-per-day', 'y-axis'),
      'attendees-per-ticket': labels('attendees-per-ticket', 'x-axis'),
      cities: labels('cities', 'x-axis'),
    },
    sellThrough: Object.fromEntries(rows.map((cells) => [cells[0], cells[3]])),
    text: document.body.innerText,
  };
})()`;

async function open(browser: Browser, path: string, width: number): Promise<{ tab: Page; rendered: Rendered }> {
  const tab = await browser.newPage({ viewport: { width, height: 900 } });
  await tab.goto(pathToFileURL(path).href);
  return { tab, rendered: (await tab.evaluate(MEASURE)) as Rendered };
}

function expectNoMachinePath(html: string, e2e: E2e): void {
  for (const path of [e2e.dir, tmpdir(), homedir(), ROOT.replace(/\/$/, '')]) expect(html).not.toContain(path);
  expect(html).not.toMatch(/\/(?:tmp|home|root|Users)\//);
}

describe.skipIf(!chromiumAvailable)('the insights page in Chromium (built CLI)', { timeout: 180_000 }, () => {
  let e2e: E2e;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [e2e, browser] = await Promise.all([startE2e(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await e2e?.close();
  });

  it("a seeded event: the event's name as title, a grid at 1280, one column without overflow at 390, tables folded, whole-number axes, sell-through, no path", async () => {
    const eventId = await seededEvent(e2e, 300);
    const { event } = await json<{ event: { name: string } }>(e2e, ['event', 'get', eventId]);
    const expected = await expectedSellThrough(e2e, eventId);
    const { path, html } = await writePage(e2e, eventId, 'seeded.html');
    expectNoMachinePath(html, e2e);
    expect(html).not.toContain('(none)');

    for (const width of WIDTHS) {
      const { tab, rendered } = await open(browser, path, width);
      try {
        await tab.screenshot({ path: join(SHOTS, `seeded-${width}.png`), fullPage: true });
        expect(rendered.title).toBe(event.name);
        expect(rendered.heading).toBe(event.name);
        expect(rendered.scrollWidth).toBeLessThanOrEqual(rendered.clientWidth);
        for (const section of rendered.sections) expect(section.right).toBeLessThanOrEqual(width);
        expect(rendered.columns).toBe(width === 1280 ? 2 : 1);
        // Every chart's table is there, folded under it.
        for (const section of rendered.sections) expect(section, section.id).toMatchObject({ tablesShown: 0, tablesFolded: 1 });
        for (const [id, labels] of Object.entries(rendered.countLabels)) {
          expect(labels.length, id).toBeGreaterThan(1);
          for (const label of labels) expect(label, `${id} axis label`).toMatch(/^\d{1,3}(?:,\d{3})*$/);
        }
        expect(rendered.sellThrough).toEqual(Object.fromEntries(expected));
        expect(rendered.text).not.toContain('(none)');
        expect(rendered.text).toMatch(/paid by buyers/i);
        expect(rendered.text).toMatch(/ticket sales/i);
      } finally {
        await tab.close();
      }
    }
    expect(statSync(join(SHOTS, 'seeded-390.png')).size).toBeGreaterThan(10_000);
  });

  it('one day of sales: orders per hour with whole-number ticks, no running total, no empty city chart', async () => {
    const created = await e2e.run([
      'event',
      'create',
      '--event-type',
      'public',
      '--type',
      'ticketing',
      '--event-title',
      'Launch day',
      '--url',
      'launch-day',
      '--segment',
      'technology',
      '--category',
      'technology',
      '--start-date',
      '2031-05-01',
      '--end-date',
      '2031-05-01',
      '--start-time',
      '10:00',
      '--end-time',
      '18:00',
      '--about-event',
      'One day of sales',
      '--listing-image',
      'https://img.example/l.png',
      '--header-image',
      'https://img.example/h.png',
      '--contact-info',
      'hello@example.com',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const eventId = created.stdout.trim();
    const added = await e2e.run([
      'ticket',
      'add',
      eventId,
      '--ticket-name',
      'Day pass',
      '--price',
      '100',
      '--currency',
      'INR',
      '--quantity',
      '40',
      '--status',
      'active',
      '--service-fee',
      '1',
      '--allow-cancellation',
      'false',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const ticket = { ticketId: added.stdout.trim() };
    for (const quantity of [1, 2]) {
      const placed = await e2e.run(['order', 'place', eventId, '--ticket', `${ticket.ticketId}:${quantity}`, '--fake', '--yes']);
      expect(placed.code, placed.stderr).toBe(0);
    }
    const { path, html } = await writePage(e2e, eventId, 'one-day.html');
    expectNoMachinePath(html, e2e);
    const { tab, rendered } = await open(browser, path, 1280);
    try {
      await tab.screenshot({ path: join(SHOTS, 'one-day-1280.png'), fullPage: true });
      expect(rendered.title).toBe('Launch day');
      expect(rendered.sections.map((section) => section.id)).toEqual(['sales-per-hour', 'sell-through', 'revenue-per-ticket', 'attendees-per-ticket']);
      const hours = await json<{ hourly: { hour: string; orders: number }[] }>(e2e, ['insights', eventId]);
      expect(hours.hourly.reduce((sum, hour) => sum + hour.orders, 0)).toBe(2);
      const bars = (await tab.evaluate(`[...document.querySelectorAll('#sales-per-hour g.mark-rect.role-mark path')]
        .map((bar) => { const box = bar.getBoundingClientRect(); return { width: box.width, height: box.height }; })`)) as { width: number; height: number }[];
      // every hour of the day on the axis, those with orders drawn
      expect(bars).toHaveLength(24);
      expect(bars.filter((bar) => bar.height > 1)).toHaveLength(hours.hourly.length);
      for (const bar of bars) expect(bar.width).toBeGreaterThan(5);
      const ticks = (await tab.evaluate(`[...document.querySelectorAll('#sales-per-hour g.role-axis')]
        .filter((group) => (group.getAttribute('aria-label') || '').startsWith('Y-axis'))
        .flatMap((group) => [...group.querySelectorAll('g.role-axis-label text')].map((text) => text.textContent))`)) as string[];
      expect(ticks[0]).toBe('0');
      expect(ticks.at(-1)).toBe(String(Math.max(...hours.hourly.map((hour) => hour.orders))));
      for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
      // no city was given: a sentence, not a chart of nothing
      expect(rendered.text).not.toContain('Orders per city');
      expect(rendered.sellThrough).toEqual({ 'Day pass': '7.5%' });
    } finally {
      await tab.close();
    }
  });
});

describe.skipIf(!chromiumAvailable)('sell-through where get-tickets gives what is left (sandbox --quirks, built CLI)', { timeout: 180_000 }, () => {
  let e2e: E2e;
  let browser: Browser;
  beforeAll(async () => {
    [e2e, browser] = await Promise.all([startE2e({ quirks: true }), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await e2e?.close();
  });

  it('is sold against the quantity first offered', async () => {
    const eventId = await seededEvent(e2e, 120);
    const { tickets } = await json<{ tickets: TicketRead[] }>(e2e, ['ticket', 'list', eventId]);
    // what this sandbox serves: `quantity` falls as tickets sell
    expect(tickets.some((ticket) => ticket.quantity < ticket.initialQuantity)).toBe(true);
    const expected = await expectedSellThrough(e2e, eventId);
    const { path } = await writePage(e2e, eventId, 'quirks.html');
    const { tab, rendered } = await open(browser, path, 390);
    try {
      await tab.screenshot({ path: join(SHOTS, 'quirks-390.png'), fullPage: true });
      expect(rendered.sellThrough).toEqual(Object.fromEntries(expected));
      expect(rendered.scrollWidth).toBeLessThanOrEqual(rendered.clientWidth);
    } finally {
      await tab.close();
    }
  });
});
