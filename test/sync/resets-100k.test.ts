// Resets ridden through at scale: a first sync of 100,000 orders (about 250,000 attendees) while
// the sandbox drops connections and answers 503 on 2% of the API requests (a fixed seed), with the
// command's defaults (one --max-wait of 2m for the whole run). It completes, every read the
// sandbox answered is one the summary counts, and the table equals a fresh export. The built
// CLI, a real sandbox. It takes minutes (docs/testing.md, "Slow tests"): it runs with
// SLOW_TESTS=1, and the suite's resets.test.ts does the same at 1,999 orders.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { exportSnapshot, readCounter, snapshotDifferences, sqliteSnapshot, tool } from './support.js';

const ORDERS = 100_000;
const MINUTES = 60_000;

describe.runIf(process.env.SLOW_TESTS === '1')('a first sync of 100,000 orders through dropped connections', () => {
  const counter = readCounter();
  let e2e: E2e;
  let eventId: string;
  beforeAll(async () => {
    e2e = await startE2e({ faults: 'rate=0.02,kinds=reset+503,seed=44', extensions: [...defaultExtensions(), counter.extension] });
    eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: String(ORDERS) })).eventIds as string[])[0]);
  }, 5 * MINUTES);
  afterAll(async () => e2e?.close());

  it('completes, spends the reads it counts, and ends with the table equal to a fresh export', { timeout: 40 * MINUTES }, async () => {
    const database = join(e2e.dir, 'resets-100k.db');
    const run = await e2e.run(['attendees', 'sync', eventId, '--to', database], {
      env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin },
      timeoutMs: 30 * MINUTES,
    });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const retries = run.stderr.split('\n').filter((line) => line.startsWith('the service is busy or unreachable; waiting'));
    expect(retries.length).toBeGreaterThanOrEqual(20);
    // Counted from 1 (the contract's sandbox), 100,000 orders fill the last range: one read more than the rule, and the summary says why.
    expect(run.stderr).toMatch(
      /; 2,002 reads \(full; list oldest-first, 100,000 orders\); 1 more than planned for 100,000 orders: the service counts a range from 1, so one read repeated an order\n$/,
    );
    expect(counter.count()).toBe(2002);
    const table = sqliteSnapshot(database, eventId);
    const exported = await exportSnapshot(e2e, eventId, 20 * MINUTES);
    expect(table.size).toBe(exported.size);
    expect(snapshotDifferences(table, exported)).toEqual([]);
  });
});
