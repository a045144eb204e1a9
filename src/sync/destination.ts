// Where `attendees sync` keeps its tables: a SQLite file or a PostgreSQL database (postgres://),
// through one small interface; SQL is written once with `?` placeholders, and each driver is
// loaded only when its kind of destination is named.
import { UsageError } from '../client/errors.js';
import { shownDestination } from '../util/shown-destination.js';

export type SqlValue = string | number | null;
export type Dialect = 'sqlite' | 'postgres';

export interface SyncDatabase {
  readonly dialect: Dialect;
  /** What the destination is, for messages (a file path, or the URL without its password). */
  readonly label: string;
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs `work` in one transaction holding the destination's write lock. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** One run per destination at a time: false when another run holds it. */
  lockRuns(): Promise<boolean>;
  close(): Promise<void>;
}

/** PostgreSQL's limit of parameters in one statement. */
const MAX_PARAMETERS = 65_535;

/**
 * Inserts `rows` into `table`, updating (all but the `insertOnly` columns of) a row with the same
 * `keys`; `json`: the columns that hold JSON text. In PostgreSQL the rows go as one JSON parameter
 * read back as the table's row type (binding ~65k values cost more CPU than the rest of the
 * sync), unless a text the JSON would not carry as the driver binds it (a lone surrogate) needs
 * bound values. In SQLite they go row by row through one prepared statement, cheaper than any
 * statement that reads many rows.
 */
export async function upsertRows(
  db: SyncDatabase,
  table: string,
  keys: readonly string[],
  rows: readonly Readonly<Record<string, SqlValue>>[],
  insertOnly: readonly string[] = [],
  json: readonly string[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const updates = columns.filter((column) => !keys.includes(column) && !insertOnly.includes(column)).map((column) => `${column} = excluded.${column}`);
  const onConflict = keys.length === 0 ? '' : ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
  const list = columns.join(', ');
  const postgres = db.dialect === 'postgres';
  const text = postgres ? JSON.stringify(rows) : '';
  if (postgres && !/\\u[dD][89a-fA-F]/.test(text)) {
    // A jsonb column's JSON text arrives as a JSON string: its text is parsed as jsonb.
    const values = columns.map((column) => (json.includes(column) ? `(${column} #>> '{}')::jsonb` : column)).join(', ');
    await db.run(`INSERT INTO ${table} (${list}) SELECT ${values} FROM json_populate_recordset(NULL::${table}, ?)${onConflict}`, [text]);
    return;
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const insert = (count: number): string => `INSERT INTO ${table} (${list}) VALUES ${Array(count).fill(tuple).join(', ')}${onConflict}`;
  const perStatement = postgres ? Math.floor(MAX_PARAMETERS / columns.length) : 1;
  const full = insert(perStatement);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.flatMap((row) => columns.map((column) => row[column]));
    await db.run(chunk.length === perStatement ? full : insert(chunk.length), values);
  }
}

export async function inTransaction<T>(execute: (sql: string) => unknown, begin: string, work: () => Promise<T>): Promise<T> {
  await execute(begin);
  try {
    const result = await work();
    await execute('COMMIT');
    return result;
  } catch (error) {
    // A failed rollback (the transaction already ended) must not hide why it failed.
    await (async () => execute('ROLLBACK'))().catch(() => undefined);
    throw error;
  }
}

/** `schema`: the PostgreSQL schema that holds the tables (created if absent); SQLite has none. */
export async function openDestination(destination: string, schema?: string): Promise<SyncDatabase> {
  if (/^postgres(ql)?:\/\//i.test(destination)) {
    const { openPostgres } = await import('./postgres-driver.js');
    return openPostgres(destination, shownDestination(destination), schema);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(destination)) {
    throw new UsageError(`--to ${shownDestination(destination)}: expected a SQLite file path or a postgres:// URL`, '--to');
  }
  const { openSqliteDestination } = await import('./sqlite-driver.js');
  return openSqliteDestination(destination);
}
