import { createHash } from 'node:crypto';

/** md5 of `text` (UTF-8) in lower-case hex: how a booking return proves the booking key. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}
