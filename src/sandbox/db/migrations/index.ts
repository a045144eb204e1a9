// Numbered migrations, applied in order inside one transaction each; `PRAGMA user_version` holds
// the last one applied. To add one: append it to MIGRATIONS with the next version.
import { initialSchema } from './001-initial.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  {
    // Codes and the tokens they produced are linked, so that a code presented twice revokes what
    // it gave (RFC 6749 §4.1.2); a public client (its secret is published: the CLI's) must use PKCE.
    version: 2,
    name: 'oauth-hardening',
    sql: `
ALTER TABLE access_tokens ADD COLUMN auth_code_hash TEXT;
CREATE INDEX access_tokens_auth_code ON access_tokens(auth_code_hash) WHERE auth_code_hash IS NOT NULL;

-- 1: the client's secret is public (a native app), so a code is exchanged only with PKCE (RFC 7636)
ALTER TABLE oauth_clients ADD COLUMN public_client INTEGER NOT NULL DEFAULT 0;
UPDATE oauth_clients SET public_client = 1 WHERE allows_loopback = 1;
`,
  },
  {
    // get-report counts each ticket's cancelled attendees (without attendees(ticket_id) it scanned
    // every attendee of the database once per ticket), and the Publisher API lists and searches
    // the published events of a visibility.
    version: 3,
    name: 'read-indexes',
    sql: `
CREATE INDEX attendees_ticket_status ON attendees(ticket_id, status);
CREATE INDEX events_listed ON events(status, event_type, category);
`,
  },
  {
    // Releasing expired orders selects the generated and pending orders created before a time, and
    // pruning pending bookings keeps the newest initiated bookings of the whole sandbox (without
    // these both scanned every order or booking).
    version: 4,
    name: 'pending-indexes',
    sql: `
CREATE INDEX orders_status_created ON orders(status, created_at);
CREATE INDEX orders_event_status ON orders(event_id, status);
CREATE INDEX bookings_status ON bookings(status);
`,
  },
  {
    // The return's code is md5 of the key the booking was posted with (with --quirks an access
    // token may stand in for the booking key), so each booking remembers that md5, never the key
    // itself. Bookings from before it have none and are signed with the account's booking key.
    version: 5,
    name: 'booking-key-md5',
    sql: `ALTER TABLE bookings ADD COLUMN key_md5 TEXT;`,
  },
];
