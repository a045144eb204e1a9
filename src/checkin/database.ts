// The door's database: the destination `attendees sync` fills (a SQLite file or a postgres:// URL),
// opened through the sync's drivers, with the check-in table beside the synced attendees
// (docs/checkin.md "Tables"). Its primary key (event, attendee) is what makes a second door's scan
// "already in", whichever process or machine it comes from.
import { existsSync } from 'node:fs';
import { UsageError } from '../client/errors.js';
import { openDestination, type SyncDatabase } from '../sync/destination.js';
import { NotSyncedError } from './refused.js';

const CHECKIN_TABLES = [
  `CREATE TABLE IF NOT EXISTS boxoffice_checkins (
  event_id TEXT NOT NULL,
  attendee_key TEXT NOT NULL,
  checked_in_at TEXT NOT NULL,
  door TEXT NOT NULL,
  PRIMARY KEY (event_id, attendee_key)
)`,
  // "Undo the last check-in at this door".
  `CREATE INDEX IF NOT EXISTS boxoffice_checkins_door ON boxoffice_checkins (event_id, door, checked_in_at)`,
  // A scan looks attendees up by ticket number; the sync's table is indexed by order number only.
  `CREATE INDEX IF NOT EXISTS boxoffice_checkins_ticket_no ON boxoffice_attendees (event_id, ticket_no)`,
];

export async function hasTable(db: SyncDatabase, table: string): Promise<boolean> {
  const sql = db.dialect === 'postgres' ? `SELECT to_regclass(?)::text AS found` : `SELECT name AS found FROM sqlite_master WHERE type = 'table' AND name = ?`;
  const [row] = await db.all<{ found: string | null }>(sql, [table]);
  return row !== undefined && row.found !== null;
}

/**
 * Refuses a database without the event's synced list (a SQLite file that is not there is not
 * created). A door creates the check-in table where it is missing, in one transaction: two doors
 * starting at once on one PostgreSQL would otherwise race to create it; a reader of the arrivals
 * (insights) creates nothing.
 */
export async function openCheckinDatabase(destination: string, eventId: string, use: 'door' | 'read' = 'door'): Promise<SyncDatabase> {
  if (!/^postgres(ql)?:\/\//i.test(destination)) {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(destination)?.[1];
    if (scheme !== undefined) throw new UsageError(`--db: expected a SQLite file path or a postgres:// URL, not a ${scheme}:// address`, '--db');
    if (!existsSync(destination)) throw new NotSyncedError(`--db ${destination}: no such file`, eventId, destination);
  }
  const db = await openDestination(destination);
  try {
    const synced =
      (await hasTable(db, 'boxoffice_sync_state')) &&
      (await db.all<{ event_id: string }>(`SELECT event_id FROM boxoffice_sync_state WHERE event_id = ?`, [eventId])).length > 0;
    if (!synced) throw new NotSyncedError(`--db ${db.label}: holds no synced attendee list of event ${eventId}`, eventId, db.label);
    if (use === 'door') {
      await db.transaction(async () => {
        for (const statement of CHECKIN_TABLES) await db.run(statement);
      });
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
