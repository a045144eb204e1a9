// The attendee export: page the list, drop repeated orders, spool one line per order, checkpoint
// after each batch, then write the final file with the full header and rename it into place.
// Memory holds the set of order numbers seen, the labels seen and the batches in flight — never
// the rows.
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, truncate, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { UsageError } from '../client/errors.js';
import { attendeeBatches, type BatchFailureHandler, type FetchAttendeeBatch } from '../client/paginate.js';
import type { AttendeeRecord } from '../client/schemas/index.js';
import { exportPaths, readCheckpoint, writeCheckpoint, type Checkpoint, type ExportFormat } from './checkpoint.js';
import { ColumnRegistry } from './columns.js';
import { flattenRecord } from './flatten.js';
import { OrderNumberSet } from './order-numbers.js';
import { silentProgress, type ProgressSink } from './progress.js';
import { encodeSpooledOrder, readSpool } from './spool.js';
import { createRowFormatter, writeExport } from './write-output.js';

const CHECKPOINT_INTERVAL_MS = 1000;

export interface ExportRequest {
  eventId: string;
  format: ExportFormat;
  /** Where the file goes; without it the rows go to `stdout` and nothing is resumable. */
  outputPath?: string;
  resume: boolean;
  batchSize?: number;
  /** Batches requested ahead of the one being written (see attendeeBatches). */
  prefetch?: number;
}

export interface ExportEnvironment {
  fetchBatch: FetchAttendeeBatch<AttendeeRecord>;
  /** Decides whether a failed batch is tried again (the rate-limit waiter). */
  onFailure?: BatchFailureHandler;
  stdout: Writable;
  /** One line of news for stderr. */
  notice(line: string): void;
  progress?: ProgressSink;
  expectedAttendees?: number;
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
  checkpoint: Checkpoint;
  attendees: number;
}

function freshState(request: ExportRequest): ExportState {
  return {
    seen: new OrderNumberSet(),
    columns: new ColumnRegistry(),
    attendees: 0,
    checkpoint: {
      version: 1,
      eventId: request.eventId,
      format: request.format,
      nextRecord: 0,
      spoolBytes: 0,
      batches: 0,
      records: 0,
      duplicates: 0,
    },
  };
}

/** Rebuilds the order numbers and labels seen from the completed part of the spool. */
async function resumedState(checkpoint: Checkpoint, spoolPath: string): Promise<ExportState> {
  const state: ExportState = { seen: new OrderNumberSet(), columns: new ColumnRegistry(), attendees: 0, checkpoint };
  for await (const order of readSpool(spoolPath, checkpoint.spoolBytes)) {
    state.seen.add(order.orderNo);
    state.columns.observe(order.newLabels.map((label): [string, string] => [label, '']));
    state.attendees += order.rows.length;
  }
  return state;
}

async function prepare(request: ExportRequest, env: ExportEnvironment): Promise<ExportState> {
  if (request.outputPath === undefined) return freshState(request);
  const paths = exportPaths(request.outputPath);
  const checkpoint = await readCheckpoint(paths.checkpoint);
  if (!request.resume) {
    if (checkpoint) env.notice(`starting over: discarding the checkpoint of an earlier run (${paths.checkpoint}); --resume continues one`);
    return freshState(request);
  }
  if (!checkpoint) {
    env.notice(`nothing to resume at ${paths.checkpoint}; starting from the first record`);
    return freshState(request);
  }
  if (checkpoint.eventId !== request.eventId || checkpoint.format !== request.format) {
    throw new UsageError(
      `--resume: the checkpoint ${paths.checkpoint} is for event ${checkpoint.eventId} as ${checkpoint.format}, ` +
        `not event ${request.eventId} as ${request.format}; run without --resume to start over`,
      '--resume',
    );
  }
  try {
    await truncate(paths.spool, checkpoint.spoolBytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new UsageError(`--resume: the spool ${paths.spool} is missing; run without --resume to start over`, '--resume');
  }
  const state = await resumedState(checkpoint, paths.spool);
  env.notice(`resuming at record ${checkpoint.nextRecord} (${state.seen.size} orders already exported)`);
  return state;
}

async function appendAll(file: FileHandle, text: string): Promise<number> {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; ) {
    const { bytesWritten } = await file.write(bytes, offset);
    offset += bytesWritten;
  }
  return bytes.length;
}

