// The attendee export: page the list, drop repeated orders, append each batch's rows to the
// spool, checkpoint, then write the final file with the full header and rename it into place.
// Memory holds the set of order numbers seen, the labels seen and the batches in flight — never
// the rows.
import { closeSync, constants, existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { ApiError, AuthError, PermissionError, RateLimitError, ServerBusyError, UsageError } from '../client/errors.js';
import { attendeeBatches, type FetchAttendeeBatch } from '../client/paginate.js';
import type { AttendeeRecord } from '../client/schemas/index.js';
import { exportPaths, readCheckpoint, writeCheckpoint, type Checkpoint, type ExportFormat, type ExportPaths, type ExportSource } from './checkpoint.js';
import { ColumnRegistry } from './columns.js';
import { flattenRecord, type StatusFilter } from './flatten.js';
import { OrderNumberSet } from './order-numbers.js';
import { countOf } from '../util/count.js';
import { silentProgress, type ProgressSink } from './progress.js';
import { ByteBuffer, readOrderNumbers, SpoolWriter } from './spool.js';
import { openOwnFile, UnsafeFileError } from '../util/private-file.js';
import { createRowFormatter, writeExportFile, writeExportStream, type RowFormatter } from './write-output.js';

const CHECKPOINT_INTERVAL_MS = 1000;

/** Batches requested ahead of the one being written, unless a caller says otherwise (--prefetch). */
export const DEFAULT_PREFETCH = 2;

export interface ExportRequest {
  eventId: string;
  format: ExportFormat;
  /** Where the file goes; without it the rows go to `stdout` and nothing is resumable. */
  outputPath?: string;
  resume: boolean;
  batchSize?: number;
  /** Batches requested ahead of the one being written (see attendeeBatches). */
  prefetch?: number;
  /** Only attendees with one of these statuses (e.g. attending); every attendee when absent. */
  statuses?: readonly string[];
}

/**
 * Whether an error body on a call after records were received is the end of the list (the live
 * service's answer past the end has never been shown): yes, unless it says the token was refused,
 * the caller is rate-limited or the service is busy, which are errors wherever they come.
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

function sameStatuses(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const key = (list: readonly string[] | undefined) => [...(statusFilter(list) ?? [])].sort().join(',');
  return key(a) === key(b);
}

export interface ExportEnvironment {
  fetchBatch: FetchAttendeeBatch<AttendeeRecord>;
  /** Where the rows are read from: a checkpoint resumes only against the same. */
  source: ExportSource;
  stdout: Writable;
  /** One line of news for stderr. */
  notice(line: string): void;
  progress?: ProgressSink;
  expectedAttendees?: number;
  /** Each row as it is written, keyed by column name (the columns known by then). */
  onRow?(row: Readonly<Record<string, string>>): void;
  signal: AbortSignal;
  now(): number;
}

export interface ExportSummary {
  eventId: string;
  format: ExportFormat;
  file: string | null;
  orders: number;
  attendees: number;
  /** Records dropped because their order number had been seen already. */
  duplicatesDropped: number;
  /** Batches fetched, over every run of a resumed export. */
  batches: number;
  columns: string[];
  /** Where this run started (0 unless resumed). */
  startRecord: number;
  elapsedMs: number;
}

interface ExportState {
  seen: OrderNumberSet;
  columns: ColumnRegistry;
  /** Everything counted here has been appended to the spool (written by its next flush). */
  checkpoint: Checkpoint;
  /** Continuing the work files of an earlier run (--resume with a checkpoint). */
  resumed: boolean;
}

