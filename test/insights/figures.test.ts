// The pure parts of insights: counting rows, days in a timezone, the terminal's sparkline and
// bars, the watch interval rule, and reading exports back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWatchInterval } from '../../src/cli/framework/duration.js';
import { READS_PER_REFRESH } from '../../src/insights/live.js';
import { UsageError } from '../../src/client/errors.js';
import { neutraliseFormula, restoreFormula } from '../../src/util/csv.js';
import { sellThrough } from '../../src/insights/report.js';
import type { OrganizerTicket } from '../../src/client/index.js';
import { dayRange, figuresClock, instantOf } from '../../src/insights/dates.js';

/** A purchase date's calendar day in `zone`, as the figures count it. */
const calendarDay = (purchaseDate: string, zone: string, sourceZone: string | undefined) =>
  figuresClock(zone, sourceZone, Date.now).hourOf(purchaseDate).slice(0, 10);
import { FiguresAccumulator, MAX_DISTINCT_ANSWERS, type ExportRow } from '../../src/insights/figures.js';
import { formatMoney } from '../../src/util/count.js';
import { readExportRows } from '../../src/insights/read-export.js';
import { bar, barChart, sparkline } from '../../src/insights/terminal.js';

const dir = mkdtempSync(join(tmpdir(), 'boxoffice-insights-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function row(orderNo: string, fields: Partial<Record<string, string>> = {}): ExportRow {
  return {
    orderNo,
    purchaseDate: '2026-03-01 10:00:00',
    city: 'Pune',
    ticketId: '1',
    ticketName: 'General',
    checkin: 'no',
    attendeeStatus: 'attending',
    orderCost: '100',
    ...fields,
  };
}

describe('FiguresAccumulator', () => {
  it("counts orders once, attendees per row, and shares an order's cost among its tickets", () => {
    const figures = new FiguresAccumulator(figuresClock('UTC', undefined, () => Date.parse('2026-03-03T12:00:00Z')));
    figures.add(row('A1', { orderCost: '300', ticketName: 'General' }));
    figures.add(row('A1', { orderCost: '300', ticketName: 'VIP', attendeeStatus: 'cancelled' }));
    figures.add(row('A1', { orderCost: '300', ticketName: 'VIP', checkin: 'yes' }));
    figures.add(row('A2', { purchaseDate: '2026-03-03 23:59:59', city: 'Delhi', attendeeStatus: 'lcancelled' }));
    const result = figures.figures();
    expect(result.totals).toEqual({
      orders: 2,
      attendees: 4,
      revenue: 400,
      cancelled: 2,
      cancelledShare: 0.5,
      checkedIn: 1,
      checkedInShare: 0.25,
    });
    expect(result.tickets).toEqual([
      { ticket: 'General', attendees: 2, revenue: 200 },
      { ticket: 'VIP', attendees: 2, revenue: 200 },
    ]);
    expect(result.daily).toEqual([
      { date: '2026-03-01', orders: 1, attendees: 3, revenue: 300 },
      { date: '2026-03-03', orders: 1, attendees: 1, revenue: 100 },
    ]);
    expect(result.cities).toEqual([
      { city: 'Delhi', orders: 1 },
      { city: 'Pune', orders: 1 },
    ]);
    expect(result.recent.to).toBe('2026-03-03');
    expect(result.recent.orders.slice(-3)).toEqual([1, 0, 1]);
  });

  it('counts an order as a run of rows with the same number, as an export writes them', () => {
    const figures = new FiguresAccumulator(figuresClock('UTC', undefined, () => 0));
    for (const orderNo of ['A1', 'A1', 'A2', 'A3', 'A3', 'A3']) figures.add(row(orderNo));
    expect(figures.figures().totals).toMatchObject({ orders: 3, attendees: 6, revenue: 300 });
    expect(figures.lastOrder).toBe('A3');
  });

  it('tallies short answers, skips empty ones, and gives up on free text', () => {
    const figures = new FiguresAccumulator(figuresClock('UTC', undefined, () => 0));
    figures.add(row('A1', { 'T-shirt size': 'M', Notes: 'note 0' }));
    figures.add(row('A2', { 'T-shirt size': '', Notes: 'note 1' }));
    for (let index = 2; index <= MAX_DISTINCT_ANSWERS + 1; index += 1) figures.add(row(`A${index + 1}`, { 'T-shirt size': 'L', Notes: `note ${index}` }));
    const questions = figures.figures().questions;
    expect(questions[0]).toEqual({
      question: 'T-shirt size',
      answered: MAX_DISTINCT_ANSWERS + 1,
      answers: [
        { answer: 'L', attendees: MAX_DISTINCT_ANSWERS },
        { answer: 'M', attendees: 1 },
      ],
    });
    expect(questions[1]).toEqual({ question: 'Notes', answered: MAX_DISTINCT_ANSWERS + 2, answers: null });
  });
});

describe('dates', () => {
  it("converts a purchase date written in one zone to the event zone's day", () => {
    expect(calendarDay('2026-03-01 20:00:00', 'Asia/Kolkata', 'UTC')).toBe('2026-03-02');
    expect(calendarDay('2026-03-01 20:00:00', 'America/New_York', 'UTC')).toBe('2026-03-01');
    expect(calendarDay('2026-03-02 01:00:00', 'UTC', 'Asia/Kolkata')).toBe('2026-03-01');
    // without a source zone, the date is taken as written
    expect(calendarDay('2026-03-01 23:30:00', 'Asia/Kolkata', undefined)).toBe('2026-03-01');
  });

  it('reads wall times across a change of clocks', () => {
    expect(new Date(instantOf('2026-03-29 12:00:00', 'Europe/Berlin') ?? 0).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(new Date(instantOf('2026-03-28 12:00:00', 'Europe/Berlin') ?? 0).toISOString()).toBe('2026-03-28T11:00:00.000Z');
  });

  it('lists the last N days up to a date', () => {
    expect(dayRange('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('terminal pictures', () => {
  it('draws a sparkline with the lowest block for nothing and the highest for the most', () => {
    expect(sparkline([0, 1, 2, 4, 8])).toBe('▁▂▃▅█');
    expect(sparkline([0, 0])).toBe('▁▁');
  });

  it('draws bars in eighths of a character, the longest at full width', () => {
    expect(bar(10, 10, 4)).toBe('████');
    expect(bar(5, 10, 3)).toBe('█▌');
    expect(bar(0, 10)).toBe('');
    expect(
      barChart([
        { label: 'General', value: 8 },
        { label: 'VIP', value: 2 },
      ]),
    ).toEqual([`  General  ${'█'.repeat(30)} 8`, `  VIP      ${'█'.repeat(7)}▌ 2`]);
  });

  it('writes amounts with their currency code, as every command does', () => {
    expect(formatMoney(1234567.5, 'INR')).toBe('1,234,567.50 INR');
    expect(formatMoney(1234567.5, null)).toBe('1,234,567.50');
    expect(formatMoney(-0.5, 'USD')).toBe('-0.50 USD');
  });
});

describe('sell-through', () => {
  const ticket = (quantity: number, initialQuantity: number | null) =>
    ({ id: 7, typeName: 'General', quantity, initialQuantity }) as unknown as OrganizerTicket;
  const sold = (tickets: number) => ({ tickets: [{ ticketId: '7', ticketName: 'General', tickets }] });

  it('counts a ticket against its initialQuantity (quantity may be what is left), else its quantity', () => {
    // the reference's shape: both the number on sale
    expect(sellThrough([ticket(100, 100)], sold(30)).tickets[0]).toMatchObject({ sold: 30, onSale: 100, share: 0.3 });
    // the live service's: quantity is what is left of the 100 on sale
    expect(sellThrough([ticket(70, 100)], sold(30)).tickets[0]).toMatchObject({ onSale: 100, share: 0.3 });
    expect(sellThrough([ticket(68, 100)], sold(30)).tickets[0]).toMatchObject({ onSale: 100, share: 0.3 });
    // a service that sends no initialQuantity
    expect(sellThrough([ticket(50, null)], sold(10)).tickets[0]).toMatchObject({ onSale: 50, share: 0.2 });
    expect(sellThrough([ticket(0, 0)], sold(0)).total).toEqual({ sold: 0, onSale: 0, share: null });
  });
});

describe('orders per hour', () => {
  it('are counted while every sale is on one day, and given up on the second day', () => {
    const figures = new FiguresAccumulator(figuresClock('Asia/Kolkata', 'UTC', () => 0));
    figures.add(row('A1', { purchaseDate: '2026-03-01 04:10:00' }));
    figures.add(row('A2', { purchaseDate: '2026-03-01 04:50:00' }));
    figures.add(row('A3', { purchaseDate: '2026-03-01 12:00:00' }));
    // in Kolkata (UTC+5:30): 09:40, 10:20, 17:30
    expect(figures.figures().hourly).toEqual([
      { hour: '09', orders: 1 },
      { hour: '10', orders: 1 },
      { hour: '17', orders: 1 },
    ]);
    figures.add(row('A4', { purchaseDate: '2026-03-01 20:00:00' }));
    expect(figures.figures().hourly).toBeNull();
  });
});

describe('--watch interval', () => {
  it('refuses an interval whose two reads a refresh exceed 30 reads an hour on the service, not on a local sandbox', () => {
    expect(() => checkWatchInterval(239_000, 'https://api.example.test', READS_PER_REFRESH)).toThrow(UsageError);
    expect(() => checkWatchInterval(239_000, 'https://api.example.test', READS_PER_REFRESH)).toThrow('use --watch 4m or longer');
    expect(() => checkWatchInterval(240_000, 'https://api.example.test', READS_PER_REFRESH)).not.toThrow();
    expect(() => checkWatchInterval(1000, 'http://127.0.0.1:4010', READS_PER_REFRESH)).not.toThrow();
  });
});

describe('reading exports back', () => {
  it('restores what CSV neutralisation changed', () => {
    for (const cell of ['=1+1', '-2+3', '@x', '+cmd', 'plain', '-12.5', '']) expect(restoreFormula(neutraliseFormula(cell))).toBe(cell);
  });

  it('reads CSV (header and cells restored), JSON and NDJSON rows', async () => {
    const rows = async (name: string, text: string, format: 'csv' | 'json' | 'ndjson') => {
      writeFileSync(join(dir, name), text);
      const read: ExportRow[] = [];
      for await (const item of readExportRows(join(dir, name), format, new AbortController().signal)) read.push(item);
      return read;
    };
    expect(await rows('a.csv', 'orderNo,\'=Q\nA1,\'-2+3\nA2,"x,y"\n', 'csv')).toEqual([
      { orderNo: 'A1', '=Q': '-2+3' },
      { orderNo: 'A2', '=Q': 'x,y' },
    ]);
    expect(await rows('a.json', '[{"orderNo":"A1","city":null},\n{"orderNo":"A2","n":3}]', 'json')).toEqual([
      { orderNo: 'A1', city: '' },
      { orderNo: 'A2', n: '3' },
    ]);
    expect(await rows('a.ndjson', '{"orderNo":"A1"}\n\n{"orderNo":"A2"}\n', 'ndjson')).toEqual([{ orderNo: 'A1' }, { orderNo: 'A2' }]);
  });

  it('reads a CSV of many chunks as a whole-text parse does: BOM, CRLF, quoted line breaks, characters split across chunks', async () => {
    const header = '\uFEFForderNo,city,Note\r\n';
    const lines = Array.from({ length: 2_000 }, (_, index) => `A${index},Zürich ${'✓'.repeat(20)} ${index},"two\r\nlines, ""quoted"" 日本"\r\n`);
    const path = join(dir, 'many.csv');
    writeFileSync(path, header + lines.join(''));
    const read: ExportRow[] = [];
    for await (const item of readExportRows(path, 'csv', new AbortController().signal)) read.push(item);
    expect(read).toEqual(csvRecords(header + lines.join('')));
    const first: ExportRow[] = [];
    for await (const item of readExportRows(path, 'csv', new AbortController().signal)) {
      first.push(item);
      break;
    }
    expect(first).toEqual([{ orderNo: 'A0', city: `Zürich ${'✓'.repeat(20)} 0`, Note: 'two\r\nlines, "quoted" 日本' }]);
  });

  it('refuses a file that is not an export, naming it', async () => {
    const read = async (name: string, text: string, format: 'json' | 'ndjson') => {
      writeFileSync(join(dir, name), text);
      for await (const _ of readExportRows(join(dir, name), format, new AbortController().signal));
    };
    await expect(read('cut.json', '[{"orderNo":"A1"},', 'json')).rejects.toThrow(
      /--from: .*cut\.json ends in the middle of a record \(the array of rows is not closed\) on line 1:/,
    );
    await expect(read('broken.json', '[{"orderNo":"A1"},}]', 'json')).rejects.toThrow(/--from: .*broken\.json is not a JSON array of rows/);
    await expect(read('list.json', '[[1,2]]', 'json')).rejects.toThrow('--from: element 1 is not an object of columns');
    await expect(read('bad.ndjson', '{"orderNo":"A1"}\nnot json\n', 'ndjson')).rejects.toThrow('line 2 is not JSON');
  });
});
