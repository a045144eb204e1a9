// The attendee export: page the list, drop repeated orders, append each batch's rows to the spool, checkpoint, then write the final file with the full header.
// Memory never holds the rows.
import { closeSync, constants, existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { ApiError, AuthError, PermissionError, RateLimitError, ServerBusyError, UsageError } from '../client/errors.js';
import { attendeeBatches, type FetchAttendeeBatch } from '../client/paginate.js';
import type { AttendeeRecord } from '../client/schemas/index.js';
import {
  cannotResume,
  exportPaths,
  readCheckpoint,
  writeCheckpoint,
  type Checkpoint,
  type ExportPaths,
  type ExportSource,
  type SpoolSegment,
} from './checkpoint.js';
import type { ExportFormat } from './formats.js';
import { ColumnRegistry } from './columns.js';
import { flattenRecord, type StatusFilter } from './flatten.js';
import { OrderNumberSet } from './order-numbers.js';
import { countOf } from '../util/count.js';
import { silentProgress, type ProgressSink } from './progress.js';
import { ByteBuffer, readOrderNumbers, SpoolWriter } from './spool.js';
import { openOwnFile, UnsafeFileError } from '../util/private-file.js';
import { createRowFormatter, writeExportFile, writeExportStream } from './write-output.js';

const CHECKPOINT_INTERVAL_MS = 1000;

/** Batches requested ahead of the one being written, unless a caller says otherwise (--prefetch). */
export const DEFAULT_PREFETCH = 2;

export interface ExportRequest {
  eventId: string;
  format: ExportFormat;
  /** Without it the rows go to `stdout` and nothing is resumable. */
  outputPath?: string;
  resume: boolean;
  batchSize?: number;
  prefetch?: number;
  statuses?: readonly string[];
}

/**
 * Whether an error body after records were received ends the list (the live service's answer past the end has never been shown): yes, unless the token was
 * refused, rate-limited or the service busy.
 */
export function errorEndsAttendeeList(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    !(error instanceof AuthError || error instanceof PermissionError || error instanceof RateLimitError || error instanceof ServerBusyError)
  );
}

/** The filter as compared: trimmed, lower-cased; undefined for "every attendee". */
function statusFilter(statuses: readonly string[] | undefined): StatusFilter {
  if (statuses === undefined || statuses.length === 0) return undefined;
  return new Set(statuses.map((status) => status.trim().toLowerCase()));
}

export interface ExportEnvironment {
  fetchBatch: FetchAttendeeBatch<AttendeeRecord>;
  /** A checkpoint resumes only against the same source. */
  source: ExportSource;
  stdout: Writable;
  notice(line: string): void;
  progress?: ProgressSink;
  expectedAttendees?: number;
  /** Each row as it is written, keyed by column name (the columns known by then). */
  onRow?(row: Readonly<Record<string, string>>): void;
  signal: AbortSignal;
  now(): number;
}

/** Refuses a work file shorter than the checkpoint counts (a crash may leave it longer: fine). */
function assertHolds(path: string, bytes: number): void {
  try {
    const { fd, size } = openOwnFile(path, constants.O_RDONLY);
    closeSync(fd);
    if (size < bytes) throw cannotResume(`${path} holds ${size} bytes, fewer than the checkpoint counts (${bytes})`);
  } catch (error) {
    if (error instanceof UnsafeFileError) throw cannotResume(`${error.message}, not a work file of this export`, 'remove it and run without --resume');
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw cannotResume(`${path} is missing`);
  }
}

/** The checkpoint at `paths` (undefined: none), refused (exit 2) where another export wrote it or its work files do not hold what it counts. */
async function checkpointToResume(paths: ExportPaths, request: Omit<ExportRequest, 'resume'>, source: ExportSource): Promise<Checkpoint | undefined> {
  const checkpoint = await readCheckpoint(paths.checkpoint);
  if (checkpoint === undefined) return undefined;
  const { eventId, format } = checkpoint;
  if (eventId !== request.eventId || format !== request.format) {
    throw cannotResume(`the checkpoint ${paths.checkpoint} is for event ${eventId} as ${format}, not event ${request.eventId} as ${request.format}`);
  }
  if (checkpoint.service !== source.service || checkpoint.account !== source.account) {
    const which = checkpoint.service !== source.service ? `the service at ${checkpoint.service}` : 'another account (another access token)';
    const instead = 'resume with the same service and token, or run without --resume to start over';
    throw cannotResume(`the checkpoint ${paths.checkpoint} was written for ${which}, not this one (${source.service})`, instead);
  }
  const statusKey = (list?: readonly string[]) => [...(statusFilter(list) ?? [])].sort().join(',');
  if (statusKey(checkpoint.statuses) !== statusKey(request.statuses)) {
    const described = (list: readonly string[] | undefined) => (list && list.length > 0 ? `--status ${list.join(',')}` : 'no --status');
    const instead = 'give the same --status, or run without --resume to start over';
    throw cannotResume(`the checkpoint ${paths.checkpoint} was written with ${described(checkpoint.statuses)}, not ${described(request.statuses)}`, instead);
  }
  assertHolds(paths.spool, checkpoint.spoolBytes);
  assertHolds(paths.orders, checkpoint.ordersBytes);
  return checkpoint;
}

