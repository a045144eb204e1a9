// Where an export to FILE keeps its work until it is complete, and the checkpoint that lets
// `--resume` continue from the last completed batch. The checkpoint is replaced atomically
// (written aside, then renamed) once batches have reached the spool; it describes exactly the
// first `spoolBytes` of the spool and `ordersBytes` of the order list.
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import * as z from 'zod';
import { UsageError } from '../client/errors.js';
import { PRIVATE_FILE_MODE } from './spool.js';

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

const segmentSchema = z.object({
  /** Where in the spool the segment starts; it runs to the next segment's start. */
  fromByte: z.number().int().nonnegative(),
  /** Custom columns its rows were written with. */
  customColumns: z.number().int().nonnegative(),
});
export type SpoolSegment = z.infer<typeof segmentSchema>;

const checkpointSchema = z.object({
  version: z.literal(2),
  eventId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  /** The --status filter the export was started with (absent: every attendee). */
  statuses: z.array(z.string()).optional(),
  /** fromRecord of the next batch to fetch. */
  nextRecord: z.number().int().nonnegative(),
  /** Bytes of the spool that hold completed batches; anything after them is discarded. */
  spoolBytes: z.number().int().nonnegative(),
  ordersBytes: z.number().int().nonnegative(),
  /** Custom form labels in the order first seen. */
  labels: z.array(z.string()),
  /** Runs of rows written with the same number of custom columns, in spool order. */
  segments: z.array(segmentSchema).min(1),
  attendees: z.number().int().nonnegative(),
  batches: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export async function readCheckpoint(path: string): Promise<Checkpoint | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
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
  await writeFile(aside, `${JSON.stringify(checkpoint)}\n`, { mode: PRIVATE_FILE_MODE });
  await chmod(aside, PRIVATE_FILE_MODE); // an aside file left by a crash keeps its own mode
  await rename(aside, path);
}
