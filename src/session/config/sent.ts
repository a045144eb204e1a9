// sent.json: what each profile last sent for the fields the service never returns (a discount, a
// ticket's serviceFee), which an update sends again. Older versions kept them in config.json.
import { join } from 'node:path';
import type { SentStore } from '../../apply/plan.js';
import type { FieldValues } from '../../client/fields/read-back.js';
import { BoxofficeError } from '../../client/errors.js';
import type { LockHolder } from '../../util/file-lock.js';
import { createPrivateDirectory } from '../../util/private-file.js';
import { readStoredConfig, type ConfigStore } from './store.js';
import { assertOnlyYours } from './trust.js';

/** One profile's records, each keyed by `${eventId}:${recordId}`. */
export interface SentMemory {
  tickets?: Record<string, FieldValues>;
  discounts?: Record<string, FieldValues>;
}

export type SentByProfile = Record<string, SentMemory>;

const SENT_LOCK_TIMEOUT_MS = 10_000;

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
  const path = join(config.directory, 'sent.json');
  assertOnlyYours(path, 'file');
  let profiles = readSentFile(path);
  // Read, changed and written under sent.json's lock: two runs at once (eight `ticket add` in
  // parallel) would otherwise each write back what it read, losing the other's record. Loaded on
  // a write: node:crypto and node:fs/promises are not for a verb's --help.
  const update = async (change: (read: SentByProfile) => SentByProfile) => {
    createPrivateDirectory(config.directory);
    const [{ writeFileAtomically }, { describeHolder, lockPathFor, withFileLock }] = await Promise.all([
      import('../../util/atomic-file.js'),
      import('../../util/file-lock.js'),
    ]);
    const lock = lockPathFor(path);
    const busy = (holder: LockHolder | undefined) =>
      new BoxofficeError(
        `${path} has been written by another boxoffice run (${describeHolder(holder)}) for ${SENT_LOCK_TIMEOUT_MS / 1000} s; this write was not recorded there. If that process is gone, delete ${lock}`,
      );
    await withFileLock(lock, SENT_LOCK_TIMEOUT_MS, busy, async () => {
      profiles = change(readSentFile(path));
      await writeFileAtomically(path, `${JSON.stringify({ profiles }, null, 2)}\n`);
    });
  };
  const legacy = config.sentInProfiles();
  if (legacy !== undefined) {
    // Written here before it leaves config.json: a crash between the two loses nothing.
    await update((read) => merged(legacy, read));
    await config.dropSentFromProfiles();
  }
  const key = (eventId: string, id: string) => `${eventId}:${id}`;
  return {
    recall: (kind, eventId, id) => profiles[profileName]?.[kind]?.[key(eventId, id)],
    remember: (kind, eventId, id, fields) =>
      update((read) => {
        const memory = read[profileName] ?? {};
        const records = memory[kind] ?? {};
        return { ...read, [profileName]: { ...memory, [kind]: { ...records, [key(eventId, id)]: { ...records[key(eventId, id)], ...fields } } } };
      }),
  };
}
