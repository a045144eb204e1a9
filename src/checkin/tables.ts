// The check-in table, beside the synced attendees (boxoffice_attendees, kept by `attendees sync`)
// in the organizer's own database (docs/checkin.md "Tables"). An attendee is let in once: the
// primary key (event, attendee) is what makes a second door's scan "already in", whichever
// process or machine it comes from.
import { UsageError } from '../client/errors.js';
import type { SyncDatabase } from '../sync/destination.js';

const STATEMENTS = [
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
  const rows =
    db.dialect === 'postgres'
      ? await db.all<{ found: string | null }>(`SELECT to_regclass(?)::text AS found`, [table])
      : await db.all<{ found: string | null }>(`SELECT name AS found FROM sqlite_master WHERE type = 'table' AND name = ?`, [table]);
  return rows[0]?.found !== null && rows[0]?.found !== undefined;
}

/** The command that fills `label` with the event's attendees, for messages. */
export function syncCommand(eventId: string, label: string): string {
  return `boxoffice attendees sync ${eventId} --to ${label}`;
}

/** Refuses a database that holds no synced attendee list of the event (nobody to let in, or count). */
export async function assertSynced(db: SyncDatabase, eventId: string): Promise<void> {
  const synced =
    (await hasTable(db, 'boxoffice_sync_state')) &&
    (await db.all<{ event_id: string }>(`SELECT event_id FROM boxoffice_sync_state WHERE event_id = ?`, [eventId])).length > 0;
  if (!synced) {
    throw new UsageError(`--db ${db.label}: holds no synced attendee list of event ${eventId}; run ${syncCommand(eventId, db.label)} first`, '--db');
  }
}

/**
 * Refuses a database that holds no synced attendee list of the event, then creates the check-in
 * table where it is missing. Run in one transaction: two doors starting at once on one
 * PostgreSQL would otherwise race to create it.
 */
export async function prepareCheckinTables(db: SyncDatabase, eventId: string): Promise<void> {
  await assertSynced(db, eventId);
  await db.transaction(async () => {
    for (const statement of STATEMENTS) await db.run(statement);
  });
}