function freshState(request: ExportRequest, source: ExportSource): ExportState {
  return {
    seen: new OrderNumberSet(),
    columns: new ColumnRegistry(),
    resumed: false,
    checkpoint: {
      version: 3,
      service: source.service,
      account: source.account,
      eventId: request.eventId,
      format: request.format,
      ...(request.statuses && request.statuses.length > 0 ? { statuses: [...request.statuses] } : {}),
      nextRecord: 0,
      spoolBytes: 0,
      ordersBytes: 0,
      labels: [],
      segments: [{ fromByte: 0, customColumns: 0 }],
      attendees: 0,
      batches: 0,
      records: 0,
      duplicates: 0,
    },
  };
}

/** Rebuilds the order numbers seen from the completed part of the order list, and the columns. */
function resumedState(checkpoint: Checkpoint, ordersPath: string): ExportState {
  const state: ExportState = { seen: new OrderNumberSet(), columns: new ColumnRegistry(), checkpoint, resumed: true };
  for (const orderNo of readOrderNumbers(ordersPath, checkpoint.ordersBytes)) state.seen.add(orderNo);
  state.columns.observe(checkpoint.labels.map((label): [string, string] => [label, '']));
  return state;
}

/** Refuses a work file shorter than the checkpoint counts (a crash may leave it longer: fine). */
function assertHolds(path: string, bytes: number): void {
  let size: number;
  try {
    const opened = openOwnFile(path, constants.O_RDONLY);
    closeSync(opened.fd);
    size = opened.size;
  } catch (error) {
    if (error instanceof UnsafeFileError)
      throw new UsageError(`--resume: ${error.message}, not a work file of this export; remove it and run without --resume`, '--resume');
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new UsageError(`--resume: ${path} is missing; run without --resume to start over`, '--resume');
  }
  if (size < bytes) {
    throw new UsageError(`--resume: ${path} holds ${size} bytes, fewer than the checkpoint counts (${bytes}); run without --resume to start over`, '--resume');
  }
}

/** A batch's new rows as spool bytes, cut into segments where the number of custom columns grows. */
interface FormattedBatch {
  /** A view of the export's batch buffer: valid until the next batch is formatted. */
  rows: Buffer;
  orderNumbers: string[];
  attendees: number;
  duplicates: number;
  /** Segments starting inside this batch: offsets in bytes from the batch's start. */
  segments: { offset: number; customColumns: number }[];
}

/** How a batch's rows are made: the row format, the --status filter, what sees each row, where the bytes go. */
interface BatchFormat {
  formatter: RowFormatter;
  statuses: StatusFilter;
  onRow: ExportEnvironment['onRow'];
  bytes: ByteBuffer;
}

function formatBatch(records: readonly AttendeeRecord[], state: ExportState, customColumns: number, format: BatchFormat): FormattedBatch {
  const batch: FormattedBatch = { rows: EMPTY, orderNumbers: [], attendees: 0, duplicates: 0, segments: [] };
  const { formatter, onRow, bytes } = format;
  // The rows are gathered as one string and encoded once (at most once per segment): encoding
  // each row on its own cost a call into Node per row. The text lives only while the batch is
  // formatted.
  let text = '';
  for (const record of records) {
    if (!state.seen.add(record.orderNo)) {
      batch.duplicates += 1;
      continue;
    }
    const rows = flattenRecord(record, format.statuses);
    for (const row of rows) state.columns.observe(row.answers);
    if (state.columns.size !== customColumns) {
      customColumns = state.columns.size;
      bytes.append(text);
      text = '';
      batch.segments.push({ offset: bytes.length, customColumns });
    }
    for (const row of rows) {
      const cells = state.columns.appendCustomCells(row.fixed, row.answers);
      text += formatter.formatRow(cells);
      onRow?.(state.columns.rowObject(cells));
    }
    batch.orderNumbers.push(record.orderNo);
    batch.attendees += rows.length;
  }
  bytes.append(text);
  batch.rows = bytes.take();
  return batch;
}

const EMPTY = Buffer.alloc(0);

