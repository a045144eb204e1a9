import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import type { CommandContext } from '../../src/cli/framework/context.js';
import type { Io } from '../../src/session/deps.js';
import { writeJson, writeRows, type Column } from '../../src/cli/output/index.js';
import { fitColumns, humanHeader, shorten } from '../../src/cli/output/rows.js';

function capture(stdoutIsTTY: boolean): { io: Io; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: Io = { stdin: new PassThrough(), stdout, stderr, stdinIsTTY: false, stdoutIsTTY, stderrIsTTY: false };
  return { io, out: () => out, err: () => err };
}

interface Row {
  id: string;
  name: string;
  sold: number;
}
const columns: Column<Row>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'NAME', value: (row) => row.name },
  { header: 'SOLD', value: (row) => row.sold, alignRight: true },
];
const rows: Row[] = [
  { id: '1', name: 'Early bird', sold: 12 },
  { id: '2', name: 'Door\tticket\nlate', sold: 0 },
];

describe('rows', () => {
  it('print tab-separated, one record a line, without header, when piped', async () => {
    const { io, out } = capture(false);
    await writeRows(io, columns, rows);
    expect(out()).toBe('1\tEarly bird\t12\n2\tDoor ticket late\t0\n');
  });

  it('print a header line before the tab-separated lines only when asked (--header), all in one write', async () => {
    const { io, out } = capture(false);
    const writes: unknown[] = [];
    const write = io.stdout.write.bind(io.stdout);
    io.stdout.write = ((chunk: string) => writes.push(chunk) > 0 && write(chunk)) as typeof io.stdout.write;
    const context = { deps: { io, env: {} }, globals: () => ({ header: true }) } as unknown as CommandContext;
    await writeRows(context, columns, rows);
    expect(out()).toBe('ID\tNAME\tSOLD\n1\tEarly bird\t12\n2\tDoor ticket late\t0\n');
    expect(writes).toHaveLength(1);
    expect(humanHeader('id')).toBe('ID');
    expect(humanHeader('on sale from')).toBe('On sale from');
  });

  it('print a table on a terminal: human headers, one rule under them, none between rows, no colour under NO_COLOR', async () => {
    const { io, out } = capture(true);
    await writeRows(
      { io, env: { NO_COLOR: '1' } },
      [
        { header: 'id', value: (row: Row) => row.id },
        { header: 'name', value: (row: Row) => row.name },
        { header: 'sold', value: (row: Row) => row.sold, alignRight: true },
      ],
      rows.slice(0, 1).concat({ id: '2', name: 'Door', sold: 0 }),
    );
    expect(out()).toBe('ID  Name        Sold\n' + '────────────────────\n' + '1   Early bird    12\n' + '2   Door           0\n');
  });

  it('say so on stderr for an empty table on a terminal, and print nothing when piped', async () => {
    const tty = capture(true);
    await writeRows(tty.io, columns, [], { emptyMessage: 'no events yet' });
    expect(tty.out()).toBe('');
    expect(tty.err()).toBe('no events yet\n');
    const piped = capture(false);
    await writeRows(piped.io, columns, [], { emptyMessage: 'no events yet' });
    expect(piped.out()).toBe('');
    expect(piped.err()).toBe('');
  });
});

describe('json', () => {
  it('prints exactly one document', () => {
    const { io, out } = capture(false);
    writeJson(io, { status: 'success', eventId: '7' });
    expect(JSON.parse(out())).toEqual({ status: 'success', eventId: '7' });
    expect(out().trimEnd().split('\n').at(-1)).toBe('}');
  });
});

describe('fitting a table to the terminal', () => {
  const columns = [{ header: 'ID' }, { header: 'Title', shrink: 10 }, { header: 'Type', dropOrder: 2 }, { header: 'URL', dropOrder: 1 }];
  const cells = [['100001', 'A rather long event title', 'ticketing', 'https://example.com/e/a-rather-long-event-title']];

  it('keeps every column at its width when they fit', () => {
    expect(fitColumns(columns, cells, 200)).toEqual({ shown: [0, 1, 2, 3], widths: [6, 25, 9, 47] });
  });

  it('drops in the stated order, then shortens the shrinkable columns only as far as needed', () => {
    expect(fitColumns(columns, cells, 50)).toEqual({ shown: [0, 1, 2], widths: [6, 25, 9] });
    expect(fitColumns(columns, cells, 30)).toEqual({ shown: [0, 1, 2], widths: [6, 11, 9] });
    expect(fitColumns(columns, cells, 20)).toEqual({ shown: [0, 1], widths: [6, 12] });
    expect(shorten('A rather long event title', 12)).toBe('A rather lo…');
  });
});
