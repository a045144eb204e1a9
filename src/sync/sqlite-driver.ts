// The SQLite destination, created 0600 (it holds personal data). Writes are serialised by BEGIN
// IMMEDIATE; a run lock beside the file (FILE.lock) keeps a second run out.
import { dirname, resolve } from 'node:path';
import { UsageError } from '../client/errors.js';
import { lockPathFor, tryLock, type FileLock } from '../util/file-lock.js';
import { makeFilePrivate } from '../util/private-file.js';
import { openSqlite, type SqliteStatement } from '../util/sqlite.js';
import { inTransaction, type SqlValue, type SyncDatabase } from './destination.js';

export function openSqliteDestination(path: string): SyncDatabase {
  try {
    makeFilePrivate(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--to ${path}: cannot create the database in ${dirname(resolve(path))} (${reason})`, '--to');
  }
  const db = openSqlite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  // In WAL mode NORMAL survives a killed process (the case the outbox is built for); only a power
  // loss may undo the last commits, never tear one. FULL would add an fsync to every batch.
  db.pragma('synchronous = NORMAL');
  let lock: FileLock | undefined;
  const statements = new Map<string, SqliteStatement>();
  const statement = (sql: string): SqliteStatement => {
    const prepared = statements.get(sql) ?? db.prepare(sql);
    statements.set(sql, prepared);
    return prepared;
  };
  return {
    dialect: 'sqlite',
    label: path,
    run: async (sql, params = []) => {
      statement(sql).run(...(params as SqlValue[]));
    },
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => statement(sql).all(...(params as SqlValue[])) as T[],
    transaction: (work) => inTransaction((sql) => db.exec(sql), 'BEGIN IMMEDIATE', work),
    lockRuns: async () => {
      const attempt = await tryLock(lockPathFor(path));
      if (!attempt.acquired) return false;
      lock = attempt.lock;
      return true;
    },
    close: async () => {
      db.close();
      await lock?.release();
    },
  };
}
