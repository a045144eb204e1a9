// md5 hex of UTF-8 text: the code of a booking return (of the booking key, or of the access token
// on the live service), which the sandbox writes and src/bookings checks.
import { createHash } from 'node:crypto';

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}
