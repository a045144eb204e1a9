import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { csvRecords } from '../helpers/csv.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitError } from '../../src/client/errors.js';
import type { RecordRange } from '../../src/client/paginate.js';
import type { AttendeeRecord } from '../../src/client/schemas/index.js';
import { ColumnRegistry } from '../../src/export/columns.js';
import { exportAttendees, type ExportEnvironment, type ExportRequest } from '../../src/export/export-attendees.js';
import { answersOf, FIXED_COLUMNS, flattenRecord } from '../../src/export/flatten.js';
import { csvLine, neutraliseFormula } from '../../src/util/csv.js';
import { makeOrders, pagedServer, type PagingSemantics } from './fixtures.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-core-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function environment(fetchBatch: ExportEnvironment['fetchBatch'], overrides: Partial<ExportEnvironment> = {}) {
  const stdout = new PassThrough();
  let data = '';
  stdout.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
  const notices: string[] = [];
  const env: ExportEnvironment = {
    fetchBatch,
    source: { service: 'http://127.0.0.1:9', account: 'test-account' },
    stdout,
    notice: (line) => notices.push(line),
    signal: new AbortController().signal,
    now: () => 0,
    ...overrides,
  };
  return { env, notices, data: () => data };
}

/** An environment whose run is interrupted, as by Ctrl-C, when the batch from `fromRecord` is asked for. */
function interruptedAt(server: ReturnType<typeof pagedServer>, fromRecord: number) {
  const controller = new AbortController();
  const fetchBatch: ExportEnvironment['fetchBatch'] = async (range, signal, answered) => {
    if (range.fromRecord === fromRecord) controller.abort(new Error('interrupted'));
    return server.fetchBatch(range, signal, answered);
  };
  return environment(fetchBatch, { signal: controller.signal });
}

async function exportToFile(orders: AttendeeRecord[], semantics: PagingSemantics, request: Partial<ExportRequest> = {}): Promise<string> {
  const file = join(dir, `out-${semantics}-${request.format ?? 'csv'}-${request.prefetch ?? 0}`);
  const server = pagedServer(orders, semantics);
  await exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: false, ...request }, environment(server.fetchBatch).env);
  return readFile(file, 'utf8');
}

describe('flattening', () => {
  it('reads details as [], an object, or an array of {label, value}, and additionalInfo', () => {
    const entry = { ticketName: 'A', ticketId: '1', ticketNo: '1' };
    expect(answersOf({ ...entry, details: [] })).toEqual([]);
    expect(answersOf({ ...entry, details: { Size: 'M', Age: 30 } })).toEqual([
      ['Size', 'M'],
      ['Age', '30'],
    ]);
    expect(
      answersOf({
        ...entry,
        details: [
          { label: ' Size ', value: 'M' },
          { label: 'Size', value: 'L' },
        ],
      }),
    ).toEqual([['Size', 'M; L']]);
    expect(answersOf({ ...entry, details: null, additionalInfo: { Diet: 'vegan' } } as never)).toEqual([['Diet', 'vegan']]);
  });

  it('makes one row per attendee with the contract columns; purchaseDate is the date string as sent', () => {
    const [record] = makeOrders(3).slice(2);
    const rows = flattenRecord(record);
    expect(rows).toHaveLength(3);
    expect(rows[0].fixed).toEqual([
      'ORD000003',
      '2026-01-03 10:00:00',
      'Buyer 2',
      'buyer2@example.test',
      '0441234567',
      'Zürich',
      '100',
      'General',
      'T2-0',
      'Attendee 2-0',
      'a2-0@example.test',
      'no',
      'attending',
      String(record.orderCost),
    ]);
  });

  it('keeps labels in first-seen order and renames a label that clashes with a fixed column', () => {
    const columns = new ColumnRegistry();
    columns.observe([['Size', 'M']]);
    columns.observe([
      ['city', 'x'],
      ['Size', 'L'],
      ['Age', '3'],
    ]);
    expect(columns.header.slice(14)).toEqual(['Size', 'city (form)', 'Age']);
    expect(columns.appendCustomCells([], [['Age', '3']])).toEqual(['', '', '3']);
  });
});

