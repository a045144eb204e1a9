// Where `attendees sync` keeps its table, outbox and state: a SQLite file (the embedded default)
// or a PostgreSQL database named by a postgres:// URL. Both are reached through this small
// interface; SQL is written once with `?` placeholders (the PostgreSQL driver numbers them).
// Each driver lives in one file and is loaded only when its kind of destination is named.
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
  /**
   * Runs `work` in one transaction holding the destination's write lock, so that the rows, the
   * outbox and the state of a step are committed together or not at all.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** One run per destination at a time: false when another run holds it. */
  lockRuns(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Inserts a row of `values` into `table`, or where a row with the same `keys` is there, sets
 * them on it (all but the `insertOnly` columns).
 */
export async function upsert(
  db: SyncDatabase,
  table: string,
  keys: readonly string[],
  values: Readonly<Record<string, SqlValue>>,
  insertOnly: readonly string[] = [],
): Promise<void> {
  const columns = Object.keys(values);
  const updates = columns.filter((column) => !keys.includes(column) && !insertOnly.includes(column)).map((column) => `${column} = excluded.${column}`);
  await db.run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates.join(', ')}`,
    Object.values(values),
  );
}

/** `work` in a transaction opened by `begin`: committed, or rolled back when anything fails. */
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

export async function openDestination(destination: string): Promise<SyncDatabase> {
  if (/^postgres(ql)?:\/\//i.test(destination)) {
    const { openPostgres } = await import('./postgres-driver.js');
    return openPostgres(destination, shownDestination(destination));
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(destination)) {
    throw new UsageError(`--to ${shownDestination(destination)}: expected a SQLite file path or a postgres:// URL`, '--to');
  }
  const { openSqliteDestination } = await import('./sqlite-driver.js');
  return openSqliteDestination(destination);
}
