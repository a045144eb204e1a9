// What the verbs of `boxoffice bookings` share: where the booking key comes from. A key given
// as an argument would be visible to every user's `ps` while the command runs, so it comes from
// the environment (BOXOFFICE_BOOKING_KEY, laid into the profile by the session), the profile, a
// file or standard input; the flag that took the key itself is refused, naming those.
import { Option } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../framework/context.js';
import type { Deps } from '../../../session/deps.js';
import { readAllStdin, readFlagFile } from '../../process/stdin.js';

export const BOOKING_KEY_FILE_HELP = 'read the booking key from FILE (- for standard input)';

/** Where a booking key can come from, as the messages name them. */
const BOOKING_KEY_SOURCES = 'BOXOFFICE_BOOKING_KEY, --booking-key-file FILE (- for standard input), or boxoffice config set bookingKey';

/** `--booking-key KEY` is gone: given anyway, it is refused (exit 2) before anything is read or sent, and the command line is hidden at once. */
export function removedBookingKeyFlag(context: CommandContext): Option {
  return new Option('--booking-key <key>').hideHelp().argParser(() => {
    context.deps.hideArguments?.();
    throw new UsageError(
      `--booking-key is not accepted: a key on the command line is visible to every user of this machine (ps); give it by ${BOOKING_KEY_SOURCES}`,
      '--booking-key',
    );
  });
}

/** The first key given: --booking-key-file, then BOXOFFICE_BOOKING_KEY or the profile's (`fromProfile`). */
export async function resolveBookingKey(sources: { file?: string; fromProfile?: string }, deps: Deps): Promise<string> {
  const fromFile =
    sources.file === undefined
      ? undefined
      : (sources.file === '-' ? await readAllStdin(deps.io) : await readFlagFile(sources.file, '--booking-key-file')).trim();
  if (sources.file !== undefined && fromFile === '') {
    throw new UsageError(`--booking-key-file ${sources.file}: empty`, '--booking-key-file');
  }
  const key = [fromFile, sources.fromProfile].find((value) => value !== undefined && value.trim() !== '');
  if (key === undefined) throw new UsageError(`a booking key is required: ${BOOKING_KEY_SOURCES} …`, '--booking-key-file');
  return key.trim();
}