/** Refuses (exit 2) a checkpoint that another export wrote, or whose work files do not hold what it counts. */
function assertResumable(checkpoint: Checkpoint, paths: ExportPaths, request: ExportRequest, source: ExportSource): void {
  if (checkpoint.eventId !== request.eventId || checkpoint.format !== request.format) {
    throw new UsageError(
      `--resume: the checkpoint ${paths.checkpoint} is for event ${checkpoint.eventId} as ${checkpoint.format}, ` +
        `not event ${request.eventId} as ${request.format}; run without --resume to start over`,
      '--resume',
    );
  }
  if (checkpoint.service !== source.service || checkpoint.account !== source.account) {
    const which = checkpoint.service !== source.service ? `the service at ${checkpoint.service}` : 'another account (another access token)';
    throw new UsageError(
      `--resume: the checkpoint ${paths.checkpoint} was written for ${which}, not this one (${source.service}); ` +
        'resume with the same service and token, or run without --resume to start over',
      '--resume',
    );
  }
  if (!sameStatuses(checkpoint.statuses, request.statuses)) {
    const described = (list: readonly string[] | undefined) => (list && list.length > 0 ? `--status ${list.join(',')}` : 'no --status');
    throw new UsageError(
      `--resume: the checkpoint ${paths.checkpoint} was written with ${described(checkpoint.statuses)}, ` +
        `not ${described(request.statuses)}; give the same --status, or run without --resume to start over`,
      '--resume',
    );
  }
  assertHolds(paths.spool, checkpoint.spoolBytes);
  assertHolds(paths.orders, checkpoint.ordersBytes);
}

/**
 * The checkpoint at `outputPath` that `--resume` would continue for this request (same event,
 * format, --status, service and account, its work files intact), or undefined: what an export
 * started without --resume may offer to continue.
 */
