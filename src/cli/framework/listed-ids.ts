// The ids the CLI last listed, for shell completion: `event list` writes the event ids and
// `ticket list EVENT_ID` that event's ticket ids, one a line, into the config directory
// (`listed/events`, `listed/tickets-EVENT_ID`), so that TAB offers them without a request: the
// completion scripts read these files (scripts.ts). Best effort: a list is never failed by them.
// The file helpers (node:fs/promises, node:crypto) load when a list is written, not with the
// command group: `event --help` must not pay for them (test/bench/bundle-parts.test.ts).
import { join } from 'node:path';
import { createPrivateDirectory } from '../../util/private-file.js';
import { configDirectory } from '../../session/config/store.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The directory of the lists, under the config directory. */
export const LISTED_DIRECTORY = 'listed';

/** The file of `kind`'s ids: the events, or the tickets of one event. */
function listedFileName(kind: 'events' | 'tickets', eventId?: string): string {
  return kind === 'events' ? 'events' : `tickets-${eventId ?? ''}`;
}

/** Writes the ids just listed (ids that are words only: they are read back by shells). */
export async function rememberListed(env: Env, kind: 'events' | 'tickets', ids: readonly string[], eventId?: string): Promise<void> {
  if (kind === 'tickets' && !/^[\w-]+$/.test(eventId ?? '')) return;
  try {
    const { writeFileAtomically } = await import('../../util/atomic-file.js');
    const directory = join(configDirectory(env), LISTED_DIRECTORY);
    createPrivateDirectory(directory);
    const words = ids.filter((id) => /^[\w-]+$/.test(id));
    await writeFileAtomically(join(directory, listedFileName(kind, eventId)), words.map((id) => `${id}\n`).join(''));
  } catch {
    // Completion is a convenience: a config directory that cannot be written leaves the list as it was.
  }
}
