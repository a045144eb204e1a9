// The return's code is md5 of the key the booking was posted with (with --quirks an access token
// may stand in for the booking key), so each booking remembers that md5, never the key itself.
// Bookings from before it have none and are signed with the account's booking key.
import type { Migration } from './index.js';

export const bookingKeyMd5: Migration = {
  version: 5,
  name: 'booking-key-md5',
  sql: `
ALTER TABLE bookings ADD COLUMN key_md5 TEXT;
`,
};
