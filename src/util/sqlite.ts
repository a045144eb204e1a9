// The one SQLite connection type of the sandbox, on every supported Node line: the subset of
// better-sqlite3's API the sandbox uses, served by Node's built-in node:sqlite from Node 24.15
// (a release candidate there: no experimental warning) and by better-sqlite3 on older lines.
// better-sqlite3 12 aborts the process on Node >= 24.19 (a statement finalized by an idle GC
// trips a Node assertion), and better-sqlite3 13, which fixes it, needs Node >= 22: neither
// serves every line alone. docs/sandbox.md gives the reasons in full.
import { createRequire } from 'node:module';

type SqlValue = string | number | bigint | null | Uint8Array;
/** Positional values, or one object whose keys name `@name` parameters. */
type SqlParams = SqlValue[] | [Record<string, SqlValue>];

interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqliteStatement {
  run(...params: SqlParams): RunResult;
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

export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

/** The driver for a Node version: node:sqlite from 24.15 on, better-sqlite3 before. */
export function sqliteDriverFor(nodeVersion: string): SqliteDriver {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  return major > 24 || (major === 24 && minor >= 15) ? 'node:sqlite' : 'better-sqlite3';
}

const require = createRequire(import.meta.url);

/** Opens `path` (a file, or ':memory:') with the driver of the running Node. */
export function openSqlite(path: string, driver: SqliteDriver = sqliteDriverFor(process.versions.node)): SqliteDatabase {
  if (driver === 'better-sqlite3') {
    const BetterSqlite = require('better-sqlite3') as new (path: string) => SqliteDatabase;
    return new BetterSqlite(path);
  }
  const { DatabaseSync } = require('node:sqlite') as { DatabaseSync: new (path: string) => NodeSqliteDatabase };
  return new NodeSqlite(new DatabaseSync(path));
}

interface NodeSqliteStatement extends SqliteStatement {
  setAllowUnknownNamedParameters(enabled: boolean): void;
}

interface NodeSqliteDatabase {
  prepare(sql: string): NodeSqliteStatement;
  exec(sql: string): void;
  close(): void;
  readonly isTransaction: boolean;
}

class NodeSqlite implements SqliteDatabase {
  private savepoints = 0;

  constructor(private readonly db: NodeSqliteDatabase) {}

  prepare(sql: string): SqliteStatement {
    const statement = this.db.prepare(sql);
    // better-sqlite3 ignores keys of a parameter object that the SQL does not name; callers rely on it.
    statement.setAllowUnknownNamedParameters(true);
    return statement;
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