/** The checkpoint at `outputPath` that `--resume` would continue for this request, if any: what an export without --resume may offer to continue. */
export async function resumableCheckpoint(request: Omit<ExportRequest, 'resume'> & { outputPath: string }, source: ExportSource) {
  return checkpointToResume(exportPaths(request.outputPath), request, source).catch((error: unknown) => {
    if (error instanceof UsageError) return undefined;
    throw error;
  });
}

/** The checkpoint --resume continues, refused (exit 2) where it cannot; undefined to start afresh. */
async function prepare(request: ExportRequest, env: ExportEnvironment): Promise<Checkpoint | undefined> {
  if (request.outputPath === undefined) return undefined;
  const paths = exportPaths(request.outputPath);
  if (!request.resume) {
    // Starting over needs nothing from an earlier run, whatever version wrote its checkpoint.
    if (existsSync(paths.checkpoint)) env.notice(`starting over: discarding the checkpoint of an earlier run (${paths.checkpoint}); --resume continues one`);
    return undefined;
  }
  const checkpoint = await checkpointToResume(paths, request, env.source);
  if (!checkpoint) env.notice(`nothing to resume at ${paths.checkpoint}; starting from the first record`);
  return checkpoint;
}

async function removeWork(paths: ExportPaths): Promise<void> {
  for (const path of [paths.spool, paths.orders, paths.checkpoint]) await rm(path, { force: true });
}

