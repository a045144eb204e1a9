// What each profile last sent for a ticket or discount, for the fields the service never returns
// (a discount, a ticket's serviceFee): an update sends them again. Kept in sent.json beside the
// profiles' config.json, owner-only and replaced atomically; the records an older version kept
// in config.json (each profile's `sent`) move here when the records are first read.
import { join } from 'node:path';
import type { SentStore } from '../../apply/plan.js';
import type { FieldValues } from '../../client/fields/read-back.js';
import { createPrivateDirectory } from '../../util/private-file.js';
import { readStoredConfig, type ConfigStore } from './store.js';
import { assertOnlyYours } from './trust.js';

/** One profile's records, each keyed by `${eventId}:${recordId}`. */
export interface SentMemory {
  tickets?: Record<string, FieldValues>;
  discounts?: Record<string, FieldValues>;
}

/** The profiles' records by profile name. */
export type SentByProfile = Record<string, SentMemory>;

const SENT_FILE_NAME = 'sent.json';

/** The records in sent.json, by profile. */
function readSentFile(path: string): SentByProfile {
  return (readStoredConfig(path).profiles as SentByProfile | undefined) ?? {};
}

/** `over`'s records laid over `under`'s, record by record. */
function merged(under: SentByProfile, over: SentByProfile): SentByProfile {
  const result: SentByProfile = { ...under };
  for (const [name, memory] of Object.entries(over)) {
    const base = result[name] ?? {};
    result[name] = { tickets: { ...base.tickets, ...memory.tickets }, discounts: { ...base.discounts, ...memory.discounts } };
  }
  return result;
}

/** The records of `profileName`, from sent.json (after moving in what config.json still holds). */
export async function openSentStore(config: ConfigStore, profileName: string): Promise<SentStore> {
  const path = join(config.directory, SENT_FILE_NAME);
  assertOnlyYours(path, 'file');
  let profiles = readSentFile(path);
  const save = async () => {
    createPrivateDirectory(config.directory);
    // Loaded on a write: its node:crypto and node:fs/promises are not for a verb's --help.
    const { writeFileAtomically } = await import('../../util/atomic-file.js');
    return writeFileAtomically(path, `${JSON.stringify({ profiles }, null, 2)}\n`);
  };
  const legacy = config.sentInProfiles();
  if (legacy !== undefined) {
    // Written here before it leaves config.json: a crash between the two loses nothing.
    profiles = merged(legacy, profiles);
    await save();
    await config.dropSentFromProfiles();
  }
  const key = (eventId: string, id: string) => `${eventId}:${id}`;
  return {
    recall: (kind, eventId, id) => profiles[profileName]?.[kind]?.[key(eventId, id)],
    remember: async (kind, eventId, id, fields) => {
      // Read again: another command may have written since.
      profiles = readSentFile(path);
      const memory = profiles[profileName] ?? {};
      const records = memory[kind] ?? {};
      profiles[profileName] = { ...memory, [kind]: { ...records, [key(eventId, id)]: { ...records[key(eventId, id)], ...fields } } };
      await save();
    },
  };
}
