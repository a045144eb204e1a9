// Where an export to FILE keeps its work until it is complete, and the checkpoint that lets
// `--resume` continue from the last completed batch. The checkpoint is replaced atomically
// (written aside, then renamed) after each batch has reached the spool.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { UsageError } from '../client/errors.js';

export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportPaths {
  output: string;
  /** The final file while it is being written; renamed to `output` when complete. */
  partial: string;
  spool: string;
  checkpoint: string;
}

export function exportPaths(output: string): ExportPaths {
  return {
    output,
    partial: `${output}.partial`,
    spool: `${output}.spool.ndjson`,
    checkpoint: `${output}.checkpoint.json`,
  };
}

const checkpointSchema = z.object({
  version: z.literal(1),
  eventId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  /** fromRecord of the next batch to fetch. */
  nextRecord: z.number().int().nonnegative(),
  /** Bytes of the spool that hold completed batches; anything after them is discarded. */
  spoolBytes: z.number().int().nonnegative(),
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
    throw new UsageError(`the checkpoint ${path} is not valid JSON; delete it to start over`, path);
  }
  const result = checkpointSchema.safeParse(parsed);
  if (!result.success) {
    throw new UsageError(`the checkpoint ${path} is not one this version wrote; delete it to start over`, path);
  }
  return result.data;
}

export async function writeCheckpoint(path: string, checkpoint: Checkpoint): Promise<void> {
  const aside = `${path}.tmp`;
  await writeFile(aside, `${JSON.stringify(checkpoint)}\n`);
  await rename(aside, path);
}
