// An export to where -o names it: FILE held by its lock and written aside with its work files
// checked first, a pipe or a device written as a stream, stdout without -o; and, once it stops
// part way, why, when its checkpoint can continue it (the CLI words the command that does).
import { constants, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ConnectionError, RateLimitError, ServerBusyError, UsageError } from '../client/errors.js';
import { describeHolder, lockPathFor, tryLock } from '../util/file-lock.js';
import { exportPaths } from './checkpoint.js';
import type { ExportFormat } from './formats.js';
import { assertWorkFilesOurs, type DestinationKind } from './destination.js';

/** `output`: -o FILE, stdout when undefined; `force`: replace it without asking. */
type ExportTarget = { eventId: string; output?: string; destination?: DestinationKind; format: ExportFormat; statuses: readonly string[]; force: boolean };

/**
 * A lock beside -o FILE (FILE.lock): two exports to one file would write the same spool and
 * checkpoint. A lock whose holder died, or that a crash left empty, is taken over. Creating it checks that the directory is writable.
 */
async function lockOutput(output: string, now: () => number) {
  const attempt = await tryLock(lockPathFor(output), undefined, now).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--output ${output}: cannot write in ${dirname(resolve(output))} (${error.code ?? error.message})`, '--output');
  });
  if (attempt.acquired) return attempt.lock;
  throw new UsageError(
    `--output ${output}: another export to this file is running (${describeHolder(attempt.holder)}); wait for it to finish, or choose another -o`,
    '--output',
  );
}

/** Runs `write` once the destination is ready: `rows` is stdout or the opened pipe or device, `outputPath` a FILE written aside and resumable. */
export async function toDestination<T>(
  target: ExportTarget,
  stdout: Writable,
  /** `confirmReplace` throws to leave an existing -o FILE as it is. */
  hooks: { now(): number; confirmReplace(output: string): Promise<void> },
  write: (rows: Writable, outputPath: string | undefined) => Promise<T>,
): Promise<T> {
  if (target.output === undefined) return write(stdout, undefined);
  if (target.destination === 'stream') return toStream(target.output, (rows) => write(rows, undefined));
  const lock = await lockOutput(target.output, hooks.now);
  try {
    assertWorkFilesOurs(target.output);
    if (!target.force && target.destination === 'file') await hooks.confirmReplace(target.output);
    return await write(stdout, target.output);
  } finally {
    await lock.release();
  }
}

/** -o a FIFO or a device (/dev/stdout): written into as stdout is, with the work files in a private temporary directory. */
async function toStream<T>(output: string, write: (rows: Writable) => Promise<T>): Promise<T> {
  // Opened without O_CREAT: if it went away since the check, this fails rather than making a
  // file. A FIFO's open waits (off the main thread) for its reader.
  const handle = await open(output, constants.O_WRONLY);
  const stats = await handle.stat();
  if (!stats.isFIFO() && !stats.isCharacterDevice()) {
    await handle.close();
    throw new UsageError(`--output ${output} changed while it was checked; run again`, '--output');
  }
  const stream = handle.createWriteStream();
  try {
    const result = await write(stream);
    stream.end();
    await finished(stream);
    return result;
  } finally {
    stream.destroy();
  }
}

export type ResumableStop = 'interrupted' | 'rate limit' | 'stopped';

/** Why the export to -o FILE that stopped with `error` can be resumed: cut short by Ctrl-C, the rate limit, the network or a busy service. */
export function resumableStop(target: ExportTarget, error: unknown, interrupted: boolean): ResumableStop | undefined {
  const output = target.output;
  if (output === undefined || target.destination === 'stream') return undefined;
  const resumable = interrupted || error instanceof RateLimitError || error instanceof ConnectionError || error instanceof ServerBusyError;
  if (!resumable || !existsSync(exportPaths(output).checkpoint)) return undefined;
  return interrupted ? 'interrupted' : error instanceof RateLimitError ? 'rate limit' : 'stopped';
}

/** Tickets sold, from the event's report, for the progress bar's ETA; undefined if unknown. */
export async function expectedAttendeeCount(
  getReport: (request: { eventId: string }) => Promise<{ tickets: readonly { tickets: number }[] }>,
  eventId: string,
) {
  const report = await getReport({ eventId }).catch(() => undefined);
  const total = report?.tickets.reduce((sum, line) => sum + line.tickets, 0) ?? 0;
  return total > 0 ? total : undefined;
}
