// `boxoffice insights` as users run it: the built CLI as a process (build first) against a real
// sandbox seeded with six weeks of sales, cancellations, check-ins, empty forms and varied
// answers. The figures are checked against a direct count of the export; --from on each format
// against the live read; the page in real Chromium; --watch against orders placed meanwhile,
// with the requests counted by the sandbox.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { csvRecords } from '../../../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../../../helpers/browser.js';
import { startHarness, type Harness } from '../../support/harness.js';
import { registerInsights } from '../../../../src/cli/commands/insights/insights.js';
import { parseVerb, verbAt } from '../../support/verb.js';

const ORDERS = 320;
const ROOT = new URL('../../../../', import.meta.url).pathname;

interface Figures {
  eventId: string | null;
  currency: string | null;
  timezone: string;
  generatedAt: string;
  source: { kind: string; reads?: number };
  totals: { orders: number; attendees: number; revenue: number; cancelled: number; checkedIn: number; cancelledShare: number; checkedInShare: number };
  daily: { date: string; orders: number; attendees: number; revenue: number }[];
  recent: { from: string; to: string; orders: number[] };
  tickets: { ticket: string; attendees: number; revenue: number }[];
  cities: { city: string; orders: number }[];
  questions: { question: string; answered: number; answers: { answer: string; attendees: number }[] | null }[];
  sales?: { ticketSales: number; sellThrough: { tickets: unknown[] } } | null;
  change?: { newOrders: number; newAttendees: number; revenue: number; cancellations: number; reads: number } | null;
}

