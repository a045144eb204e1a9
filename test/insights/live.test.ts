// The live read (readEventLive) against a real sandbox: its figures, counted as the attendee list
// is exported, are those of its finished export read back (the --from path), also when a
// question's label is a number (row objects list such keys first) and when an interrupted read
// is resumed from its checkpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type BoxofficeClient, type EventApi } from '../../src/client/index.js';
import { exportSource } from '../../src/export/checkpoint.js';
import type { ExportFormat } from '../../src/export/formats.js';
import { exportAttendees } from '../../src/export/export-attendees.js';
import { figuresClock } from '../../src/insights/dates.js';
import { FiguresAccumulator, type InsightsFigures } from '../../src/insights/figures.js';
import { readEventLive, type LiveReadEnvironment } from '../../src/insights/live.js';
import { readExportRows } from '../../src/insights/read-export.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const ORDERS = 260;
const NOW = Date.parse('2026-05-01T12:00:00Z');

let sandbox: TestSandbox;
let client: BoxofficeClient;
let eventId: string;
let dir: string;

async function sandboxTool(path: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.secret}` },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  eventId = ((await sandboxTool('/sandbox/seed', { orders: String(ORDERS) })) as { eventIds: string[] }).eventIds[0];
  client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.admin });
  // Questions first seen late in the list, labelled with numbers: a file's rows list them first.
  const { attendee: last } = await client.events.attendeeList({ eventId, fromRecord: ORDERS - 20, toRecord: ORDERS });
  const ticketNos = last.flatMap((record) => record.attendee.map((entry) => String(entry.ticketNo)));
  await sandboxTool('/sandbox/answer', { ticketNo: ticketNos[0], label: '12', value: 'yes' });
  await sandboxTool('/sandbox/answer', { ticketNo: ticketNos[1], label: '3', value: 'no' });
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-live-read-'));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function liveEnvironment(workName: string, api: Pick<EventApi, 'getEvent' | 'getTickets' | 'getReport' | 'attendeeList'>, signal: AbortSignal) {
  const notices: string[] = [];
  const env: LiveReadEnvironment = {
    api,
    workPath: join(dir, workName),
    source: exportSource(sandbox.url, sandbox.tokens.admin),
    notice: (line) => notices.push(line),
    signal,
    now: () => NOW,
    stdout: new Writable({ write: (_chunk, _encoding, done) => done() }),
    prefetch: 2,
    timezone: 'UTC',
  };
  return { env, notices };
}

/** The figures of `insights --from` an export of the event in `format`. */
async function figuresFromExport(format: ExportFormat): Promise<InsightsFigures> {
  const path = join(dir, `event.${format}`);
  await exportAttendees(
    { eventId, format, outputPath: path, resume: false, prefetch: 2 },
    {
      fetchBatch: async (range) => (await client.events.attendeeList(range)).attendee,
      source: exportSource(sandbox.url, sandbox.tokens.admin),
      stdout: new Writable({ write: (_chunk, _encoding, done) => done() }),
      notice: () => undefined,
      signal: new AbortController().signal,
      now: () => NOW,
    },
  );
  const figures = new FiguresAccumulator(figuresClock('UTC', undefined, () => NOW));
  for await (const row of readExportRows(path, format, new AbortController().signal)) figures.add(row);
  return figures.figures();
}

describe('a live read', { timeout: 120_000 }, () => {
  it('counts the figures of its export as it reads: those of the finished export read back, numbered questions first', async () => {
    const { env } = liveEnvironment('fresh.ndjson', client.events, new AbortController().signal);
    const live = (await readEventLive(eventId, env)).figures.figures();
    expect(live.totals.orders).toBe(ORDERS);
    expect(live.questions.slice(0, 2).map((question) => question.question)).toEqual(['3', '12']);
    expect(live.questions.length).toBeGreaterThan(2);
    for (const format of ['ndjson', 'csv', 'json'] as const) expect(live).toEqual(await figuresFromExport(format));
  });

  it('stops a list read in flight when interrupted (Ctrl-C), rather than waiting for its answer', async () => {
    const interrupt = new AbortController();
    let aborted = false;
    const stalled: typeof client.events.attendeeList = async (request, options) => {
      if (Number(request.fromRecord) < 100) return client.events.attendeeList(request, options);
      // An answer that never comes: only the request's own signal ends the wait. Ctrl-C comes once it is in flight.
      return new Promise((_resolve, reject) => {
        options?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(options.signal?.reason);
        });
        queueMicrotask(() => interrupt.abort(new Error('interrupted')));
      });
    };
    const { env } = liveEnvironment('stalled.ndjson', { ...client.events, attendeeList: stalled }, interrupt.signal);
    await expect(readEventLive(eventId, env)).rejects.toThrow('interrupted');
    expect(aborted).toBe(true);
  });

  it('resumed after an interruption, gives the figures of one read from the start', async () => {
    const interrupt = new AbortController();
    const interrupted: typeof client.events.attendeeList = async (request, options) => {
      const answer = await client.events.attendeeList(request, options);
      if (Number(request.fromRecord) >= 100) interrupt.abort();
      return answer;
    };
    const first = liveEnvironment('resumed.ndjson', { ...client.events, attendeeList: interrupted }, interrupt.signal);
    await expect(readEventLive(eventId, first.env)).rejects.toThrow();

    const second = liveEnvironment('resumed.ndjson', client.events, new AbortController().signal);
    const resumed = (await readEventLive(eventId, second.env)).figures.figures();
    expect(second.notices.some((line) => line.startsWith('resuming at record '))).toBe(true);
    const fresh = (await readEventLive(eventId, liveEnvironment('again.ndjson', client.events, new AbortController().signal).env)).figures.figures();
    expect(resumed).toEqual(fresh);
    expect(resumed.totals.orders).toBe(ORDERS);
  });
});
