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

type RowValues = Readonly<Record<string, string | number | null>>;

/** Inserts `values` (column → value) into `table`; returns the new row's id. */
export function insertRow(db: SandboxDatabase, table: string, values: RowValues): number {
  const columns = Object.keys(values);
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`;
  return Number(prepared(db, sql).run(values).lastInsertRowid);
}

/** Sets `values` (column → value) on the row of `table` with this id. */
export function updateRow(db: SandboxDatabase, table: string, id: number, values: RowValues): void {
  const assignments = Object.keys(values).map((column) => `${column} = @${column}`);
  prepared(db, `UPDATE ${table} SET ${assignments.join(', ')} WHERE id = @id`).run({ ...values, id });
}
