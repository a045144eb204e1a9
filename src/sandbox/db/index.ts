// Opening a sandbox database: pragmas, migrations, and the fixed accounts and OAuth client.
import { MIGRATIONS } from './migrations/index.js';
import { seedFixtures } from './accounts.js';
import { makeFilePrivate } from '../../util/private-file.js';
import { openSqlite, type SqliteDatabase } from '../../util/sqlite.js';

export type SandboxDatabase = SqliteDatabase;

export interface OpenDatabaseOptions {
  /** A file path, or ':memory:'. */
  path: string;
  now?: Date;
}

export function openDatabase({ path, now = new Date() }: OpenDatabaseOptions): SandboxDatabase {
  // The database and its journals hold personal data (SQLite gives the journals the database's mode).
  if (path !== ':memory:') makeFilePrivate(path, [`${path}-wal`, `${path}-shm`]);
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
