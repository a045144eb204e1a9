// The project's one SQLite connection: Node's built-in node:sqlite (no native addon), behind the
// small synchronous API the sandbox and the sync's SQLite destination use.
import { createRequire } from 'node:module';
import type { DatabaseSync } from 'node:sqlite';

type SqlValue = string | number | bigint | null | Uint8Array;
/** Positional values, or one object whose keys name `@name` parameters. */
type SqlParams = SqlValue[] | [Record<string, SqlValue>];

export interface SqliteStatement {
  run(...params: SqlParams): { changes: number; lastInsertRowid: number | bigint };
  get(...params: SqlParams): unknown;
  all(...params: SqlParams): unknown[];
  iterate(...params: SqlParams): IterableIterator<unknown>;
}

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  /** `fn` wrapped in BEGIN … COMMIT (ROLLBACK when it throws); nested calls use savepoints. */
  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result;
  /** The rows of `PRAGMA source`; with `simple`, the first column of the first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): void;
}

const require = createRequire(import.meta.url);

/** The warning Node 22 (and 24 before 24.15) emits once, when node:sqlite is first loaded. */
export function isSqliteExperimentalWarning(warning: unknown, type: unknown): boolean {
  const name = typeof warning === 'object' && warning !== null ? (warning as Error).name : type;
  const message = typeof warning === 'string' ? warning : (warning as Error | null)?.message;
  return name === 'ExperimentalWarning' && typeof message === 'string' && /^SQLite is an experimental feature/.test(message);
}

let databaseSync: typeof DatabaseSync | undefined;

/** node:sqlite, loaded with its experimental warning alone dropped. */
function loadDatabaseSync(): typeof DatabaseSync {
  if (databaseSync) return databaseSync;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as { type?: unknown }).type : rest[0];
    if (isSqliteExperimentalWarning(warning, type)) return;
    return Reflect.apply(emitWarning, this, [warning, ...rest]);
  } as typeof process.emitWarning;
  try {
    databaseSync = (require('node:sqlite') as { DatabaseSync: typeof DatabaseSync }).DatabaseSync;
  } finally {
    process.emitWarning = emitWarning;
  }
  return databaseSync;
}

export function openSqlite(path: string): SqliteDatabase {
  return new NodeSqlite(new (loadDatabaseSync())(path));
}

class NodeSqlite implements SqliteDatabase {
  private savepoints = 0;

  constructor(private readonly db: DatabaseSync) {}

  prepare(sql: string): SqliteStatement {
    const statement = this.db.prepare(sql);
    // Callers pass one object for every statement of a record; keys a statement does not name are ignored.
    statement.setAllowUnknownNamedParameters(true);
    return statement as SqliteStatement;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
    return (...args: Args): Result => {
      const nested = this.db.isTransaction;
      const savepoint = `boxoffice_${this.savepoints++}`;
      this.db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN');
      try {
        const result = fn(...args);
        this.db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT');
        return result;
      } catch (error) {
        if (this.db.isTransaction) this.db.exec(nested ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
        throw error;
      }
    };
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.db.prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
    return options.simple ? Object.values(rows[0] ?? {})[0] : rows;
  }

  close(): void {
    this.db.close();
  }
}