export async function resumableCheckpoint(
  request: Omit<ExportRequest, 'resume'> & { outputPath: string },
  source: ExportSource,
): Promise<Checkpoint | undefined> {
  const paths = exportPaths(request.outputPath);
  try {
    const checkpoint = await readCheckpoint(paths.checkpoint);
    if (checkpoint === undefined) return undefined;
    assertResumable(checkpoint, paths, { ...request, resume: true }, source);
    return checkpoint;
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

async function prepare(request: ExportRequest, env: ExportEnvironment): Promise<ExportState> {
  if (request.outputPath === undefined) return freshState(request, env.source);
  const paths = exportPaths(request.outputPath);
  if (!request.resume) {
    // Starting over needs nothing from an earlier run, whatever version wrote its checkpoint.
    if (existsSync(paths.checkpoint)) env.notice(`starting over: discarding the checkpoint of an earlier run (${paths.checkpoint}); --resume continues one`);
    return freshState(request, env.source);
  }
  const checkpoint = await readCheckpoint(paths.checkpoint);
  if (!checkpoint) {
    env.notice(`nothing to resume at ${paths.checkpoint}; starting from the first record`);
    return freshState(request, env.source);
  }
  assertResumable(checkpoint, paths, request, env.source);
  const state = resumedState(checkpoint, paths.orders);
  env.notice(`resuming at record ${checkpoint.nextRecord} (${countOf(state.seen.size, 'order')} already exported)`);
  return state;
}

function flushedQuietly(spool: SpoolWriter | undefined): boolean {
  try {
    spool?.flush();
    return true;
  } catch {
    return false;
  }
}

/** Rows from `fromByte` on have `customColumns` custom columns. */
function startSegment(checkpoint: Checkpoint, fromByte: number, customColumns: number): void {
  const last = checkpoint.segments[checkpoint.segments.length - 1];
  if (last.fromByte === fromByte) last.customColumns = customColumns;
  else checkpoint.segments.push({ fromByte, customColumns });
}

async function removeWork(paths: ExportPaths): Promise<void> {
  await rm(paths.spool, { force: true });
  await rm(paths.orders, { force: true });
  await rm(paths.checkpoint, { force: true });
}

export async function exportAttendees(request: ExportRequest, env: ExportEnvironment): Promise<ExportSummary> {
  const started = env.now();
  const progress = env.progress ?? silentProgress;
  const state = await prepare(request, env);
  const startRecord = state.checkpoint.nextRecord;
  const scratchDir = request.outputPath === undefined ? await mkdtemp(join(tmpdir(), 'boxoffice-export-')) : undefined;
  const paths = request.outputPath === undefined ? undefined : exportPaths(request.outputPath);
  const spoolPaths = paths ?? { spool: join(scratchDir as string, 'spool'), orders: join(scratchDir as string, 'orders.ndjson') };
  // The checkpoint is rewritten at most once a second while batches flow (each rewrite is a
  // file write and a rename), and always when the run stops, so that a resumed run repeats at
  // most a second's worth of batches after a crash and none after an interruption or an error.
  let spool: SpoolWriter | undefined;
  let checkpointWrittenAt = -Infinity;
  let checkpointStale = false;
  const saveCheckpoint = async (force: boolean): Promise<void> => {
    checkpointStale = true;
    if (!paths || (!force && env.now() - checkpointWrittenAt < CHECKPOINT_INTERVAL_MS)) return;
    spool?.flush(); // the checkpoint counts only what is in the files
    await writeCheckpoint(paths.checkpoint, state.checkpoint);
    checkpointWrittenAt = env.now();
    checkpointStale = false;
  };

  try {
    const format: BatchFormat = {
      formatter: createRowFormatter(request.format, state.columns),
      statuses: statusFilter(request.statuses),
      onRow: env.onRow,
      bytes: new ByteBuffer(),
    };
    spool = new SpoolWriter(spoolPaths, state.checkpoint, state.resumed);
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
      const checkpoint = state.checkpoint;
      const formatted = formatBatch(batch.records, state, checkpoint.labels.length, format);
      const spoolStart = checkpoint.spoolBytes;
      const written = spool.appendRows(formatted.rows);
      const ordersWritten = spool.appendOrderNumbers(formatted.orderNumbers);
      // Counted once the batch is appended; saveCheckpoint flushes before it writes these counts.
      for (const segment of formatted.segments) startSegment(checkpoint, spoolStart + segment.offset, segment.customColumns);
      if (formatted.segments.length > 0) checkpoint.labels = state.columns.labels;
      checkpoint.spoolBytes += written;
      checkpoint.ordersBytes += ordersWritten;
      checkpoint.attendees += formatted.attendees;
      checkpoint.records += batch.records.length;
      checkpoint.duplicates += formatted.duplicates;
      checkpoint.batches += 1;
      checkpoint.nextRecord = batch.toRecord;
      await saveCheckpoint(false);
      progress.update({
        orders: state.seen.size,
        attendees: checkpoint.attendees,
        batches: checkpoint.batches,
        expectedAttendees: env.expectedAttendees,
      });
    }
    spool.close();
    spool = undefined;
    await saveCheckpoint(true);

    const source = { spoolPath: spoolPaths.spool, spoolBytes: state.checkpoint.spoolBytes, segments: state.checkpoint.segments, columns: state.columns };
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
      if (state.checkpoint.batches === 0) {
        // Nothing was fetched (refused token, wrong event, Ctrl-C at once): nothing to resume.
        spool?.close();
        spool = undefined;
        await removeWork(paths);
      } else if (checkpointStale && flushedQuietly(spool)) {
        // Everything counted in the checkpoint state is in the spool now: keep it all. (When that
        // write fails, the last checkpoint written stands, and --resume truncates back to it.)
        await writeCheckpoint(paths.checkpoint, state.checkpoint);
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
    orders: state.seen.size,
    attendees: state.checkpoint.attendees,
    duplicatesDropped: state.checkpoint.duplicates,
    batches: state.checkpoint.batches,
    columns: state.columns.header,
    startRecord,
    elapsedMs: env.now() - started,
  };
}
