// Reading an event from the service for insights: the attendee list goes through the export machinery (batching, de-duplication, rate-limit waits, progress,
// resumable checkpoint) into an NDJSON work file, and the figures count the rows as the export writes them, so `--from` that file gives the same figures. A
// resumed read counts the finished work file instead (its first run's rows were counted by a process that is gone). A watch refresh then costs two reads.
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AttendeeRecord, EventApi, ReportResponse } from '../client/index.js';
import { ColumnRegistry } from '../export/columns.js';
import { exportAttendees, resumableCheckpoint, type ExportEnvironment } from '../export/export-attendees.js';
import { flattenRecord } from '../export/flatten.js';
import { lockPathFor, tryLock } from '../util/file-lock.js';
import { createPrivateDirectory } from '../util/private-file.js';
import { figuresClock, isKnownTimezone, machineTimezone } from './dates.js';
import { FiguresAccumulator, type ExportRow } from './figures.js';
import { readExportRows } from './read-export.js';
import { roundMoney } from '../util/money.js';

/** Records one attendee-list call returns at most (reference §8). */
const BATCH_SIZE = 50;
/** What one watch refresh costs: the sales report and one attendee-list batch. */
export const READS_PER_REFRESH = 2;

type InsightsApi = Pick<EventApi, 'getEvent' | 'getTickets' | 'getReport' | 'attendeeList'>;

/** `workPath`: the NDJSON work file (its checkpoint beside it makes an interrupted read resumable); `currency`, `timezone`: overrides from the command line. */
export type LiveReadEnvironment = Pick<ExportEnvironment, 'source' | 'progress' | 'notice' | 'signal' | 'now' | 'stdout'> & {
  api: InsightsApi;
  workPath: string;
  prefetch: number;
  currency?: string;
  timezone?: string;
};

/** The order numbers of the list's first batch, and whether the list runs newest first: where a watch finds new orders. */
type ListStart = { head: string[]; newestFirst: boolean };

export async function readEventLive(eventId: string, env: LiveReadEnvironment) {
  const { api } = env;
  // Name, currency, timezone, tickets and sales report of the event: three reads, then the list's.
  const { event } = await api.getEvent({ eventId });
  const { tickets } = await api.getTickets({ eventId });
  const report = await api.getReport({ eventId });
  let reads = 3;
  const zone = event.startDate.timezone;
  const facts = {
    title: event.name,
    currency: env.currency ?? tickets.find((ticket) => ticket.currency)?.currency ?? null,
    timezone: env.timezone ?? (zone && isKnownTimezone(zone) ? zone : machineTimezone()),
    tickets,
    report,
  };
  let purchaseZone: string | undefined;
  const sourceZone = (): string | undefined => (purchaseZone && isKnownTimezone(purchaseZone) ? purchaseZone : undefined);
  let counting: { figures: FiguresAccumulator; zone: string | undefined } | undefined;
  const count = (row: ExportRow): void => {
    // Created at the first row: the zone its purchase dates name is known from its batch on.
    counting ??= { figures: new FiguresAccumulator(figuresClock(facts.timezone, sourceZone(), env.now)), zone: sourceZone() };
    counting.figures.add(row);
  };
  const listStart: ListStart = { head: [], newestFirst: false };
  let firstDate: string | undefined;
  createPrivateDirectory(dirname(env.workPath));
  const work = await claimWorkPath(env.workPath);
  try {
    // A checkpoint of another service or account is discarded: its rows are another list.
    const resume = work.shared && (await resumableCheckpoint({ eventId, format: 'ndjson', outputPath: work.path }, env.source)) !== undefined;
    await exportAttendees(
      { eventId, format: 'ndjson', outputPath: work.path, resume, prefetch: env.prefetch },
      {
        ...env,
        fetchBatch: async (range, signal, answered) => {
          reads += 1;
          const { attendee: records } = await api.attendeeList(range, { signal, onAnswer: answered });
          purchaseZone ??= records.find((record) => record.purchaseDate?.timezone)?.purchaseDate?.timezone;
          if (range.fromRecord === 0) {
            listStart.head = records.map((record) => String(record.orderNo));
            firstDate = records[0]?.purchaseDate?.date;
          }
          // Newest first (the live service's 2020 list) when the list ends earlier than it begins.
          const lastDate = records.at(-1)?.purchaseDate?.date;
          if (firstDate !== undefined && lastDate !== undefined) listStart.newestFirst = lastDate < firstDate;
          return records;
        },
        onRow: resume ? undefined : count,
      },
    );
    const zone = sourceZone();
    let figures = counting?.figures;
    try {
      // Rows counted before a batch named the dates' zone would fall on other days: count again.
      if (figures === undefined || counting?.zone !== zone) {
        figures = new FiguresAccumulator(figuresClock(facts.timezone, zone, env.now));
        for await (const row of readExportRows(work.path, 'ndjson', env.signal)) figures.add(row);
      }
    } finally {
      await rm(work.path, { force: true });
    }
    return { facts, figures, reads, listStart };
  } finally {
    await work.release();
  }
}

