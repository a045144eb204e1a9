// The reads `attendees sync` announces before it reads are the reads it spends, counted by the
// sandbox itself (every attendee-list request it answers): for events of 10, 491 and 4,000
// orders, the first sync (whose plan is per order: the list's size is not known before it is
// read), an incremental run after new orders, one after none, and --full; in both countings of
// the list (the contract's from 1, the live service's from 0) and both list orders. A run after
// more new orders than its plan counted on says how many were new.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import type { TestSandboxOptions } from '../helpers/sandbox.js';
import { formatCount } from '../../src/util/count.js';
import { placeOrders, readCounter, tool } from './support.js';

const MODES: [string, TestSandboxOptions][] = [
  ['counted from 1, oldest first', {}],
  ['counted from 0, newest first (quirks)', { quirks: true, listOrder: 'newest-first' }],
];
const SIZES = [10, 491, 4000];

describe.each(MODES)('the reads attendees sync announces (%s)', (_mode, options) => {
  const counter = readCounter();
  let e2e: E2e;
  const events = new Map<number, string>();
  beforeAll(async () => {
    e2e = await startE2e({ ...options, extensions: [...defaultExtensions(), counter.extension] });
    for (const size of SIZES) events.set(size, String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: String(size) })).eventIds as string[])[0]));
  }, 300_000);
  afterAll(async () => e2e?.close());

  const listedOrders = (eventId: string): number =>
    (e2e.sandbox.db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE event_id = ? AND event_position IS NOT NULL`).get(Number(eventId)) as { n: number }).n;

  /** One run: its stderr, and the reads the sandbox answered meanwhile. */
  async function sync(eventId: string, database: string, extra: string[] = []): Promise<{ stderr: string; spent: number }> {
    const before = counter.count();
    const run = await e2e.run(['attendees', 'sync', eventId, '--to', database, ...extra], {
      env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin },
      timeoutMs: 300_000,
    });
    expect(run.code, run.stderr).toBe(0);
    return { stderr: run.stderr, spent: counter.count() - before };
  }

  /** The line that says what the run will read, before it reads. */
  const planLine = (stderr: string): string => stderr.split('\n').find((line) => line.startsWith('sync ')) ?? '';
  const announced = (stderr: string): number => Number((/: (\d+) reads?\b/.exec(planLine(stderr)) ?? [])[1]);
  const reads = (count: number): string => (count === 1 ? '1 read' : `${count} reads`);

  it.each(SIZES)('an event of %i orders: first, incremental and --full runs spend what they announce', { timeout: 600_000 }, async (size) => {
    const eventId = events.get(size) as string;
    const database = join(e2e.dir, `plan-${size}.db`);

    const first = await sync(eventId, database);
    expect(planLine(first.stderr)).toContain('a first full reconciliation: 1 read for every 50 orders and 1 to see the end');
    expect(first.stderr).toContain(`; ${reads(first.spent)} (full; `);
    const orders = `${formatCount(listedOrders(eventId))} orders`;
    // Counted from 1, the first ranges repeat the 50th order: where the orders fill the last
    // range exactly, that costs one read more than the rule, and the summary says why.
    const repeated = options.quirks !== true && listedOrders(eventId) % 50 === 0;
    expect(first.stderr).toContain(
      repeated
        ? `${orders}); 1 more than planned for ${orders}: the service counts a range from 1, so one read repeated an order\n`
        : `${orders}); as planned for ${orders}\n`,
    );

    placeOrders(e2e.sandbox, eventId, 10, `plan${size}`);
    for (const run of [await sync(eventId, database), await sync(eventId, database), await sync(eventId, database, ['--full'])]) {
      expect({ announced: announced(run.stderr), spent: run.spent }).toEqual({ announced: run.spent, spent: run.spent });
      expect(run.stderr).toContain(`; ${reads(run.spent)} (`);
      expect(run.stderr).toMatch(/; as planned\n$/);
    }
  });
  it('an incremental run after more new orders than one read holds: spends more than planned and says why', { timeout: 300_000 }, async () => {
    const eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '10' })).eventIds as string[])[0]);
    const database = join(e2e.dir, 'plan-many-new.db');
    await sync(eventId, database);
    placeOrders(e2e.sandbox, eventId, 120, 'many-new');
    const run = await sync(eventId, database);
    const planned = announced(run.stderr);
    expect(run.spent).toBeGreaterThan(planned);
    expect(run.stderr).toContain(`; ${reads(run.spent)} (incremental; `);
    expect(run.stderr).toMatch(new RegExp(`; ${reads(planned)} planned: the list has 130 orders, 120 new\n$`));
  });
});