let h: Harness;
let eventId: string;
let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  const seeded = await fetch(`${h.sandbox.url}/sandbox/seed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.sandbox.secret}` },
    body: new URLSearchParams({ orders: String(ORDERS) }),
  });
  eventId = ((await seeded.json()) as { eventIds: string[] }).eventIds[0];
  work = mkdtempSync(join(tmpdir(), 'boxoffice-insights-test-'));
  // The attendee list (E11) needs an administrator's token.
  env = { BOXOFFICE_TOKEN: h.sandbox.tokens.admin, BOXOFFICE_PUBLISHER_KEY: h.sandbox.tokens.publisher };
}, 60_000);
afterAll(async () => {
  await h?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function insightsJson(argv: string[]): Promise<Figures> {
  const result = await h.runProcess(['insights', ...argv], { env });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Figures;
}

async function exportTo(file: string): Promise<string> {
  const path = join(work, file);
  const result = await h.runProcess(['attendees', 'export', eventId, '-o', path], { env });
  expect(result.code).toBe(0);
  return path;
}

/** The figures by hand, from the CSV export's rows: an independent count to compare with. */
function countByHand(rows: Record<string, string>[]) {
  const orders = new Map<string, Record<string, string>>();
  for (const row of rows) if (!orders.has(row.orderNo)) orders.set(row.orderNo, row);
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const perDay = tally([...orders.values()].map((row) => row.purchaseDate.slice(0, 10)));
  const revenue = [...orders.values()].reduce((sum, row) => sum + Number(row.orderCost), 0);
  return {
    orders: orders.size,
    attendees: rows.length,
    revenue: Math.round(revenue * 100) / 100,
    cancelled: rows.filter((row) => row.attendeeStatus === 'cancelled' || row.attendeeStatus === 'lcancelled').length,
    checkedIn: rows.filter((row) => row.checkin === 'yes').length,
    perDay,
    perTicket: tally(rows.map((row) => row.ticketName)),
    perCity: tally([...orders.values()].map((row) => row.city)),
    answers: (label: string) => tally(rows.map((row) => row[label]).filter((value) => value !== '')),
  };
}

function withoutRunFacts(figures: Figures): Omit<Figures, 'generatedAt' | 'source' | 'eventId'> & { title?: string } {
  const { generatedAt: _at, source: _source, eventId: _event, ...rest } = figures as Figures & { title?: string };
  delete rest.title;
  delete rest.sales; // the service's report and ticket list: not in an export
  return rest;
}

describe('boxoffice insights (built CLI, seeded sandbox)', () => {
  let live: Figures;

  beforeAll(async () => {
    live = await insightsJson([eventId]);
  }, 60_000);

  it('gives the figures a direct count of the export gives', async () => {
    const rows = csvRecords(readFileSync(await exportTo('count.csv'), 'utf8'));
    const hand = countByHand(rows);
    expect(live.totals).toMatchObject({
      orders: ORDERS,
      attendees: hand.attendees,
      revenue: hand.revenue,
      cancelled: hand.cancelled,
      checkedIn: hand.checkedIn,
    });
    expect(hand.cancelled).toBeGreaterThan(0);
    expect(hand.checkedIn).toBeGreaterThan(0);
    expect(live.totals.cancelledShare).toBeCloseTo(hand.cancelled / hand.attendees, 4);
    expect(live.currency).toBe('INR');
    expect(live.timezone).toBe('UTC');
    expect(live.source).toEqual({ kind: 'live', reads: expect.any(Number) });
    // purchases spread over weeks: one entry per day with sales
    expect(live.daily.length).toBeGreaterThan(21);
    expect(new Map(live.daily.map((day) => [day.date, day.orders]))).toEqual(hand.perDay);
    expect(new Map(live.tickets.map((ticket) => [ticket.ticket, ticket.attendees]))).toEqual(hand.perTicket);
    expect(live.tickets.reduce((sum, ticket) => sum + ticket.revenue, 0)).toBeCloseTo(hand.revenue, 1);
    expect(new Map(live.cities.map((city) => [city.city, city.orders]))).toEqual(hand.perCity);
    const questions = new Map(live.questions.map((question) => [question.question, question]));
    for (const label of ['T-shirt size', 'Dietary needs', 'Company', 'Job title']) {
      const question = questions.get(label);
      expect(new Map(question?.answers?.map((answer) => [answer.answer, answer.attendees]))).toEqual(hand.answers(label));
      expect(question?.answered).toBeLessThan(hand.attendees); // some attendees left the form empty
    }
    expect(live.recent.orders).toHaveLength(30);
    expect(live.recent.orders.reduce((sum, count) => sum + count, 0)).toBe(
      live.daily.filter((day) => day.date >= live.recent.from && day.date <= live.recent.to).reduce((sum, day) => sum + day.orders, 0),
    );
  });

  it.each(['csv', 'json', 'ndjson'])("--from a %s export gives the live read's figures, with no request", async (format) => {
    const path = await exportTo(`from.${format}`);
    const before = h.requests.length;
    const fromFile = await insightsJson(['--from', path, '--currency', 'INR', '--timezone', 'UTC']);
    expect(h.requests.length).toBe(before);
    expect(fromFile.source).toEqual({ kind: 'file', file: path });
    expect(withoutRunFacts(fromFile)).toEqual(withoutRunFacts(live));
  });

  it('prints a summary with totals, a sparkline and bars on a terminal', async () => {
    // (the layout, without colour: the colours are checked on a real terminal, terminal-first-hour.test.ts)
    const result = await h.run(['insights', eventId], { env: { ...env, NO_COLOR: '1' }, stdoutIsTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`\\n {2}orders {10}${ORDERS}\\n`));
    expect(result.stdout).toMatch(/paid by buyers {2}[\d,]+\.\d\d INR \(fees and tax included\)/);
    expect(result.stdout).toMatch(/orders per day, last 30 days .*\n {2}[▁▂▃▄▅▆▇█]{30}\n/);
    expect(result.stdout).toMatch(/T-shirt size \(\d+ of \d+ attendees answered\)\n {2}\S+ +█+/);
    expect(result.stdout).toContain('Dietary needs');
  });

  it('refuses bad input with exit 2 before reading anything', async () => {
    const before = h.requests.length;
    const missing = await h.runProcess(['insights', '--from', join(work, 'none.csv')], { env });
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('--from: no file at');
    const nothing = await h.runProcess(['insights'], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('EVENT_ID');
    // 2 reads every minute is 120 an hour: over the live service's 30
    const tooOften = await h.runProcess(['insights', eventId, '--watch', '1m'], { env: { ...env, BOXOFFICE_API_URL: 'https://api.example.test' } });
    expect(tooOften.code).toBe(2);
    expect(tooOften.stderr).toBe(
      "error: --watch 1m: each refresh costs 2 reads, 120 an hour, over the service's quota of 30 read calls an hour; use --watch 4m or longer\n",
    );
    expect(h.requests.length).toBe(before);
  });

  describe.skipIf(!chromiumAvailable)('the page', () => {
    it('is one self-contained page: no console error, no request, every chart with its marks and its table', async () => {
      const page = join(work, 'report.html');
      const svgDir = join(work, 'svg');
      const result = await h.runProcess(['insights', eventId, '-o', page, '--svg', svgDir], { env });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`wrote the insights page: ${page}`);
      const figures = JSON.parse(result.stdout) as Figures;
      const html = readFileSync(page, 'utf8');
      expect(html).not.toMatch(/<script|<link|@import|url\(|src=/i);

      const charted = figures.questions.filter((question) => question.answers !== null);
      const expected: Record<string, number> = {
        'sales-per-day': figures.daily.length,
        'cumulative-sales': figures.daily.length,
        'revenue-per-ticket': figures.tickets.length,
        'attendees-per-ticket': figures.tickets.length,
        cities: figures.cities.length,
        'sell-through': figures.sales?.sellThrough.tickets.length ?? 0,
      };
      for (const question of charted) expected[`question-${question.question.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`] = question.answers?.length ?? 0;
      expect(readdirSync(svgDir).sort()).toEqual(
        Object.keys(expected)
          .map((id) => `${id}.svg`)
          .sort(),
      );

      const browser = await launchChromium();
      try {
        const tab = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        const errors: string[] = [];
        const requests: string[] = [];
        tab.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        tab.on('pageerror', (error) => errors.push(error.message));
        const address = pathToFileURL(page).href;
        await tab.route('**/*', async (route) => {
          const url = route.request().url();
          if (url === address) return route.continue();
          requests.push(url);
          return route.abort();
        });
        await tab.goto(address);
        // Bars are paths in a rect mark; the line chart's points are paths in a symbol mark.
        // (run in the page; a string, since the tests are typed without the DOM library)
        const charts = (await tab.evaluate(`[...document.querySelectorAll('section[id]')]
          .filter((section) => section.querySelector('figure'))
          .map((section) => ({
            id: section.id,
            title: section.querySelector('h2')?.textContent ?? '',
            marks: section.querySelectorAll('g.mark-rect.role-mark path, g.mark-symbol.role-mark path').length,
            tableRows: section.querySelectorAll('table tbody tr').length,
            svgWidth: section.querySelector('svg')?.getBoundingClientRect().width ?? 0,
          }))`)) as { id: string; title: string; marks: number; tableRows: number; svgWidth: number }[];
        expect(Object.fromEntries(charts.map((chart) => [chart.id, chart.marks]))).toEqual(expected);
        for (const chart of charts) {
          expect(chart.title).not.toBe('');
          expect(chart.tableRows).toBeGreaterThan(0);
          expect(chart.svgWidth).toBeGreaterThan(100);
        }
        expect(charts.find((chart) => chart.id === 'sales-per-day')?.tableRows).toBe(figures.daily.length);
        const screenshot = join(work, 'insights-page.png');
        await tab.screenshot({ path: screenshot, fullPage: true });
        expect(statSync(screenshot).size).toBeGreaterThan(10_000);
        // printed: the charts are still there and laid out
        await tab.emulateMedia({ media: 'print' });
        expect(await tab.evaluate(`document.querySelector('figure svg').getBoundingClientRect().width`)).toBeGreaterThan(100);
        expect(errors).toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 60_000);
  });
});

describe('boxoffice insights --watch (built CLI)', () => {
  function startWatch(interval: string): { child: ChildProcessWithoutNullStreams; next(): Promise<Figures>; exit: Promise<number | null> } {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BOXOFFICE_') && name !== 'CI'));
    const child = spawn(process.execPath, ['bin/boxoffice.js', 'insights', eventId, '--watch', interval], {
      cwd: ROOT,
      env: { ...inherited, ...h.env, ...env },
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return {
      child,
      exit,
      next: async () => {
        const line = await lines.next();
        if (line.done) throw new Error('insights --watch ended early');
        return JSON.parse(line.value) as Figures;
      },
    };
  }

  it('shows an order placed between two refreshes in the second, for two reads a refresh', async () => {
    const watch = startWatch('1500ms');
    let stderr = '';
    watch.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const first = await watch.next();
      expect(first.change).toBeNull();
      const apiCalls = () => h.requests.filter((request) => request.startsWith('POST /api/e/'));
      let mark = apiCalls().length;
      const quiet = await watch.next();
      expect(quiet.change).toMatchObject({ newOrders: 0, newAttendees: 0, revenue: 0, reads: 2 });
      const readsOfQuiet = apiCalls().slice(mark);
      expect(readsOfQuiet.sort()).toEqual(['POST /api/e/attendee-list', 'POST /api/e/get-report']);

      // Place an order right after a refresh: the next refresh must show it.
      const report = JSON.parse((await h.run(['--json', 'report', eventId], { env })).stdout) as { tickets: { ticketId: string }[] };
      const placed = await h.run(['order', 'place', eventId, '--ticket', `${report.tickets[0].ticketId}:2`, '--fake', '--yes'], { env });
      expect(placed.code).toBe(0);
      mark = apiCalls().length;
      let second = await watch.next();
      // Under load a refresh can run while the order is being placed: the one after it shows it.
      while (second.change?.newOrders === 0 && second.totals.orders === quiet.totals.orders) {
        mark = apiCalls().length;
        second = await watch.next();
      }
      expect(second.change).toMatchObject({ newOrders: 1, newAttendees: 2, reads: 2 });
      expect(second.change?.revenue).toBeGreaterThan(0);
      expect(second.totals.orders).toBe(quiet.totals.orders + 1);
      expect(second.totals.attendees).toBe(quiet.totals.attendees + 2);
      expect(apiCalls().length - mark).toBeLessThanOrEqual(2);
      expect(stderr).toContain('a refresh reads the sales report and the attendee list past the orders seen: 2 reads');
    } finally {
      watch.child.kill('SIGINT');
    }
    expect(await watch.exit).toBe(130);
  }, 60_000);
});

describe('the work file of a live read', () => {
  it('is gone once the read is complete', () => {
    const dir = join(h.configDir, 'insights-work');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('is claimed by one read at a time: two reads of one event at once both finish; a lock left by a read that is gone is taken over', async () => {
    const dir = join(h.configDir, 'insights-work');
    const [first, second] = await Promise.all([insightsJson([eventId]), insightsJson([eventId])]);
    expect(second.totals).toEqual(first.totals);
    expect(first.totals.orders).toBeGreaterThanOrEqual(ORDERS); // the watch test above placed more
    expect(readdirSync(dir)).toEqual([]);
    // The profile is "local" when none is named.
    const lock = join(dir, `local-${eventId}.ndjson.lock`);
    writeFileSync(lock, JSON.stringify({ pid: spawnSync(process.execPath, ['-e', '']).pid, host: hostname(), startedAt: new Date().toISOString() }));
    expect((await insightsJson([eventId])).totals).toEqual(first.totals);
    expect(readdirSync(dir)).toEqual([]);
  }, 120_000);
});

describe('insights: flags → options', () => {
  const verb = verbAt('insights', registerInsights);

  it('reads the event by default, waiting 10 minutes at most; every flag is read', async () => {
    const parsed = await parseVerb(verb, ['insights', '12']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      {
        eventId: '12',
        from: undefined,
        output: undefined,
        destination: undefined,
        force: false,
        svgDir: undefined,
        watchMs: undefined,
        currency: undefined,
        timezone: undefined,
        maxWaitMs: 600_000,
      },
    ]);
    const directory = mkdtempSync(join(tmpdir(), 'boxoffice-insights-flags-'));
    try {
      const file = join(directory, 'attendees.export');
      writeFileSync(file, '');
      const every = await parseVerb(verb, [
        'insights',
        '--from',
        file,
        '--format',
        'ndjson',
        '-o',
        join(directory, 'page.html'),
        '--svg',
        join(directory, 'charts'),
        '--currency',
        'inr',
        '--timezone',
        'Asia/Kolkata',
        '--max-wait',
        '30s',
        '--force',
      ]);
      expect(every.runs).toEqual([
        {
          eventId: undefined,
          from: { path: file, format: 'ndjson' },
          output: join(directory, 'page.html'),
          destination: 'new',
          force: true,
          svgDir: join(directory, 'charts'),
          watchMs: undefined,
          currency: 'INR',
          timezone: 'Asia/Kolkata',
          maxWaitMs: 30_000,
        },
      ]);
      expect(await parseVerb(verb, ['insights', '12', '--watch', '5m'])).toMatchObject({ code: 0, runs: [{ eventId: '12', watchMs: 300_000 }] });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it.each([
    [['insights'], 'EVENT_ID'],
    [['insights', '12', '--watch', 'often'], '--watch'],
    [['insights', '12', '--max-wait', 'long'], '--max-wait'],
    [['insights', '12', '--timezone', 'Mars/Olympus'], '--timezone'],
    [['insights', '--from', 'a.csv', '--format', 'xml'], '--format'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