describe('formula neutralisation', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['-12.5', '-12.5'],
    ['+41', '+41'],
    ['+49 30 000000', '+49 30 000000'],
    ['+91 98450 00001', '+91 98450 00001'],
    ['+1 555-010-0000', '+1 555-010-0000'],
    ['+1-2', "'+1-2"],
    ['+49 30 000000+cmd', "'+49 30 000000+cmd"],
    ['+49 30 A1', "'+49 30 A1"],
    ['+1 (555) 010', "'+1 (555) 010"],
    ['-49 30 000000', "'-49 30 000000"],
    ['+49  30 000000', "'+49  30 000000"],
    ['plain', 'plain'],
    ['', ''],
  ])('%j → %j', (cell, expected) => {
    expect(neutraliseFormula(cell)).toBe(expected);
  });
});

describe('exportAttendees', () => {
  it('gives identical files under both paging semantics, with and without prefetching, each attendee once', async () => {
    const orders = makeOrders(333, { lateLabelAt: 330, hostileAt: 7 });
    const oneBased = await exportToFile(orders, 'one-based-inclusive');
    const zeroBased = await exportToFile(orders, 'zero-based-offset');
    const prefetched = await exportToFile(orders, 'one-based-inclusive', { prefetch: 3 });
    expect(zeroBased).toBe(oneBased);
    expect(prefetched).toBe(oneBased);
    const rows = csvRecords(oneBased);
    const expectedAttendees = orders.reduce((sum, order) => sum + order.attendee.length, 0);
    expect(rows).toHaveLength(expectedAttendees);
    expect(new Set(rows.map((row) => row.ticketNo)).size).toBe(expectedAttendees);
  });

  it('puts a label first seen near the end into the header, empty for earlier rows', async () => {
    const orders = makeOrders(120, { lateLabelAt: 118 });
    const csv = await exportToFile(orders, 'zero-based-offset');
    const rows = csvRecords(csv);
    const header = csv.slice(0, csv.indexOf('\n')).split(',');
    expect(header.slice(0, 14)).toEqual([
      'orderNo',
      'purchaseDate',
      'buyerName',
      'buyerEmail',
      'phoneNo',
      'city',
      'ticketId',
      'ticketName',
      'ticketNo',
      'attendeeName',
      'attendeeEmail',
      'checkin',
      'attendeeStatus',
      'orderCost',
    ]);
    expect(header.slice(14)).toEqual(['T-shirt size', 'Company', 'Diet', 'Wheelchair access']);
    expect(rows.filter((row) => row['Wheelchair access'] === 'yes').map((row) => row.ticketNo)).toEqual(['T118-0']);
    expect(rows[0]['Wheelchair access']).toBe('');
  });

  it('quotes and neutralises hostile cells in CSV, and keeps them as sent in JSON', async () => {
    const orders = makeOrders(10, { hostileAt: 5 });
    const csv = await exportToFile(orders, 'zero-based-offset');
    const rows = csvRecords(csv);
    const hostile = rows.find((row) => row.ticketNo === 'T5-0') as Record<string, string>;
    expect(hostile.attendeeName).toBe('\'=HYPERLINK("http://evil.test","click")');
    expect(hostile['\'@label, with "quotes"']).toBe("'+1+cmd|' /C calc'!A0");
    expect(hostile.Notes).toBe('line one\nline two, "quoted"');
    expect(hostile.city).toBe('München');
    expect(hostile.phoneNo).toBe('+41 44 000 00 00');

    const json = JSON.parse(await exportToFile(orders, 'zero-based-offset', { format: 'json' })) as Record<string, string>[];
    const hostileJson = json.find((row) => row.ticketNo === 'T5-0') as Record<string, string>;
    expect(hostileJson.attendeeName).toBe('=HYPERLINK("http://evil.test","click")');
    expect(hostileJson['@label, with "quotes"']).toBe("+1+cmd|' /C calc'!A0");
    expect(json).toHaveLength(rows.length);

    const ndjson = await exportToFile(orders, 'zero-based-offset', { format: 'ndjson' });
    expect(
      ndjson
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(json);
  });

  it('writes an empty event as a header only / an empty array', async () => {
    expect(await exportToFile([], 'zero-based-offset')).toBe(
      'orderNo,purchaseDate,buyerName,buyerEmail,phoneNo,city,ticketId,ticketName,ticketNo,attendeeName,attendeeEmail,checkin,attendeeStatus,orderCost\n',
    );
    expect(await exportToFile([], 'zero-based-offset', { format: 'json' })).toBe('[]\n');
  });

  it('writes to stdout without -o and leaves nothing behind', async () => {
    const server = pagedServer(makeOrders(60), 'one-based-inclusive');
    const { env, data } = environment(server.fetchBatch);
    const summary = await exportAttendees({ eventId: 'E1', format: 'ndjson', resume: false }, env);
    expect(data().trimEnd().split('\n')).toHaveLength(summary.attendees);
    expect(summary).toMatchObject({ orders: 60, duplicatesDropped: 1, batches: 2, file: null });
  });

  it.each(['csv', 'json', 'ndjson'] as const)(
    'leaves no file at FILE when interrupted, and --resume yields exactly the uninterrupted file (%s)',
    async (format) => {
      const orders = makeOrders(260, { lateLabelAt: 250, hostileAt: 3 });
      const expected = await exportToFile(orders, 'one-based-inclusive', { format });
      const file = join(dir, `resumed.${format}`);
      const server = pagedServer(orders, 'one-based-inclusive');
      const first = interruptedAt(server, 150);
      await expect(exportAttendees({ eventId: 'E1', format, outputPath: file, resume: false, prefetch: 2 }, first.env)).rejects.toThrow('interrupted');
      const left = await readdir(dir);
      expect(left).not.toContain(`resumed.${format}`);
      expect(left).toEqual(expect.arrayContaining([`resumed.${format}.checkpoint.json`, `resumed.${format}.spool`, `resumed.${format}.orders.ndjson`]));

      server.calls.length = 0;
      const second = environment(server.fetchBatch);
      const summary = await exportAttendees({ eventId: 'E1', format, outputPath: file, resume: true }, second.env);
      expect(server.calls[0].fromRecord).toBeGreaterThan(0);
      expect(second.notices[0]).toMatch(/^resuming at record \d+/);
      expect(await readFile(file, 'utf8')).toBe(expected);
      expect(summary.orders).toBe(260);
      const after = await readdir(dir);
      expect(after).toContain(`resumed.${format}`);
      expect(after.filter((name) => name.startsWith(`resumed.${format}.`))).toEqual([]);
    },
  );

  it('--resume keeps the --status filter it was started with, and refuses another one', async () => {
    const orders = makeOrders(200).map((order, index) => ({
      ...order,
      attendee: order.attendee.map((entry) => ({ ...entry, status: index % 2 === 0 ? 'attending' : 'cancelled' })),
    }));
    const expected = await exportToFile(orders, 'zero-based-offset', { statuses: ['attending'] });
    expect(expected).not.toContain('cancelled');
    const file = join(dir, 'attending.csv');
    const server = pagedServer(orders, 'zero-based-offset');
    await expect(
      exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: false, statuses: ['attending'] }, interruptedAt(server, 100).env),
    ).rejects.toThrow('interrupted');
    await expect(exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: true }, environment(server.fetchBatch).env)).rejects.toThrow(
      'was written with --status attending, not no --status',
    );
    await exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: true, statuses: ['Attending'] }, environment(server.fetchBatch).env);
    expect(await readFile(file, 'utf8')).toBe(expected);
  });

  it('keeps the checkpoint when rate limits outlast --max-wait, and resumes from it', async () => {
    const orders = makeOrders(180);
    const expected = await exportToFile(orders, 'zero-based-offset');
    const file = join(dir, 'limited.json');
    const server = pagedServer(orders, 'zero-based-offset');
    const refusing = async (range: RecordRange, signal: AbortSignal, answered: () => void) => {
      if (range.fromRecord >= 100) throw new RateLimitError({ code: 'E023', httpStatus: 429, retryAfterMs: 3_600_000 });
      return server.fetchBatch(range, signal, answered);
    };
    const first = environment(refusing);
    await expect(exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: false }, first.env)).rejects.toBeInstanceOf(RateLimitError);
    expect(await readdir(dir)).not.toContain('limited.json');
    await exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: true }, environment(server.fetchBatch).env);
    expect(await readFile(file, 'utf8')).toBe(expected);
  });

  it('refuses to resume a checkpoint of another event or format', async () => {
    const file = join(dir, 'other.csv');
    const server = pagedServer(makeOrders(120), 'zero-based-offset');
    await expect(exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: false }, interruptedAt(server, 50).env)).rejects.toThrow();
    await expect(exportAttendees({ eventId: 'E2', format: 'csv', outputPath: file, resume: true }, environment(server.fetchBatch).env)).rejects.toThrow(
      /checkpoint .* is for event E1 as csv, not event E2 as csv/,
    );
  });

  it('starts over past a checkpoint an earlier version wrote, and refuses to --resume it', async () => {
    const orders = makeOrders(60);
    const file = join(dir, 'upgraded.csv');
    const stale = JSON.stringify({ version: 1, eventId: 'E1', format: 'csv', nextRecord: 50, spoolBytes: 10, batches: 1, records: 50, duplicates: 0 });
    await writeFile(`${file}.checkpoint.json`, stale);
    const server = pagedServer(orders, 'zero-based-offset');
    await expect(exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: true }, environment(server.fetchBatch).env)).rejects.toThrow(
      /--resume: the checkpoint .* is not one this version wrote; run without --resume to start over/,
    );
    expect(server.calls).toHaveLength(0);
    const fresh = environment(server.fetchBatch);
    await exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: false }, fresh.env);
    expect(fresh.notices[0]).toMatch(/^starting over: discarding the checkpoint of an earlier run/);
    expect(await readFile(file, 'utf8')).toBe(await exportToFile(orders, 'zero-based-offset'));
  });

  it('refuses to --resume from a spool shorter than its checkpoint counts, and changes nothing', async () => {
    const file = join(dir, 'short.csv');
    const server = pagedServer(makeOrders(160), 'zero-based-offset');
    await expect(exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: false }, interruptedAt(server, 100).env)).rejects.toThrow(
      'interrupted',
    );
    await writeFile(`${file}.spool`, 'cut short\n');
    server.calls.length = 0;
    await expect(exportAttendees({ eventId: 'E1', format: 'csv', outputPath: file, resume: true }, environment(server.fetchBatch).env)).rejects.toThrow(
      /--resume: .*short\.csv\.spool holds 10 bytes, fewer than the checkpoint counts/,
    );
    expect(server.calls).toHaveLength(0);
    expect(await readFile(`${file}.spool`, 'utf8')).toBe('cut short\n');
  });
});

