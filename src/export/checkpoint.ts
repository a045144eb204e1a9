// The export formats; where an export to FILE keeps its work until it is complete, and the checkpoint that lets `--resume` continue from the last completed
// batch. The checkpoint is replaced atomically once batches have reached the spool; it describes exactly the first `spoolBytes` of the spool and `ordersBytes`
// of the order list. It names the service and account it was written for: the same event id on another service is another list.
import { createHash } from 'node:crypto';
import { closeSync, constants, readFileSync, renameSync } from 'node:fs';
import * as z from 'zod/mini';
import { UsageError } from '../client/errors.js';
import { EXPORT_FORMATS } from './formats.js';
import { openOwnFile, writePrivateFile } from '../util/private-file.js';

/** `partial`: the final file while it is written; `spool`: the rows so far; `orders`: the order numbers so far, one JSON string a line. */
export function exportPaths(output: string) {
  return { output, partial: `${output}.partial`, spool: `${output}.spool`, orders: `${output}.orders.ndjson`, checkpoint: `${output}.checkpoint.json` };
}
export type ExportPaths = ReturnType<typeof exportPaths>;

/** The API address an export reads from, and a fingerprint of the access token: enough to tell accounts apart, useless as a token. */
export function exportSource(apiUrl: string, token: string) {
  return { service: apiUrl, account: createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 16) };
}
export type ExportSource = ReturnType<typeof exportSource>;

const count = () => z.int().check(z.nonnegative());

/** A run of rows from `fromByte` to the next segment's start, written with `customColumns` custom columns. */
const segmentSchema = z.object({ fromByte: count(), customColumns: count() });
export type SpoolSegment = z.infer<typeof segmentSchema>;

const checkpointSchema = z.object({
  version: z.literal(3),
  service: z.string(),
  account: z.string(),
  eventId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  /** The --status filter the export was started with (absent: every attendee). */
  statuses: z.optional(z.array(z.string())),
  /** fromRecord of the next batch to fetch. */
  nextRecord: count(),
  /** Bytes of the spool that hold completed batches; anything after them is discarded. */
  spoolBytes: count(),
  ordersBytes: count(),
  /** Custom form labels in the order first seen. */
  labels: z.array(z.string()),
  segments: z.array(segmentSchema).check(z.minLength(1)),
  attendees: count(),
  batches: count(),
  records: count(),
  duplicates: count(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

/** A refusal of --resume (exit 2): why, then what to do instead. */
export function cannotResume(why: string, instead = 'run without --resume to start over'): UsageError {
  return new UsageError(`--resume: ${why}; ${instead}`, '--resume');
}

export async function readCheckpoint(path: string): Promise<Checkpoint | undefined> {
  let fd: number;
  try {
    fd = openOwnFile(path, constants.O_RDONLY).fd;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let text: string;
  try {
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw cannotResume(`the checkpoint ${path} is not valid JSON`);
  }
  const result = checkpointSchema.safeParse(parsed);
  if (!result.success) throw cannotResume(`the checkpoint ${path} is not one this version wrote`);
  return result.data;
}

export async function writeCheckpoint(path: string, checkpoint: Checkpoint): Promise<void> {
  writePrivateFile(`${path}.tmp`, `${JSON.stringify(checkpoint)}\n`);
  renameSync(`${path}.tmp`, path);
}
