// What `attendees sync` spends, counted by the sandbox itself (every attendee-list request it
// answers): a run after 10 new orders costs at most 2 reads in either list order and either
// counting; the run says what it will spend before reading; --max-reads is never exceeded and a
// run cut short by it resumes where it stopped, ending exact.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import type { TestSandboxOptions } from '../helpers/sandbox.js';
import { exportSnapshot, placeOrders, readCounter, sortedEntries, sqliteSnapshot, tool } from './support.js';

const MODES: [string, TestSandboxOptions, string][] = [
  ['oldest first, counted from 1', {}, 'oldest-first'],
  ['oldest first, counted from 0 (quirks)', { quirks: true, listOrder: 'oldest-first' }, 'oldest-first'],
  ['newest first (quirks)', { quirks: true, listOrder: 'newest-first' }, 'newest-first'],
];

describe.each(MODES)('reads spent by attendees sync (%s)', (_mode, options, listOrder) => {
  const counter = readCounter();
  let e2e: E2e;
  let eventId: string;
  beforeAll(async () => {
    e2e = await startE2e({ ...options, extensions: [...defaultExtensions(), counter.extension] });
    eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '2500' })).eventIds as string[])[0]);
  });
  afterAll(async () => e2e?.close());

  const sync = (database: string, extra: string[] = []) =>
    e2e.run(['attendees', 'sync', eventId, '--to', database, ...extra], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin }, timeoutMs: 300_000 });

  it('costs at most 2 reads for 10 new orders, and says so before reading', { timeout: 600_000 }, async () => {
    const database = join(e2e.dir, `reads-${listOrder}-${options.quirks ? 'q' : 'd'}.db`);
    const full = await sync(database);
    expect(full.code, full.stderr).toBe(0);
    expect(full.stderr).toContain(`list ${listOrder}`);
    for (let round = 0; round < 2; round += 1) {
      placeOrders(e2e.sandbox, eventId, 10, `reads${round}`);
      const before = counter.count();
      const run = await sync(database);
      const spent = counter.count() - before;
      expect(run.code, run.stderr).toBe(0);
      expect(spent).toBeLessThanOrEqual(2);
      expect(run.stderr).toContain(`${spent === 1 ? '1 read' : `${spent} reads`} (incremental; list ${listOrder}`);
      expect(run.stderr.split('\n')[0]).toMatch(
        listOrder === 'newest-first' ? /from the head of the list \(newest first\): 1 read/ : /from the end of the list \(oldest first\): 2 reads/,
      );
      expect(run.stderr).toMatch(/ 2[0-9] added| 1[0-9] added/);
    }
    expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(await exportSnapshot(e2e, eventId)));
  });

  it('never exceeds --max-reads, and a run cut short resumes where it stopped', { timeout: 600_000 }, async () => {
    const database = join(e2e.dir, `budget-${listOrder}-${options.quirks ? 'q' : 'd'}.db`);
    let runs = 0;
    for (;;) {
      runs += 1;
      const before = counter.count();
      const run = await sync(database, ['--max-reads', '15']);
      expect(run.code, run.stderr).toBe(0);
      expect(counter.count() - before).toBeLessThanOrEqual(15);
      if (!run.stderr.includes('cut short')) break;
      expect(run.stderr).toMatch(/the next run continues the full reconciliation at record \d+/);
      if (runs > 1) expect(run.stderr).toMatch(/continuing the full reconciliation at record \d+/);
    }
    expect(runs).toBeGreaterThan(3);
    expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(await exportSnapshot(e2e, eventId)));
  });
});
