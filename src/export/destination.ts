// Checks of an export's `-o FILE`, all made before the first request: a download of every batch
// that then cannot be written wastes the read quota (30 calls an hour on the live service).
import { statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { UsageError } from '../client/errors.js';
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
export type DestinationKind = 'new' | 'file' | 'stream';

/**
 * Refuses a directory, a socket or block device, a missing parent directory, a parent that is not
 * a directory, and — for a file — a parent any user may write to without the sticky bit (another
 * user could swap the files beside FILE). Says how FILE is written.
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

/** Refuses a work file beside FILE that this user's exports did not leave (a link, a device, another's file); a leftover of ours is resumed or replaced. */
export function assertWorkFilesOurs(output: string): void {
  const { partial, spool, orders, checkpoint } = exportPaths(output);
  for (const path of [partial, spool, orders, checkpoint, `${checkpoint}.tmp`]) {
    const reason = foreignEntry(path);
    if (reason) {
      throw new UsageError(`--output ${output}: ${path} ${reason}, not a work file of this export; remove it (rm ${path}) and run again`, '--output');
    }
  }
}
