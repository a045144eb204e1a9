// Every constant query of the sandbox reads its rows through an index (SQLite's own query plan:
// no "SCAN table"), and get-report's query stays within a millisecond for a 100-order event in a
// database of many more attendees.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/sandbox/db/index.js';
import { salesReport } from '../../src/sandbox/db/orders.js';
import { seedAttendeeEvent } from '../export/sandbox-seed.js';

const SANDBOX = join(import.meta.dirname, '..', '..', 'src', 'sandbox');

/** The SQL text of every template literal in src/sandbox that is a whole statement without interpolation. */
function constantQueries(): { file: string; sql: string }[] {
  const files = (readdirSync(SANDBOX, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.includes('migrations'));
  return files.flatMap((file) =>
    [...readFileSync(join(SANDBOX, file), 'utf8').matchAll(/`(\s*(?:SELECT|UPDATE|DELETE|INSERT)\b[^`]*)`/g)]
      .map((match) => ({ file, sql: match[1] }))
      .filter(({ sql }) => !sql.includes('${')),
  );
}

describe('the sandbox queries', () => {
  it('read through indexes: no query plan scans a table', () => {
    const db = openDatabase({ path: ':memory:' });
    const queries = constantQueries();
    expect(queries.length).toBeGreaterThan(50);
    const scans = queries.flatMap(({ file, sql }) => {
      const names = [...new Set([...sql.matchAll(/@(\w+)/g)].map((match) => match[1]))];
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
      const rows = (
        names.length > 0
          ? plan.all(Object.fromEntries(names.map((name) => [name, null])))
          : plan.all(...Array<null>((sql.match(/\?/g) ?? []).length).fill(null))
      ) as { detail: string }[];
      return rows
        .filter((row) => /^SCAN /.test(row.detail) && row.detail !== 'SCAN CONSTANT ROW')
        .map((row) => `${file}: ${row.detail} in ${sql.replace(/\s+/g, ' ').trim().slice(0, 80)}`);
    });
    expect(scans).toEqual([]);
    db.close();
  });

  it('answer get-report for a 100-order event in at most 1 ms of query time among 5,000 other orders', () => {
    const db = openDatabase({ path: ':memory:' });
    seedAttendeeEvent(db, { orders: 5_000 });
    const small = Number(seedAttendeeEvent(db, { orders: 100 }).eventId);
    const report = salesReport(db, small);
    expect(report.map((line) => line.ticketName)).toEqual(['General', 'VIP']);
    expect(report.reduce((sum, line) => sum + line.sold, 0)).toBeGreaterThan(100);
    const times: number[] = [];
    for (let run = 0; run < 51; run += 1) {
      const started = performance.now();
      salesReport(db, small);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`get-report query, 100 orders: median ${times[25].toFixed(3)} ms`);
    expect(times[25]).toBeLessThanOrEqual(1);
    db.close();
  });
});
