// Indexes for the sweeps over unfinished rows: releasing expired orders selects the generated and
// pending orders created before a time, and pruning pending bookings keeps the newest initiated
// bookings of the whole sandbox (without these both scanned every order or booking).
import type { Migration } from './index.js';

export const pendingIndexes: Migration = {
  version: 4,
  name: 'pending-indexes',
  sql: `
CREATE INDEX orders_status_created ON orders(status, created_at);
CREATE INDEX orders_event_status ON orders(event_id, status);
CREATE INDEX bookings_status ON bookings(status);
`,
};