describe('progress line', () => {
  it('groups digits by thousands like en-US', async () => {
    const { formatCount } = await import('../../src/util/count.js');
    for (const value of [0, 7, 999, 1000, 12345, 199999, 1234567, 1e9, 2501.6]) {
      expect(formatCount(value)).toBe(Math.round(value).toLocaleString('en'));
    }
  });

  it('counts orders only, and shows a bar and an ETA once a few batches give a rate and the total is known', async () => {
    const { progressLine } = await import('../../src/export/progress.js');
    expect(progressLine({ orders: 1000, attendees: 1500, batches: 20 }, 2000)).toBe('exporting 1,000 orders · 500 orders/s');
    expect(progressLine({ orders: 1, attendees: 3, batches: 1, expectedAttendees: 3000 }, 100)).toBe('exporting 1 order · 10 orders/s');
    expect(progressLine({ orders: 100, attendees: 150, batches: 2, expectedAttendees: 3000 }, 200)).toBe('exporting 100 orders · 500 orders/s');
    expect(progressLine({ orders: 1000, attendees: 1500, batches: 20, expectedAttendees: 3000 }, 2000)).toBe(
      '[##########----------] 50% 1,000 orders · 500 orders/s · ETA 2s',
    );
  });

  it('never says "1 orders": counts take the singular for one', async () => {
    const { countOf } = await import('../../src/util/count.js');
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(0, 'order')).toBe('0 orders');
    expect(countOf(12345, 'attendee')).toBe('12,345 attendees');
    expect(countOf(1, 'batch', 'batches')).toBe('1 batch');
  });
});

