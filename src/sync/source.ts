// What a destination mirrors: for each event, the service (the API base URL) and the account the
// event belongs to, recorded by its first run. A run against another service, for any event, is
// refused before anything is read or written, so that a job pointed at the wrong profile cannot
// fold a second service's list into the first one's table.
import { UsageError } from '../client/errors.js';
import type { SyncDatabase } from './destination.js';

interface SyncSource {
  eventId: string;
  /** The API base URL, as serviceOf writes it. */
  service: string;
  account: string;
}

/** The API base URL as recorded and compared: scheme, host, port and path, no trailing slash. */
export function serviceOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

function describeSource(source: SyncSource): string {
  return `event ${source.eventId} of ${source.service} (account ${source.account})`;
}

export interface SourceCheck {
  eventId: string;
  service: string;
  /** Whether a missing record is written now (false for --check, which writes nothing). */
  record: boolean;
  /** Asked of the service only when the record is written. */
  readAccount(): Promise<string>;
  now: string;
  notice(line: string): void;
  /** The flag that named the destination (`checkin` and `insights` name it --db). */
  flag?: '--to' | '--db';
}

/** Refuses a run whose service is not the one the destination mirrors; returns the sources recorded. */
export async function refuseOtherService(db: SyncDatabase, check: Pick<SourceCheck, 'eventId' | 'service' | 'flag'>): Promise<SyncSource[]> {
  const sources = await db.all<SyncSource>(`SELECT event_id AS "eventId", service, account FROM boxoffice_sync_sources ORDER BY event_id`);
  const other = sources.find((source) => source.service !== check.service);
  if (other === undefined) return sources;
  const flag = check.flag ?? '--to';
  const fresh = db.dialect === 'postgres' ? '--to postgres://…/ANOTHER_DATABASE' : '--to ANOTHER.db';
  throw new UsageError(
    `${flag} ${db.label}: mirrors ${describeSource(other)}, and this run reads event ${check.eventId} of ${check.service}; ` +
      `sync another service into a new destination (${fresh})`,
    flag,
  );
}

/** Refuses a run of another service; records this event's source when the destination has none for it yet. */
export async function checkSource(db: SyncDatabase, check: SourceCheck): Promise<void> {
  const sources = await refuseOtherService(db, check);
  if (!check.record || sources.some((source) => source.eventId === check.eventId)) return;
  const source: SyncSource = { eventId: check.eventId, service: check.service, account: await check.readAccount() };
  const sql = `INSERT INTO boxoffice_sync_sources (event_id, service, account, recorded_at) VALUES (?, ?, ?, ?)`;
  await db.transaction(() => db.run(sql, [source.eventId, source.service, source.account, check.now]));
  check.notice(`${db.label} mirrors ${describeSource(source)} (recorded once; the account took 1 read, get event)`);
}
