// Opening a sandbox database: pragmas, migrations, and the fixed accounts and OAuth client.
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { MIGRATIONS } from './migrations/index.js';
import { seedFixtures } from './accounts.js';
import { openSqlite, type SqliteDatabase } from '../../util/sqlite.js';

export type SandboxDatabase = SqliteDatabase;

export interface OpenDatabaseOptions {
  /** A file path, or ':memory:'. */
  path: string;
  now?: Date;
}

/** The database and its journal files hold personal data: owner only (SQLite gives the journals the database's mode). */
function makePrivate(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

export function openDatabase({ path, now = new Date() }: OpenDatabaseOptions): SandboxDatabase {
  if (path !== ':memory:') makePrivate(path);
  const db = openSqlite(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  seedFixtures(db, now);
  return db;
}

function migrate(db: SandboxDatabase): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