describe('order number set', () => {
  it('is exact for prefixed numbers, zero padding, long digit runs and other shapes', async () => {
    const { OrderNumberSet } = await import('../../src/export/order-numbers.js');
    const seen = new OrderNumberSet();
    const values = [
      'SBX00000042',
      'SBX42',
      '42',
      '0042',
      'A-1',
      'A-01',
      'B1',
      '123456789012345',
      '1234567890123456',
      'x y',
      '',
      'SBX00000043',
      // A prefix with digits in it, numbers above 2^30 (1073741824), the same low part in two ranges.
      'E7E113840000100',
      'E7E113840000101',
      'E7113840000100',
      'E7E1073741824',
      'E7E0000000000',
      'E7E2147483648',
      'E7E1073741825',
      'E7E0000000001',
    ];
    for (const value of values) expect(seen.add(value)).toBe(true);
    for (const value of values) expect(seen.add(value)).toBe(false);
    expect(seen.size).toBe(values.length);
    // Near misses (another padding, the next number, another high part) are new; numbers added are not.
    for (const value of ['SBX00000044', 'SBX0000042', 'E7E113840000102', 'E7E3221225472']) expect(seen.add(value)).toBe(true);
    for (const value of ['0042', 'E7E113840000100']) expect(seen.add(value)).toBe(false);
  });
});

