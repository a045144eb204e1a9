// What the verbs of `boxoffice bookings` share: where the booking key comes from. A key given
// as an argument is visible to every user's `ps` while the command runs, so the environment
// (BOXOFFICE_BOOKING_KEY, laid into the profile by the session), a file or standard input is
// preferred; `--booking-key` still works, and the command line is then hidden at once.
import { UsageError } from '../../../client/errors.js';
import type { Deps } from '../../deps.js';
import { readAllStdin, readFlagFile } from '../../stdin.js';

export const BOOKING_KEY_FILE_HELP = 'read the booking key from FILE (- for standard input)';

export interface BookingKeySources {
  /** --booking-key */
  flag?: string;
  /** --booking-key-file */
  file?: string;
  /** BOXOFFICE_BOOKING_KEY, else the profile's bookingKey. */
  fromProfile?: string;
}

/** The first key given: --booking-key, --booking-key-file, then the environment or profile. */
export async function resolveBookingKey(sources: BookingKeySources, deps: Deps): Promise<string> {
  if (sources.flag !== undefined && sources.file !== undefined) {
    throw new UsageError('give the booking key once: --booking-key or --booking-key-file, not both', '--booking-key-file');
  }
  if (sources.flag !== undefined) deps.hideArguments?.();
  const fromFile =
    sources.file === undefined
      ? undefined
      : (sources.file === '-' ? await readAllStdin(deps.io) : await readFlagFile(sources.file, '--booking-key-file')).trim();
  if (sources.file !== undefined && fromFile === '') {
    throw new UsageError(`--booking-key-file ${sources.file}: empty`, '--booking-key-file');
  }
  const key = [sources.flag, fromFile, sources.fromProfile].find((value) => value !== undefined && value.trim() !== '');
  if (key === undefined) {
    throw new UsageError('a booking key is required: BOXOFFICE_BOOKING_KEY, --booking-key-file FILE, or boxoffice config set bookingKey …', '--booking-key');
  }
  return key.trim();
}
