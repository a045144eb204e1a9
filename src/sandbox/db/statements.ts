// Prepared statements cached per database: preparing is the costly part of a small query, and
// the sandbox runs the same few dozen statements for every request.
import type { SandboxDatabase } from './index.js';
import type { SqliteStatement } from '../../util/sqlite.js';

const statementCache = new WeakMap<SandboxDatabase, Map<string, SqliteStatement>>();

/** The statement for `sql` on `db`, prepared on first use. `sql` must be constant text (values are bound). */
export function prepared(db: SandboxDatabase, sql: string): SqliteStatement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
