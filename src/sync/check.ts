// `attendees sync --check`: a full read of the list compared with the destination, nothing written:
// rows missing (or held as removed), different (by field), or extra (no longer in the list).
import { attendeeBatches, type FetchAttendeeBatch } from '../client/paginate.js';
import type { AttendeeRecord } from '../client/schemas/index.js';
import { errorEndsAttendeeList } from '../export/export-attendees.js';
import type { SyncDatabase } from './destination.js';
import { answersText, rowsOfRecord, type AttendeeState } from './rows.js';
import { presentRows, rowsOfOrders } from './store.js';

export interface Difference {
  kind: 'missing' | 'different' | 'extra';
  attendeeKey: string;
  /** For `different`: the fields that differ, with the destination's value and the list's. */
  fields?: Record<string, { destination: string; list: string }>;
}

export interface CheckEnvironment {
  db: SyncDatabase;
  fetchBatch: FetchAttendeeBatch<AttendeeRecord>;
  signal: AbortSignal;
  report(difference: Difference): void;
}

function flatFields(state: AttendeeState): Record<string, string> {
  const { answers, ...fixed } = state;
  return { ...fixed, answers: answersText(answers) };
}

function differingFields(stored: AttendeeState, listed: AttendeeState): Difference['fields'] {
  const a = flatFields(stored);
  const b = flatFields(listed);
  const fields: NonNullable<Difference['fields']> = {};
  for (const name of Object.keys(b)) if (a[name] !== b[name]) fields[name] = { destination: a[name] ?? '', list: b[name] };
  return Object.keys(fields).length === 0 ? undefined : fields;
}

export async function compareDestinationWithList(eventId: string, env: CheckEnvironment): Promise<{ rows: number; reads: number; differences: number }> {
  const seenOrders = new Set<string>();
  const seen = new Set<string>();
  let reads = 0;
  let differences = 0;
  const report = (difference: Difference): void => {
    differences += 1;
    env.report(difference);
  };
  const counted: FetchAttendeeBatch<AttendeeRecord> = (range, signal, answered) => {
    reads += 1;
    return env.fetchBatch(range, signal, answered);
  };
  for await (const batch of attendeeBatches(counted, { eventId, isEndOfList: errorEndsAttendeeList, signal: env.signal })) {
    const fresh = batch.records.filter((record) => !seenOrders.has(String(record.orderNo)));
    const orderNos = fresh.map((record) => String(record.orderNo));
    const stored = await rowsOfOrders(env.db, eventId, orderNos);
    const storedByKey = new Map(stored.map((row) => [row.key, row]));
    for (const record of fresh) {
      seenOrders.add(String(record.orderNo));
      for (const { key, state } of rowsOfRecord(record)) {
        seen.add(key);
        const row = storedByKey.get(key);
        if (!row || row.removed) report({ kind: 'missing', attendeeKey: key });
        else {
          const fields = differingFields(row.state, state);
          if (fields) report({ kind: 'different', attendeeKey: key, fields });
        }
      }
    }
  }
  for (let after = ''; ; ) {
    const page = await presentRows(env.db, eventId, after, 1000);
    if (page.length === 0) break;
    for (const row of page) if (!seen.has(row.key)) report({ kind: 'extra', attendeeKey: row.key });
    after = page[page.length - 1].key;
  }
  return { rows: seen.size, reads, differences };
}