describe('final pass', () => {
  it.each(['csv', 'ndjson'] as const)(
    'completes the %s rows written before a label appeared, across reads, leaving line ends inside quoted cells alone',
    async (format) => {
      const { createRowFormatter, writeExportFile } = await import('../../src/export/write-output.js');
      const early = new ColumnRegistry();
      early.observe([['Diet', '']]);
      const all = new ColumnRegistry();
      all.observe([
        ['Diet', ''],
        ['Größe "ü"', ''],
        ['T-shirt', ''],
      ]);
      const fixed = (index: number) =>
        FIXED_COLUMNS.map((column) => (column === 'attendeeName' ? `line one\nline "${index}"\r\n, ü€😀` : `${column}-${index}`));
      const earlyRows = Array.from({ length: 3000 }, (_, index) => [...fixed(index), index % 7 === 0 ? '=1+1}\n' : `veg ${index}`]);
      const lateRows = Array.from({ length: 500 }, (_, index) => [...fixed(3000 + index), 'vegan', 'L', `}"${index}"`]);
      const earlyFormat = createRowFormatter(format, early);
      const allFormat = createRowFormatter(format, all);
      const spool = earlyRows.map((cells) => earlyFormat(cells)).join('') + lateRows.map((cells) => allFormat(cells)).join('');
      const path = join(dir, `spool.${format}`);
      await writeFile(path, spool);
      const lateFrom = Buffer.byteLength(earlyRows.map((cells) => earlyFormat(cells)).join(''));
      expect(lateFrom).toBeGreaterThan(4 * 64 * 1024);
      const source = {
        spoolPath: path,
        spoolBytes: Buffer.byteLength(spool),
        segments: [
          { fromByte: 0, customColumns: 1 },
          { fromByte: lateFrom, customColumns: 3 },
        ],
        columns: all,
      };
      const out = join(dir, `out.${format}`);
      await writeExportFile(source, format, out);
      const head = format === 'csv' ? allFormat(all.header) : '';
      const completed = [...earlyRows.map((cells) => [...cells, '', '']), ...lateRows].map((cells) => allFormat(cells)).join('');
      expect(await readFile(out, 'utf8')).toBe(head + completed);
      // A segment that ends inside a row is refused rather than completed wrongly.
      await expect(writeExportFile({ ...source, segments: [{ fromByte: 0, customColumns: 1 }], spoolBytes: lateFrom - 3 }, format, out)).rejects.toThrow(
        /ends inside a row/,
      );
    },
  );
});

