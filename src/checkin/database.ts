// The door's database: the destination `attendees sync` fills (a SQLite file or a postgres://
// URL), opened through the sync's own drivers. A SQLite file that is not there is refused rather
// than created: the door needs the synced list first. A reader of the arrivals (insights) opens it
// as it is, creating nothing.
import { existsSync } from 'node:fs';
import { UsageError } from '../client/errors.js';
import { openDestination, type SyncDatabase } from '../sync/destination.js';
import { assertSynced, prepareCheckinTables, syncCommand } from './tables.js';

export async function openCheckinDatabase(destination: string, eventId: string, use: 'door' | 'read' = 'door'): Promise<SyncDatabase> {
  if (!/^postgres(ql)?:\/\//i.test(destination)) {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(destination)?.[1];
    if (scheme !== undefined) throw new UsageError(`--db: expected a SQLite file path or a postgres:// URL, not a ${scheme}:// address`, '--db');
    if (!existsSync(destination)) {
      throw new UsageError(`--db ${destination}: no such file; run ${syncCommand(eventId, destination)} first`, '--db');
    }
  }
  const db = await openDestination(destination);
  try {
    await (use === 'door' ? prepareCheckinTables(db, eventId) : assertSynced(db, eventId));
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
