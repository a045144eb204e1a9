// Every constant query of the sandbox reads its rows through an index (SQLite's own query plan:
// no "SCAN table"), and so do the queries it builds at run time (the Publisher API's event search),
// and get-report's query stays within a millisecond for a 100-order event in a database of many
// more attendees.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { openDatabase, type SandboxDatabase } from '../../src/sandbox/db/index.js';
import { salesReport } from '../../src/sandbox/db/orders.js';
import { categoriesWithEvents, searchEvents, type EventSearch } from '../../src/sandbox/routes/publisher-store.js';
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

/** The full scans in the plan of `sql` ("SCAN orders", "SCAN o"), its parameters bound to null. */
function scansOf(db: SandboxDatabase, sql: string): string[] {
  const names = [...new Set([...sql.matchAll(/@(\w+)/g)].map((match) => match[1]))];
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (
    names.length > 0 ? plan.all(Object.fromEntries(names.map((name) => [name, null]))) : plan.all(...Array<null>((sql.match(/\?/g) ?? []).length).fill(null))
  ) as { detail: string }[];
  return rows.map((row) => row.detail).filter((detail) => /^SCAN /.test(detail) && detail !== 'SCAN CONSTANT ROW');
}

/** The SQL of every statement `run` prepares on the database. */
function statementsPrepared(db: SandboxDatabase, run: (db: SandboxDatabase) => void): string[] {
  const statements: string[] = [];
  const recording = new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          statements.push(sql);
          return target.prepare(sql);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  run(recording);
  return statements;
}

describe('the sandbox queries', () => {
  it('read through indexes: no query plan scans a table', () => {
    const db = openDatabase({ path: ':memory:' });
    const queries = constantQueries();
    expect(queries.length).toBeGreaterThan(50);
    const scans = queries.flatMap(({ file, sql }) => scansOf(db, sql).map((detail) => `${file}: ${detail} in ${sql.replace(/\s+/g, ' ').trim().slice(0, 80)}`));
    expect(scans).toEqual([]);
    db.close();
  });

  it('built at run time (the event search, with every filter) read through indexes too', () => {
    const db = openDatabase({ path: ':memory:' });
    const searches: EventSearch[] = [
      {},
      { keyword: 'jazz', city: 'Pune', category: 'music', price: 'paid', fromDate: '2026-01-01', toDate: '2026-12-31', topics: 'jazz, live', page: 2 },
      { price: 'free', fromPrice: 0, toPrice: 100, sortBy: 'popularity' },
      { sortBy: 'latest' },
    ];
    const statements = statementsPrepared(db, (recording) => {
      for (const search of searches) searchEvents(recording, search);
      categoriesWithEvents(recording, {});
      categoriesWithEvents(recording, { eventType: 'public', type: 'ticketing' });
    });
    expect(statements.length).toBe(searches.length + 2);
    const scans = statements.flatMap((sql) => scansOf(db, sql).map((detail) => `${detail} in ${sql.replace(/\s+/g, ' ').trim().slice(0, 120)}`));
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