describe('spool', () => {
  it('after a failed write, writes nothing more and lets no flush pass (the file is gone from under it)', async () => {
    const { AppendOnlyFile, BufferedAppend } = await import('../../src/export/spool.js');
    const file = new AppendOnlyFile(join(dir, 'failing.spool'));
    const buffered = new BufferedAppend(file);
    file.close();
    expect(buffered.append('a,b\n')).toBe(4);
    expect(() => buffered.flush()).toThrow(/is closed/);
    expect(() => buffered.flush()).toThrow(/an earlier write to the spool failed/);
    expect(() => buffered.close()).not.toThrow();
  });

  it.skipIf(!existsSync('/dev/full'))('never writes its work into a device (a spool path that is /dev/full is refused)', async () => {
    const { SpoolWriter } = await import('../../src/export/spool.js');
    expect(() => new SpoolWriter({ spool: '/dev/full', orders: join(dir, 'orders-dev.ndjson') }, { spoolBytes: 0, ordersBytes: 0 }, false)).toThrow(
      /\/dev\/full is not a regular file/,
    );
  });

  it('cuts CSV at line ends outside quotes only, across read chunks and from any row start', async () => {
    const { spoolRows } = await import('../../src/export/spool.js');
    const records = Array.from({ length: 6000 }, (_, index) => [`a${index}`, `line one\nline "${index}"\r\n`, 'x,y', 'ü€😀']);
    const rows = records.map((record) => csvLine(record).slice(0, -1));
    const path = join(dir, 'rows.csv');
    const text = rows.map((row) => `${row}\n`).join('');
    await writeFile(path, text);
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * 64 * 1024);
    const read = async (start: number, end: number) => {
      const found: string[] = [];
      for (const rows of spoolRows(path, start, end, true)) found.push(...rows.map((row) => row.toString('utf8')));
      return found;
    };
    expect(await read(0, Buffer.byteLength(text))).toEqual(rows);
    const from = Buffer.byteLength(
      rows
        .slice(0, 1000)
        .map((row) => `${row}\n`)
        .join(''),
    );
    const to = Buffer.byteLength(
      rows
        .slice(0, 4000)
        .map((row) => `${row}\n`)
        .join(''),
    );
    expect(await read(from, to)).toEqual(rows.slice(1000, 4000));
    await expect(read(0, to - 1)).rejects.toThrow(/ends inside a row/);
    // A row longer than a read (64 KiB) grows the buffer instead of splitting the row.
    const long = csvLine(['x'.repeat(200_000), 'line\none']);
    await writeFile(path, long + long);
    expect(await read(0, Buffer.byteLength(long) * 2)).toEqual([long.slice(0, -1), long.slice(0, -1)]);
  });
});
