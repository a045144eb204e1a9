// The ids `event list` and `ticket list EVENT_ID` last listed, for the completion scripts to offer
// without a request (`listed/events`, `listed/tickets-EVENT_ID` in the config directory). The file
// helpers load when a list is written: `event --help` must not pay for them (bundle-parts.test.ts).
import { join } from 'node:path';
import { createPrivateDirectory } from '../../util/private-file.js';
import { configDirectory } from '../../session/config/store.js';

export const LISTED_DIRECTORY = 'listed';

/** Writes the ids just listed (ids that are words only: they are read back by shells). */
export async function rememberListed(
  env: Readonly<Record<string, string | undefined>>,
  kind: 'events' | 'tickets',
  ids: readonly string[],
  eventId?: string,
): Promise<void> {
  if (kind === 'tickets' && !/^[\w-]+$/.test(eventId ?? '')) return;
  try {
    const { writeFileAtomically } = await import('../../util/atomic-file.js');
    const directory = join(configDirectory(env), LISTED_DIRECTORY);
    createPrivateDirectory(directory);
    const words = ids.filter((id) => /^[\w-]+$/.test(id));
    await writeFileAtomically(join(directory, kind === 'events' ? 'events' : `tickets-${eventId}`), words.map((id) => `${id}\n`).join(''));
  } catch {
    // Completion is a convenience: a config directory that cannot be written leaves the list as it was.
  }
}
