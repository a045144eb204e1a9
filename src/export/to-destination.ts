// An export to where -o names it. Its checks, all made before the first request (a download of every batch that then cannot be written wastes the read quota,
// 30 calls an hour on the live service); then FILE held by its lock and written aside, a pipe or a device written as a stream, stdout without -o; and, once it
// stops part way, why, when its checkpoint can continue it (the CLI words the command that does).
import { constants, existsSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { EventApi } from '../client/index.js';
import { ConnectionError, RateLimitError, ServerBusyError, UsageError } from '../client/errors.js';
import { describeHolder, lockPathFor, tryLock } from '../util/file-lock.js';
import { foreignEntry, openDirectoryReason } from '../util/private-file.js';
import { exportPaths } from './checkpoint.js';
import { exportFormatOf, type ExportFormat } from './formats.js';

/** A format a file is written in: `description` as the refusal names it ("--format json"), `alternative` what else would do, after "or". */
export type OutputFormat = { isNamedBy(path: string): boolean; extension: string; description: string; alternative?: string };

/** Refuses an extension that names another format than the one written (`-o a.xlsx` is not CSV). */
export function assertExtensionSays(output: string, format: OutputFormat): void {
  const extension = extname(output).toLowerCase();
  // No extension, or one made of digits or symbols (`export-v1.2`), says nothing of a format.
  if (!/^\.[a-z][a-z0-9]*$/.test(extension) || format.isNamedBy(output)) return;
  const suggested = join(dirname(output), `${basename(output, extname(output))}${format.extension}`);
  const alternative = format.alternative === undefined ? '' : `, or ${format.alternative}`;
  throw new UsageError(`--output ${output}: the extension ${extension} contradicts ${format.description}; write to ${suggested}${alternative}`, '--output');
}

export function assertExtensionMatches(output: string, format: ExportFormat, formatGiven: boolean): void {
  assertExtensionSays(output, {
    isNamedBy: (path) => exportFormatOf(path) === format,
    extension: `.${format}`,
    description: formatGiven ? `--format ${format}` : `the format (${format}, the default)`,
    alternative: 'choose --format csv|json|ndjson to match',
  });
}

/** `stream`: a FIFO or a device such as /dev/stdout, written into and never replaced; a new or regular file is written aside and renamed. */
type DestinationKind = 'new' | 'file' | 'stream';

/**
 * Refuses a directory, a socket or block device, a missing parent directory, a parent that is not a directory, and — for a file — a parent any user may write
 * to without the sticky bit (another user could swap the files beside FILE). Says how FILE is written.
 */
export function checkDestination(output: string): DestinationKind {
  // Undefined where nothing is (ENOENT, ENOTDIR).
  const target = statSync(output, { throwIfNoEntry: false });
  if (output.endsWith(sep) || output.endsWith('/') || target?.isDirectory()) {
    throw new UsageError(`--output ${output} is a directory; name a file in it, e.g. ${join(output, 'attendees.csv')}`, '--output');
  }
  if (target && (target.isFIFO() || target.isCharacterDevice())) return 'stream';
  if (target && !target.isFile()) {
    throw new UsageError(`--output ${output} is not a file, a pipe or a terminal; choose a file to write`, '--output');
  }
  const parent = dirname(resolve(output));
  const parentStat = statSync(parent, { throwIfNoEntry: false });
  if (!parentStat) throw new UsageError(`--output: the directory ${parent} does not exist; create it first (mkdir -p ${parent})`, '--output');
  if (!parentStat.isDirectory()) throw new UsageError(`--output ${output}: ${parent} is not a directory`, '--output');
  const open = openDirectoryReason(parentStat);
  if (open) {
    throw new UsageError(
      `--output ${output}: the directory ${parent} ${open}, so another user could plant files beside it; write elsewhere, or run chmod o-w ${parent}`,
      '--output',
    );
  }
  return target ? 'file' : 'new';
}

/** `output`: -o FILE, stdout when undefined; `force`: replace it without asking. */
type ExportTarget = { eventId: string; output?: string; destination?: DestinationKind; format: ExportFormat; statuses: readonly string[]; force: boolean };

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
  const output = target.output;
  // A lock beside FILE (FILE.lock): two exports to one file would write the same spool and checkpoint. A lock whose holder died, or that a crash left empty, is
  // taken over. Creating it checks that the directory is writable.
  const attempt = await tryLock(lockPathFor(output), undefined, hooks.now).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--output ${output}: cannot write in ${dirname(resolve(output))} (${error.code ?? error.message})`, '--output');
  });
  if (!attempt.acquired) {
    const holder = describeHolder(attempt.holder);
    throw new UsageError(`--output ${output}: another export to this file is running (${holder}); wait for it to finish, or choose another -o`, '--output');
  }
  try {
    // A work file beside FILE that this user's exports did not leave (a link, a device, another's file) is refused; a leftover of ours is resumed or replaced.
    const { partial, spool, orders, checkpoint } = exportPaths(output);
    for (const path of [partial, spool, orders, checkpoint, `${checkpoint}.tmp`]) {
      const reason = foreignEntry(path);
      if (reason) {
        throw new UsageError(`--output ${output}: ${path} ${reason}, not a work file of this export; remove it (rm ${path}) and run again`, '--output');
      }
    }
    if (!target.force && target.destination === 'file') await hooks.confirmReplace(output);
    return await write(stdout, output);
  } finally {
    await attempt.lock.release();
  }
}

/** -o a FIFO or a device (/dev/stdout): written into as stdout is, with the work files in a private temporary directory. */
async function toStream<T>(output: string, write: (rows: Writable) => Promise<T>): Promise<T> {
  // Opened without O_CREAT: if it went away since the check, this fails rather than making a file. A FIFO's open waits (off the main thread) for its reader.
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

/** Why the export to -o FILE that stopped with `error` can be resumed: cut short by Ctrl-C, the rate limit, the network or a busy service. */
export function resumableStop(target: ExportTarget, error: unknown, interrupted: boolean): 'interrupted' | 'rate limit' | 'stopped' | undefined {
  const output = target.output;
  if (output === undefined || target.destination === 'stream') return undefined;
  const resumable = interrupted || error instanceof RateLimitError || error instanceof ConnectionError || error instanceof ServerBusyError;
  if (!resumable || !existsSync(exportPaths(output).checkpoint)) return undefined;
  return interrupted ? 'interrupted' : error instanceof RateLimitError ? 'rate limit' : 'stopped';
}

/** Tickets sold, from the event's report, for the progress bar's ETA; undefined if unknown. */
export async function expectedAttendeeCount(events: Pick<EventApi, 'getReport'>, eventId: string) {
  const report = await events.getReport({ eventId }).catch(() => undefined);
  const total = report?.tickets.reduce((sum, line) => sum + line.tickets, 0) ?? 0;
  return total > 0 ? total : undefined;
}
