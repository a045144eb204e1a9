// Indexes for the rows the read endpoints select: get-report counts each ticket's cancelled
// attendees (without attendees(ticket_id) it scanned every attendee of the database once per
// ticket), and the Publisher API lists and searches the published events of a visibility.
import type { Migration } from './index.js';

export const readIndexes: Migration = {
  version: 3,
  name: 'read-indexes',
  sql: `
CREATE INDEX attendees_ticket_status ON attendees(ticket_id, status);
CREATE INDEX events_listed ON events(status, event_type, category);
`,
};