export async function exportAttendees(request: ExportRequest, env: ExportEnvironment): Promise<ExportSummary> {
  const started = env.now();
  const progress = env.progress ?? silentProgress;
  const state = await prepare(request, env);
  const startRecord = state.checkpoint.nextRecord;
  const scratchDir = request.outputPath === undefined ? await mkdtemp(join(tmpdir(), 'boxoffice-export-')) : undefined;
  const paths = request.outputPath === undefined ? undefined : exportPaths(request.outputPath);
  const spoolPath = paths?.spool ?? join(scratchDir as string, 'spool.ndjson');
  // The checkpoint is rewritten at most once a second while batches flow (each rewrite is a
  // file write and a rename), and always when the run stops, so that a resumed run repeats at
  // most a second's worth of batches after a crash and none after an interruption or an error.
  let checkpointWrittenAt = -Infinity;
  let checkpointStale = false;
  const saveCheckpoint = async (force: boolean): Promise<void> => {
    checkpointStale = true;
    if (!paths || (!force && env.now() - checkpointWrittenAt < CHECKPOINT_INTERVAL_MS)) return;
    await writeCheckpoint(paths.checkpoint, state.checkpoint);
    checkpointWrittenAt = env.now();
    checkpointStale = false;
  };

  let spool: FileHandle | undefined;
  try {
    const formatter = await createRowFormatter(request.format, state.columns);
    spool = await open(spoolPath, request.resume && startRecord > 0 ? 'a' : 'w');
    await saveCheckpoint(true);
    const batches = attendeeBatches(env.fetchBatch, {
      eventId: request.eventId,
      batchSize: request.batchSize ?? 50,
      startRecord,
      prefetch: request.prefetch ?? 0,
      onFailure: env.onFailure,
      signal: env.signal,
    });
    for await (const batch of batches) {
      let duplicates = 0;
      const orders: { orderNo: string; rowCount: number; columnsKnown: number; newLabels: string[] }[] = [];
      const cells: string[][] = [];
      for (const record of batch.records) {
        if (!state.seen.add(record.orderNo)) {
          duplicates += 1;
          continue;
        }
        const rows = flattenRecord(record);
        const newLabels = rows.flatMap((row) => state.columns.observe(row.answers));
        for (const row of rows) cells.push([...row.fixed, ...state.columns.customCells(row.answers)]);
        orders.push({ orderNo: record.orderNo, rowCount: rows.length, columnsKnown: state.columns.size, newLabels });
        state.attendees += rows.length;
      }
      // One formatting call per batch (csv-stringify's set-up is per call), then cut per order.
      const formatted = formatter.formatRows(cells);
      let text = '';
      let next = 0;
      for (const order of orders) {
        const rows = formatted.slice(next, next + order.rowCount);
        next += order.rowCount;
        text += encodeSpooledOrder({ orderNo: order.orderNo, columnsKnown: order.columnsKnown, rows, newLabels: order.newLabels });
      }
      const written = await appendAll(spool, text);
      // Counted only once the batch is in the spool, so a saved checkpoint never runs ahead of it.
      const checkpoint = state.checkpoint;
      checkpoint.spoolBytes += written;
      checkpoint.records += batch.records.length;
      checkpoint.duplicates += duplicates;
      checkpoint.batches += 1;
      checkpoint.nextRecord = batch.toRecord;
      await saveCheckpoint(false);
      progress.update({
        records: checkpoint.records,
        attendees: state.attendees,
        batches: checkpoint.batches,
        expectedAttendees: env.expectedAttendees,
      });
    }
    await spool.close();
    spool = undefined;
    await saveCheckpoint(true);

    const source = { spoolPath, spoolBytes: state.checkpoint.spoolBytes, columns: state.columns };
    if (paths) {
      const partial = createWriteStream(paths.partial);
      await writeExport(source, request.format, partial, { end: true, signal: env.signal });
      await finished(partial);
      await rename(paths.partial, paths.output);
      await rm(paths.spool, { force: true });
      await rm(paths.checkpoint, { force: true });
    } else {
      await writeExport(source, request.format, env.stdout, { end: false, signal: env.signal });
    }
  } catch (error) {
    if (paths) {
      await rm(paths.partial, { force: true });
      if (state.checkpoint.batches === 0) {
        // Nothing was fetched (refused token, wrong event, Ctrl-C at once): nothing to resume.
        await spool?.close();
        spool = undefined;
        await rm(paths.spool, { force: true });
        await rm(paths.checkpoint, { force: true });
      } else if (checkpointStale) {
        // Everything counted in the checkpoint state has reached the spool: keep it all.
        await writeCheckpoint(paths.checkpoint, state.checkpoint);
      }
    }
    throw error;
  } finally {
    progress.finish();
    await spool?.close();
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
  }

  return {
    eventId: request.eventId,
    format: request.format,
    file: request.outputPath ?? null,
    orders: state.seen.size,
    attendees: state.attendees,
    duplicatesDropped: state.checkpoint.duplicates,
    batches: state.checkpoint.batches,
    columns: state.columns.header,
    startRecord,
    elapsedMs: env.now() - started,
  };
}
