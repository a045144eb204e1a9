// Shared by the fuzz tests: reproducible choices and a digest that proves a database unchanged.
import { createHash } from 'node:crypto';
import type { SandboxDatabase } from '../../src/sandbox/db/index.js';

export { seededRandom } from '../../src/sandbox/modes/faults.js';

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** A digest of every row of every table: equal digests mean an unchanged database. */
export function databaseDigest(db: SandboxDatabase): string {
  const hash = createHash('sha256');
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[];
  for (const { name: table } of tables) {
    hash.update(`\u0001${table}\u0001`);
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).iterate())
      hash.update(JSON.stringify(Object.values(row as Record<string, unknown>)));
  }
  return hash.digest('hex');
}
