// Delivering the outbox: each sink (--json, --exec CMD, --forward-to URL) has a cursor in the
// destination, the id of the last change it was given. A change is handed over, then the cursor
// moves past it; a kill in between hands it over again on the next run, with the same change
// id, so a receiver that de-duplicates on the (signed) id sees every change exactly once.
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { BoxofficeError } from '../client/errors.js';
import { upsertRows, type SyncDatabase } from './destination.js';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signatureHeader } from './sign.js';
import type { Change } from './store.js';

/** Changes read from the outbox at a time. */
const PAGE = 200;
const FORWARD_ATTEMPTS = 6;
const FIRST_BACKOFF_MS = 1000;
const FORWARD_TIMEOUT_MS = 30_000;
const STAYS = 'it stays in the outbox and the next run sends it again';

class DeliveryError extends BoxofficeError {}

export interface Sink {
  /** What the cursor is kept under: json, exec:CMD, forward:URL. */
  id: string;
  deliver(change: Change, body: string): Promise<void>;
}

export async function deliverPending(db: SyncDatabase, eventId: string, sinks: readonly Sink[], signal: AbortSignal): Promise<number> {
  let delivered = 0;
  for (const sink of sinks) {
    const [cursor] = await db.all<{ delivered_through: number }>(`SELECT delivered_through FROM boxoffice_sync_cursors WHERE sink = ? AND event_id = ?`, [
      sink.id,
      eventId,
    ]);
    let through = cursor === undefined ? 0 : Number(cursor.delivered_through);
    for (;;) {
      const page = await db.all<{ id: number; body: string }>(
        `SELECT id, body FROM boxoffice_sync_outbox WHERE event_id = ? AND id > ? ORDER BY id LIMIT ${PAGE}`,
        [eventId, through],
      );
      if (page.length === 0) break;
      for (const row of page) {
        signal.throwIfAborted();
        await sink.deliver(JSON.parse(row.body) as Change, row.body);
        through = Number(row.id);
        await upsertRows(db, 'boxoffice_sync_cursors', ['sink', 'event_id'], [{ sink: sink.id, event_id: eventId, delivered_through: through }]);
        delivered += 1;
      }
    }
  }
  return delivered;
}

/** --json: one change a line on stdout. */
export function jsonSink(stdout: Writable): Sink {
  return {
    id: 'json',
    deliver: (_change, body) =>
      new Promise((resolve, reject) => {
        stdout.write(`${body}\n`, (error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** --exec CMD: one run of CMD (through the shell) per change, the change on its standard input. */
export function execSink(command: string, stderr: Writable, env: Readonly<Record<string, string | undefined>>): Sink {
  return {
    id: `exec:${command}`,
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
          if (code === 0) return resolve();
          const ended = signal ? `was killed by ${signal}` : `exited with ${String(code)}`;
          reject(
            new DeliveryError(
              `--exec: "${command}" ${ended} on change ${change.id} (${change.type}); it stays in the outbox and the next run hands it over again`,
            ),
          );
        });
        child.stdin.end(body);
      }),
  };
}

export interface ForwardOptions {
  url: string;
  secret: string;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  nowSeconds(): number;
  notice(line: string): void;
  signal: AbortSignal;
}

function retryable(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** --forward-to URL: a signed POST per change, retried with backoff on a failure that may pass. */
export function forwardSink(options: ForwardOptions): Sink {
  return {
    id: `forward:${options.url}`,
    deliver: async (change, body) => {
      for (let attempt = 1; ; attempt += 1) {
        let failure: string;
        try {
          const response = await fetch(options.url, {
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/json',
              [SIGNATURE_HEADER]: signatureHeader(options.secret, options.nowSeconds(), change.id, body),
              [IDEMPOTENCY_HEADER]: change.id,
              'Boxoffice-Change-Type': change.type,
            },
            signal: AbortSignal.any([options.signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
          });
          await response.arrayBuffer().catch(() => undefined);
          if (response.ok) return;
          if (!retryable(response.status)) {
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
        await options.sleep(delay, options.signal);
      }
    },
  };
}