export async function exportAttendees(request: ExportRequest, env: ExportEnvironment) {
  const started = env.now();
  const progress = env.progress ?? silentProgress;
  const resumed = await prepare(request, env);
  const statuses = statusFilter(request.statuses);
  const counts = { nextRecord: 0, spoolBytes: 0, ordersBytes: 0, attendees: 0, batches: 0, records: 0, duplicates: 0 };
  const checkpoint: Checkpoint = resumed ?? {
    version: 3,
    ...env.source,
    eventId: request.eventId,
    format: request.format,
    ...(request.statuses?.length ? { statuses: [...request.statuses] } : {}),
    ...counts,
    labels: [],
    segments: [{ fromByte: 0, customColumns: 0 }],
  };
  const startRecord = checkpoint.nextRecord;
  const scratchDir = request.outputPath === undefined ? await mkdtemp(join(tmpdir(), 'boxoffice-export-')) : undefined;
  const paths = request.outputPath === undefined ? undefined : exportPaths(request.outputPath);
  const spoolPaths = paths ?? { spool: join(scratchDir as string, 'spool'), orders: join(scratchDir as string, 'orders.ndjson') };
  const seen = new OrderNumberSet();
  const columns = new ColumnRegistry();
  if (resumed) {
    for (const orderNo of readOrderNumbers(spoolPaths.orders, resumed.ordersBytes)) seen.add(orderNo);
    columns.observe(resumed.labels.map((label): [string, string] => [label, '']));
    env.notice(`resuming at record ${resumed.nextRecord} (${countOf(seen.size, 'order')} already exported)`);
  }
  // The checkpoint is rewritten at most once a second while batches flow (each rewrite is a file write and a rename), and always when the run stops, so that a
  // resumed run repeats at most a second's worth of batches after a crash and none after an interruption or an error.
  let spool: SpoolWriter | undefined;
  let checkpointWrittenAt = -Infinity;
  let checkpointStale = false;
  const saveCheckpoint = async (force: boolean): Promise<void> => {
    checkpointStale = true;
    if (!paths || (!force && env.now() - checkpointWrittenAt < CHECKPOINT_INTERVAL_MS)) return;
    spool?.flush(); // the checkpoint counts only what is in the files
    await writeCheckpoint(paths.checkpoint, checkpoint);
    checkpointWrittenAt = env.now();
    checkpointStale = false;
  };

  try {
    const formatRow = createRowFormatter(request.format, columns);
    const bytes = new ByteBuffer();
    spool = new SpoolWriter(spoolPaths, checkpoint, resumed !== undefined);
    await saveCheckpoint(true);
    const batches = attendeeBatches(env.fetchBatch, {
      eventId: request.eventId,
      batchSize: request.batchSize ?? 50,
      startRecord,
      prefetch: request.prefetch ?? 0,
      isEndOfList: (error, range) => {
        if (!errorEndsAttendeeList(error)) return false;
        env.notice(`records ${range.fromRecord}–${range.toRecord} were answered with ${(error as Error).message}; read as the end of the list`);
        return true;
      },
      signal: env.signal,
    });
    for await (const batch of batches) {
      // Rows after a new label are a new segment (more custom columns). The rows are gathered as one string and encoded once per segment: encoding each row on
      // its own cost a call into Node per row. The checkpoint counts the batch once it is appended.
      const segments: SpoolSegment[] = [];
      const orderNumbers: string[] = [];
      let customColumns = checkpoint.labels.length;
      let attendees = 0;
      let text = '';
      for (const record of batch.records) {
        if (!seen.add(record.orderNo)) continue;
        const rows = flattenRecord(record, statuses);
        for (const row of rows) columns.observe(row.answers);
        if (columns.size !== customColumns) {
          customColumns = columns.size;
          bytes.append(text);
          text = '';
          segments.push({ fromByte: checkpoint.spoolBytes + bytes.length, customColumns });
        }
        for (const row of rows) {
          const cells = columns.appendCustomCells(row.fixed, row.answers);
          text += formatRow(cells);
          env.onRow?.(columns.rowObject(cells));
        }
        orderNumbers.push(record.orderNo);
        attendees += rows.length;
      }
      bytes.append(text);
      const written = spool.rows.append(bytes.take());
      for (const segment of segments) {
        const last = checkpoint.segments[checkpoint.segments.length - 1];
        if (last.fromByte === segment.fromByte) last.customColumns = segment.customColumns;
        else checkpoint.segments.push(segment);
      }
      if (segments.length > 0) checkpoint.labels = columns.labels;
      checkpoint.spoolBytes += written;
      checkpoint.ordersBytes += spool.orders.append(orderNumbers.map((orderNo) => `${JSON.stringify(orderNo)}\n`).join(''));
      checkpoint.attendees += attendees;
      checkpoint.records += batch.records.length;
      checkpoint.duplicates += batch.records.length - orderNumbers.length;
      checkpoint.batches += 1;
      checkpoint.nextRecord = batch.toRecord;
      await saveCheckpoint(false);
      progress.update({ orders: seen.size, attendees: checkpoint.attendees, batches: checkpoint.batches, expectedAttendees: env.expectedAttendees });
    }
    spool.close();
    spool = undefined;
    await saveCheckpoint(true);

    const source = { spoolPath: spoolPaths.spool, spoolBytes: checkpoint.spoolBytes, segments: checkpoint.segments, columns };
    if (paths) {
      await writeExportFile(source, request.format, paths.partial, env.signal);
      await rename(paths.partial, paths.output);
      await removeWork(paths);
    } else {
      await writeExportStream(source, request.format, env.stdout, env.signal);
    }
  } catch (error) {
    if (paths) {
      await rm(paths.partial, { force: true });
      if (checkpoint.batches === 0) {
        // Nothing was fetched (refused token, wrong event, Ctrl-C at once): nothing to resume.
        spool?.close();
        spool = undefined;
        await removeWork(paths);
      } else if (checkpointStale) {
        // Everything counted is flushed to the work files and counted in the checkpoint. (Where a write fails, the last checkpoint written stands, and --resume
        // truncates back to it.)
        await saveCheckpoint(true).catch(() => undefined);
      }
    }
    throw error;
  } finally {
    progress.finish();
    spool?.close();
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
  }

  return {
    eventId: request.eventId,
    format: request.format,
    file: request.outputPath ?? null,
    orders: seen.size,
    attendees: checkpoint.attendees,
    // Records whose order number had been seen already; batches over every run of a resumed export.
    duplicatesDropped: checkpoint.duplicates,
    batches: checkpoint.batches,
    columns: columns.header,
    startRecord,
    elapsedMs: env.now() - started,
  };
}
