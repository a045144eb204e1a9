// Delivering the outbox: each sink (--json, --exec, --forward-to) has a cursor, the id of the last
// change it was given, moved after the change is handed over: a kill in between hands it over again
// with the same id, so a receiver that de-duplicates on the (signed) id sees every change once.
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { BoxofficeClient } from '../client/index.js';
import { BoxofficeError } from '../client/errors.js';
import { upsertRows, type SyncDatabase } from './destination.js';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signatureHeader } from './sign.js';
import type { Change } from './store.js';

const OUTBOX_PAGE = 200;
const FORWARD_ATTEMPTS = 6;
const FIRST_BACKOFF_MS = 1000;
const STAYS = 'it stays in the outbox and the next run sends it again';

class DeliveryError extends BoxofficeError {}

export interface Sink {
  /** What the cursor is kept under: json, exec:CMD, forward:URL. */
  id: string;
  /** The flag that names the feed, for the summary: --json, --exec, --forward-to. */
  flag: string;
  /** Hands the change over; resolves with how it was answered ("204", "exit 0"), nothing where the output is the record (--json). */
  deliver(change: Change, body: string): Promise<string | undefined>;
}

/** One feed's deliveries in a run, and the changes left in the outbox for it. */
export type FeedTally = Awaited<ReturnType<ReturnType<typeof deliveryRun>['tally']>>[number];

export function deliveryRun(
  db: SyncDatabase,
  eventId: string,
  sinks: readonly Sink[],
  signal: AbortSignal,
  onDelivered: (change: Change, answer: string) => void,
) {
  const counts = sinks.map(() => ({ delivered: 0, failed: 0 }));
  const cursorOf = async (sink: Sink): Promise<number> => {
    const sql = `SELECT delivered_through FROM boxoffice_sync_cursors WHERE sink = ? AND event_id = ?`;
    const [cursor] = await db.all<{ delivered_through: number }>(sql, [sink.id, eventId]);
    return cursor === undefined ? 0 : Number(cursor.delivered_through);
  };
  return {
    /** Delivers what the outbox holds for each feed, oldest first; a failed delivery stops the run. */
    async deliverPending(): Promise<void> {
      for (const [index, sink] of sinks.entries()) {
        let through = await cursorOf(sink);
        for (;;) {
          const page = await db.all<{ id: number; body: string }>(
            `SELECT id, body FROM boxoffice_sync_outbox WHERE event_id = ? AND id > ? ORDER BY id LIMIT ${OUTBOX_PAGE}`,
            [eventId, through],
          );
          if (page.length === 0) break;
          for (const row of page) {
            signal.throwIfAborted();
            const change = JSON.parse(row.body) as Change;
            const answer = await sink.deliver(change, row.body).catch((error: unknown) => {
              if (error instanceof DeliveryError) counts[index].failed += 1;
              throw error;
            });
            through = Number(row.id);
            await upsertRows(db, 'boxoffice_sync_cursors', ['sink', 'event_id'], [{ sink: sink.id, event_id: eventId, delivered_through: through }]);
            counts[index].delivered += 1;
            if (answer !== undefined) onDelivered(change, answer);
          }
        }
      }
    },
    tally: () =>
      Promise.all(
        sinks.map(async (sink, index) => {
          const sql = `SELECT COUNT(*) AS pending FROM boxoffice_sync_outbox WHERE event_id = ? AND id > ?`;
          const [left] = await db.all<{ pending: number }>(sql, [eventId, await cursorOf(sink)]);
          return { flag: sink.flag, ...counts[index], pending: Number(left?.pending ?? 0) };
        }),
      ),
  };
}

export function jsonSink(stdout: Writable): Sink {
  return {
    id: 'json',
    flag: '--json',
    deliver: (_change, body) =>
      new Promise((resolve, reject) => {
        stdout.write(`${body}\n`, (error) => (error ? reject(error) : resolve(undefined)));
      }),
  };
}

/** --exec CMD: one run of CMD (through the shell) per change, the change on its standard input. */
export function execSink(command: string, stderr: Writable, env: Readonly<Record<string, string | undefined>>): Sink {
  return {
    id: `exec:${command}`,
    flag: '--exec',
    deliver: (change, body) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, {
          shell: true,
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { ...env, BOXOFFICE_CHANGE_ID: change.id, BOXOFFICE_CHANGE_TYPE: change.type },
        });
        child.stdout.on('data', (chunk: Buffer) => stderr.write(chunk));
        child.stderr.on('data', (chunk: Buffer) => stderr.write(chunk));
        child.stdin.on('error', () => undefined); // a command that does not read its input
        child.on('error', (error) => reject(new DeliveryError(`--exec: cannot run "${command}" (${error.message})`)));
        child.on('close', (code, signal) => {
          if (code === 0) return resolve('exit 0');
          const ended = signal ? `was killed by ${signal}` : `exited with ${String(code)}`;
          const message = `--exec: "${command}" ${ended} on change ${change.id} (${change.type}); it stays in the outbox and the next run hands it over again`;
          reject(new DeliveryError(message));
        });
        child.stdin.end(body);
      }),
  };
}

export interface ForwardOptions {
  url: string;
  secret: string;
  /** The client's raw POST: the transport of every other request (proxies, timeouts, User-Agent). */
  post: BoxofficeClient['postRaw'];
  clock: { now(): Date; sleep(ms: number, signal?: AbortSignal): Promise<void> };
  notice(line: string): void;
  signal: AbortSignal;
}

/** --forward-to URL: a signed POST per change, retried with backoff on a failure that may pass. */
export function forwardSink(options: ForwardOptions): Sink {
  return {
    id: `forward:${options.url}`,
    flag: '--forward-to',
    deliver: async (change, body) => {
      for (let attempt = 1; ; attempt += 1) {
        let failure: string;
        try {
          const response = await options.post(options.url, body, {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureHeader(options.secret, Math.floor(options.clock.now().getTime() / 1000), change.id, body),
            [IDEMPOTENCY_HEADER]: change.id,
            'Boxoffice-Change-Type': change.type,
          });
          if (response.status >= 200 && response.status < 300) return String(response.status);
          const retryable = response.status === 408 || response.status === 425 || response.status === 429 || response.status >= 500;
          if (!retryable) {
            throw new DeliveryError(`--forward-to ${options.url}: answered HTTP ${response.status} to change ${change.id} (${change.type}); ${STAYS}`);
          }
          failure = `HTTP ${response.status}`;
        } catch (error) {
          if (error instanceof DeliveryError || options.signal.aborted) throw error;
          failure = (error as Error).message;
        }
        if (attempt >= FORWARD_ATTEMPTS) {
          throw new DeliveryError(`--forward-to ${options.url}: change ${change.id} not delivered after ${attempt} attempts (${failure}); ${STAYS}`);
        }
        const delay = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
        options.notice(`--forward-to ${options.url}: ${failure}; trying change ${change.id} again in ${delay / 1000}s`);
        await options.clock.sleep(delay, options.signal);
      }
    },
  };
}
