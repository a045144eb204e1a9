// Checks of an export's `-o FILE`, all made before the first request: a download of every batch
// that then cannot be written wastes the read quota (30 calls an hour on the live service).
import { statSync, type Stats } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { UsageError } from '../client/errors.js';
import type { ExportFormat } from './checkpoint.js';
import { exportFormatOf } from './format-of.js';

/** The extension suggested for each format. */
const SUGGESTED_EXTENSION: Record<ExportFormat, string> = { csv: '.csv', json: '.json', ndjson: '.ndjson' };

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** Refuses an extension that says another format than the one written (`-o a.xlsx` is not CSV). */
export function assertExtensionMatches(output: string, format: ExportFormat, formatGiven: boolean): void {
  const extension = extname(output).toLowerCase();
  // No extension, or one made of digits or symbols (`export-v1.2`), says nothing of a format.
  if (!/^\.[a-z][a-z0-9]*$/.test(extension) || exportFormatOf(output) === format) return;
  const suggested = join(dirname(output), `${basename(output, extname(output))}${SUGGESTED_EXTENSION[format]}`);
  const which = formatGiven ? `--format ${format}` : `the format (${format}, the default)`;
  throw new UsageError(
    `--output ${output}: the extension ${extension} contradicts ${which}; write to ${suggested}, or choose --format csv|json|ndjson to match`,
    '--output',
  );
}

/** Refuses a directory, a missing parent directory, or a parent that is not a directory. */
export function assertWritableDestination(output: string): void {
  const target = statOrUndefined(output);
  if (output.endsWith(sep) || output.endsWith('/') || target?.isDirectory()) {
    throw new UsageError(`--output ${output} is a directory; name a file in it, e.g. ${join(output, 'attendees.csv')}`, '--output');
  }
  const parent = dirname(resolve(output));
  const parentStat = statOrUndefined(parent);
  if (!parentStat) throw new UsageError(`--output: the directory ${parent} does not exist; create it first (mkdir -p ${parent})`, '--output');
  if (!parentStat.isDirectory()) throw new UsageError(`--output ${output}: ${parent} is not a directory`, '--output');
}

/** Whether `-o FILE` names an existing file (an earlier export, or anything else). */
export function outputExists(output: string): boolean {
  return statOrUndefined(output) !== undefined;
}
