// The destination's tables (docs/sync.md "Schema"), created or migrated by every run. Each
// migration runs once, in order, in one transaction with the version it brings the schema to;
// boxoffice_sync_meta holds that version.
import { UsageError } from '../client/errors.js';
import { FIXED_COLUMNS } from '../export/flatten.js';
import { upsert, type Dialect, type SyncDatabase } from './destination.js';

/** The table column of a field (an export column, a state field): its name in snake case, orderNo → order_no. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const fixedColumnsDdl = FIXED_COLUMNS.map((column) => `  ${columnOf(column)} TEXT NOT NULL,`).join('\n');

const serialKey = (dialect: Dialect): string => (dialect === 'postgres' ? 'BIGSERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT');

/** Migrations by the version they bring the schema to (index 0 → version 1). */
const MIGRATIONS: readonly ((dialect: Dialect) => string[])[] = [
  (dialect) => [
    `CREATE TABLE boxoffice_attendees (
  event_id TEXT NOT NULL,
  attendee_key TEXT NOT NULL,
${fixedColumnsDdl}
  answers TEXT NOT NULL,
  cancelled INTEGER NOT NULL,
  removed_at TEXT,
  first_seen TEXT NOT NULL,
  last_changed TEXT NOT NULL,
  seen_pass BIGINT NOT NULL,
  PRIMARY KEY (event_id, attendee_key)
)`,
    `CREATE INDEX boxoffice_attendees_order ON boxoffice_attendees (event_id, order_no)`,
    `CREATE TABLE boxoffice_sync_outbox (
  id ${serialKey(dialect)},
  idempotency_key TEXT NOT NULL UNIQUE,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  attendee_key TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  body TEXT NOT NULL
)`,
    `CREATE INDEX boxoffice_sync_outbox_event ON boxoffice_sync_outbox (event_id, id)`,
    `CREATE TABLE boxoffice_sync_cursors (
  sink TEXT NOT NULL,
  event_id TEXT NOT NULL,
  delivered_through BIGINT NOT NULL,
  PRIMARY KEY (sink, event_id)
)`,
    `CREATE TABLE boxoffice_sync_state (
  event_id TEXT PRIMARY KEY,
  list_order TEXT NOT NULL,
  orders_in_list BIGINT NOT NULL,
  pass_no BIGINT NOT NULL,
  pass_next_record BIGINT,
  pass_orders BIGINT NOT NULL,
  pass_first_date TEXT,
  pass_last_date TEXT,
  pass_started_at TEXT,
  last_full_at TEXT,
  updated_at TEXT NOT NULL
)`,
  ],
  () => [
    `CREATE TABLE boxoffice_sync_sources (
  event_id TEXT PRIMARY KEY,
  service TEXT NOT NULL,
  account TEXT NOT NULL,
  recorded_at TEXT NOT NULL
)`,
  ],
  () => [`ALTER TABLE boxoffice_sync_state ADD COLUMN list_counting TEXT NOT NULL DEFAULT 'unknown'`],
];

const SCHEMA_VERSION = MIGRATIONS.length;

export async function migrate(db: SyncDatabase): Promise<void> {
  await db.run(`CREATE TABLE IF NOT EXISTS boxoffice_sync_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  await db.transaction(async () => {
    const [row] = await db.all<{ value: string }>(`SELECT value FROM boxoffice_sync_meta WHERE name = 'schema_version'`);
    const version = row === undefined ? 0 : Number(row.value);
    if (version > SCHEMA_VERSION) {
      throw new UsageError(
        `--to ${db.label}: its schema is version ${version}, newer than this boxoffice knows (${SCHEMA_VERSION}); upgrade boxoffice`,
        '--to',
      );
    }
    for (let next = version; next < SCHEMA_VERSION; next += 1) {
      for (const statement of MIGRATIONS[next](db.dialect)) await db.run(statement);
    }
    if (version !== SCHEMA_VERSION) await writeMeta(db, 'schema_version', String(SCHEMA_VERSION));
  });
}

export async function readMeta(db: SyncDatabase, name: string): Promise<string | undefined> {
  const [row] = await db.all<{ value: string }>(`SELECT value FROM boxoffice_sync_meta WHERE name = ?`, [name]);
  return row?.value;
}

export async function writeMeta(db: SyncDatabase, name: string, value: string): Promise<void> {
  await upsert(db, 'boxoffice_sync_meta', ['name'], { name, value });
}
