// Where an export to FILE keeps its work until it is complete, and the checkpoint that lets
// `--resume` continue from the last completed batch. The checkpoint is replaced atomically
// (written aside, then renamed) once batches have reached the spool; it describes exactly the
// first `spoolBytes` of the spool and `ordersBytes` of the order list. It names the service and
// account it was written for: the same event id on another service is another list.
import { createHash } from 'node:crypto';
import { closeSync, constants, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { UsageError } from '../client/errors.js';
import { createPrivateFile, openOwnFile } from '../util/private-file.js';

export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportPaths {
  output: string;
  /** The final file while it is being written; renamed to `output` when complete. */
  partial: string;
  /** The rows so far, in the output format (see spool.ts). */
  spool: string;
  /** The order numbers written so far, one JSON string per line (what --resume de-duplicates by). */
  orders: string;
  checkpoint: string;
}

export function exportPaths(output: string): ExportPaths {
  return {
    output,
    partial: `${output}.partial`,
    spool: `${output}.spool`,
    orders: `${output}.orders.ndjson`,
    checkpoint: `${output}.checkpoint.json`,
  };
}

/** The service and account an export reads from. */
export interface ExportSource {
  /** The API address. */
  service: string;
  /** A fingerprint of the access token: enough to tell accounts apart, useless as a token. */
  account: string;
}

export function exportSource(apiUrl: string, token: string): ExportSource {
  return { service: apiUrl, account: createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 16) };
}

/** A count or an offset in bytes. */
const count = () => z.int().check(z.nonnegative());

const segmentSchema = z.object({
  /** Where in the spool the segment starts; it runs to the next segment's start. */
  fromByte: count(),
  /** Custom columns its rows were written with. */
  customColumns: count(),
});
export type SpoolSegment = z.infer<typeof segmentSchema>;

const checkpointSchema = z.object({
  version: z.literal(3),
  /** The API address the rows were read from. */
  service: z.string(),
  /** A fingerprint of the access token they were read with (see tokenFingerprint). */
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
  /** Runs of rows written with the same number of custom columns, in spool order. */
  segments: z.array(segmentSchema).check(z.minLength(1)),
  attendees: count(),
  batches: count(),
  records: count(),
  duplicates: count(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

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
    throw new UsageError(`--resume: the checkpoint ${path} is not valid JSON; run without --resume to start over`, '--resume');
  }
  const result = checkpointSchema.safeParse(parsed);
  if (!result.success) {
    throw new UsageError(`--resume: the checkpoint ${path} is not one this version wrote; run without --resume to start over`, '--resume');
  }
  return result.data;
}

export async function writeCheckpoint(path: string, checkpoint: Checkpoint): Promise<void> {
  const aside = `${path}.tmp`;
  const fd = createPrivateFile(aside);
  try {
    writeFileSync(fd, `${JSON.stringify(checkpoint)}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(aside, path);
}

/** Whether `path` holds a checkpoint this version can resume, written for `source`. */
export async function checkpointIsFor(path: string, source: ExportSource): Promise<boolean> {
  try {
    const checkpoint = await readCheckpoint(path);
    return checkpoint !== undefined && checkpoint.service === source.service && checkpoint.account === source.account;
  } catch (error) {
    if (error instanceof UsageError) return false;
    throw error;
  }
}