/**
 * The work path this read may use. Two reads of one event at once (two windows watching it) must not share work files: the first to finish removes them under
 * the other. The shared path, whose checkpoint resumes an interrupted read, goes to the read holding its lock (a killed read's lock is taken over); a read that
 * finds it held works in files of its own, starting from the first record.
 */
async function claimWorkPath(workPath: string): Promise<{ path: string; shared: boolean; release(): Promise<void> }> {
  const attempt = await tryLock(lockPathFor(workPath));
  if (attempt.acquired) return { path: workPath, shared: true, release: () => attempt.lock.release() };
  return { path: `${workPath}.${process.pid}`, shared: false, release: async () => undefined };
}

export type RefreshChange = Awaited<ReturnType<EventWatcher['refresh']>>;

/**
 * Watches one event: each refresh reads the sales report and one batch of the attendee list where new orders appear: past the orders already seen on a list
 * that is oldest first (exact under either paging semantics: the repeated order is dropped), or its first batch on one that is newest first, the new orders
 * being those before the first one seen there last time. When the list's order was not clear from the dates and the batch past the end finds nothing while the
 * report counts attendees not read, that refresh also reads the first batch (a third read).
 */
export class EventWatcher {
  private readonly columns = new ColumnRegistry();
  private lastCancelled: number | undefined;
  lastReport: ReportResponse | undefined;
  /**
   * Order numbers of the last records read. A batch starting at the count of orders seen repeats at most the last of them (1-based counting), so these are all
   * a refresh must recognise.
   */
  private recent: Set<string>;
  private head: Set<string>;
  private newestFirst: boolean;

  constructor(
    private readonly api: InsightsApi,
    private readonly eventId: string,
    private readonly figures: FiguresAccumulator,
    listStart: ListStart,
  ) {
    this.recent = new Set(figures.lastOrder === undefined ? [] : [figures.lastOrder]);
    this.head = new Set(listStart.head);
    this.newestFirst = listStart.newestFirst;
  }

  /** The orders at the head of a newest-first list before the first one seen there last time. */
  private async newAtHead(): Promise<AttendeeRecord[]> {
    const { attendee: records } = await this.api.attendeeList({ eventId: this.eventId, fromRecord: 0, toRecord: BATCH_SIZE });
    const known = records.findIndex((record) => this.head.has(String(record.orderNo)));
    if (records.length > 0) this.head = new Set(records.map((record) => String(record.orderNo)));
    return known < 0 ? records : records.slice(0, known);
  }

  /** The orders past those seen on an oldest-first list. */
  private async newAtTail(): Promise<AttendeeRecord[]> {
    const from = this.figures.orders;
    const { attendee: records } = await this.api.attendeeList({ eventId: this.eventId, fromRecord: from, toRecord: from + BATCH_SIZE });
    const seen = this.recent;
    if (records.length > 0) this.recent = new Set(records.map((record) => String(record.orderNo)));
    // Past the last order already seen: on a list that turns out newest first, the batch at the end holds the oldest orders, pushed along by the new ones, and
    // ends with one seen.
    const lastSeen = records.findLastIndex((record) => seen.has(String(record.orderNo)));
    return records.slice(lastSeen + 1);
  }

  /** The report's figures now, without changing anything: the baseline of the first refresh. */
  async start(): Promise<number> {
    this.lastReport = await this.api.getReport({ eventId: this.eventId });
    this.lastCancelled = Number(this.lastReport.cancel ?? 0);
    return 1;
  }

  /**
   * What changed since the last refresh: `revenue` is the new orders' cost, `cancellations` the sales report's (any order), `unread` the attendees it counts
   * beyond those read.
   */
  async refresh() {
    const report = await this.api.getReport({ eventId: this.eventId });
    this.lastReport = report;
    const change = { newOrders: 0, newAttendees: 0, revenue: 0, cancellations: 0, reads: READS_PER_REFRESH, unread: 0 };
    const sold = report.tickets.reduce((sum, line) => sum + Number(line.tickets), 0);
    let records = this.newestFirst ? await this.newAtHead() : await this.newAtTail();
    if (!this.newestFirst && records.length === 0 && sold > this.figures.figures().totals.attendees && this.head.size > 0) {
      records = await this.newAtHead();
      change.reads += 1;
      this.newestFirst = records.length > 0;
    }
    for (const record of records) {
      const rows = flattenRecord(record);
      for (const row of rows) {
        this.columns.observe(row.answers);
        this.figures.add(this.columns.rowObject(this.columns.appendCustomCells(row.fixed, row.answers)));
      }
      change.newOrders += 1;
      change.newAttendees += rows.length;
      change.revenue += Number(record.orderCost ?? 0) || 0;
    }
    const cancelled = Number(report.cancel ?? 0);
    change.cancellations = this.lastCancelled === undefined ? 0 : Math.max(0, cancelled - this.lastCancelled);
    this.lastCancelled = cancelled;
    change.unread = Math.max(0, sold - this.figures.figures().totals.attendees);
    change.revenue = roundMoney(change.revenue);
    return change;
  }
}
