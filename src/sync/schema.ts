// The destination's tables (docs/sync.md "Schema"), migrated by every run: each migration once, in
// order, in one transaction with the version (in boxoffice_sync_meta) it brings the schema to.
import { NewerSchemaError } from '../client/errors.js';
import { FIXED_COLUMNS } from '../export/flatten.js';
import { columnOf, fixedColumnsDdl, JSON_COLUMNS, SQL_TYPES, typedColumns } from './columns.js';
import { upsertRows, type Dialect, type SqlValue, type SyncDatabase } from './destination.js';
import type { AttendeeState } from './rows.js';

/** A step of a migration: a statement, or work on the rows. */
type Step = string | ((db: SyncDatabase) => Promise<void>);

/** The typed attendee table (version 4 on), the view of who is coming, and their index. */
const typedAttendees = (dialect: Dialect): string[] => [
  `CREATE TABLE boxoffice_attendees (
  event_id TEXT NOT NULL,
  attendee_key TEXT NOT NULL,
${fixedColumnsDdl(dialect)}
  answers ${SQL_TYPES.json[dialect]} NOT NULL,
  as_sent ${SQL_TYPES.json[dialect]},
  cancelled ${SQL_TYPES.flag[dialect]} NOT NULL,
  removed_at ${SQL_TYPES.instant[dialect]},
  first_seen ${SQL_TYPES.instant[dialect]} NOT NULL,
  last_changed ${SQL_TYPES.instant[dialect]} NOT NULL,
  seen_pass BIGINT NOT NULL,
  PRIMARY KEY (event_id, attendee_key)
)`,
  `CREATE INDEX boxoffice_attendees_order ON boxoffice_attendees (event_id, order_no)`,
  `CREATE VIEW boxoffice_attendees_coming AS
SELECT event_id, attendee_key, ${FIXED_COLUMNS.map(columnOf).join(', ')}, answers, first_seen, last_changed
FROM boxoffice_attendees WHERE removed_at IS NULL AND NOT cancelled`,
];

/**
 * Version 3's all-text rows into the typed table, 500 at a time, with their bookkeeping as it
 * was. Their purchase dates' zone is not known: purchase_date stays NULL (the text is kept in
 * as_sent) until the next read of the row places it.
 */
async function copyTextRows(db: SyncDatabase): Promise<void> {
  const columns = `event_id, attendee_key, ${FIXED_COLUMNS.map(columnOf).join(', ')}, answers, cancelled, removed_at, first_seen, last_changed, seen_pass`;
  for (let after = ['', '']; ; ) {
    const rows = await db.all<Record<string, string>>(
      `SELECT ${columns} FROM boxoffice_attendees_text WHERE event_id > ? OR (event_id = ? AND attendee_key > ?) ORDER BY event_id, attendee_key LIMIT 500`,
      [after[0], after[0], after[1]],
    );
    if (rows.length === 0) return;
    const typed = rows.map((row): Record<string, SqlValue> => {
      const fixed = Object.fromEntries(FIXED_COLUMNS.map((column) => [column, row[columnOf(column)]]));
      const state = { ...fixed, answers: JSON.parse(row.answers) } as AttendeeState;
      const { event_id, attendee_key, cancelled, removed_at, first_seen, last_changed, seen_pass } = row;
      return { event_id, attendee_key, ...typedColumns(state, null), cancelled, removed_at, first_seen, last_changed, seen_pass };
    });
    await upsertRows(db, 'boxoffice_attendees', [], typed, [], JSON_COLUMNS);
    after = [rows[rows.length - 1].event_id, rows[rows.length - 1].attendee_key];
  }
}

/** Migrations by the version they bring the schema to (index 0 → version 1). */
const MIGRATIONS: readonly ((dialect: Dialect) => Step[])[] = [
  (dialect) => [
    `CREATE TABLE boxoffice_attendees (
  event_id TEXT NOT NULL,
  attendee_key TEXT NOT NULL,
${FIXED_COLUMNS.map((column) => `  ${columnOf(column)} TEXT NOT NULL,`).join('\n')}
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
  id ${dialect === 'postgres' ? 'BIGSERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT'},
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
  (dialect) => [
    `ALTER TABLE boxoffice_attendees RENAME TO boxoffice_attendees_text`,
    // The old table's indexes (the check-in's included, which a door creates again) go with it.
    `DROP INDEX boxoffice_attendees_order`,
    ...typedAttendees(dialect),
    copyTextRows,
    `DROP TABLE boxoffice_attendees_text`,
  ],
];

const SCHEMA_VERSION = MIGRATIONS.length;

export async function migrate(db: SyncDatabase): Promise<void> {
  await db.run(`CREATE TABLE IF NOT EXISTS boxoffice_sync_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  await db.transaction(async () => {
    const [row] = await db.all<{ value: string }>(`SELECT value FROM boxoffice_sync_meta WHERE name = 'schema_version'`);
    const version = row === undefined ? 0 : Number(row.value);
    if (version > SCHEMA_VERSION) throw new NewerSchemaError(db.label, version, SCHEMA_VERSION);
    for (let next = version; next < SCHEMA_VERSION; next += 1) {
      for (const step of MIGRATIONS[next](db.dialect)) await (typeof step === 'string' ? db.run(step) : step(db));
    }
    if (version !== SCHEMA_VERSION) await writeMeta(db, 'schema_version', String(SCHEMA_VERSION));
  });
}

export async function readMeta(db: SyncDatabase, name: string): Promise<string | undefined> {
  const [row] = await db.all<{ value: string }>(`SELECT value FROM boxoffice_sync_meta WHERE name = ?`, [name]);
  return row?.value;
}

export async function writeMeta(db: SyncDatabase, name: string, value: string): Promise<void> {
  await upsertRows(db, 'boxoffice_sync_meta', ['name'], [{ name, value }]);
}
