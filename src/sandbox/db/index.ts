// Opening a sandbox database: pragmas, the schema, and the fixed accounts and OAuth clients.
import { SCHEMA, SCHEMA_VERSION } from './schema.js';
import { seedFixtures } from './accounts.js';
import { makeFilePrivate } from '../../util/private-file.js';
import { openSqlite, type SqliteDatabase } from '../../util/sqlite.js';

export type SandboxDatabase = SqliteDatabase;

/** `path`: a file, or ':memory:'. */
export function openDatabase({ path, now = new Date() }: { path: string; now?: Date }): SandboxDatabase {
  // The database and its journals hold personal data (SQLite gives the journals the database's mode).
  if (path !== ':memory:') makeFilePrivate(path, [`${path}-wal`, `${path}-shm`]);
  const db = openSqlite(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version === 0) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  } else if (version !== SCHEMA_VERSION) {
    // Versions 1–4 were development builds' only: such a file is refused, not upgraded.
    db.close();
    throw new Error(`${path} holds a sandbox database of schema ${version}, not ${SCHEMA_VERSION}; delete it to start afresh`);
  }
  seedFixtures(db, now);
  return db;
}
