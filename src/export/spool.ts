// The spool: one line per distinct order, `[orderNo, [[...fixed cells, answers], …]]`, appended
// batch by batch while the list is fetched. The final file is written from it once every label
// is known, and a resumed run rebuilds its state (order numbers seen, labels, counts) from it,
// so the checkpoint itself stays a few numbers long however large the event.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { FIXED_COLUMNS, type Answer, type FlatRow } from './flatten.js';

export interface SpooledOrder {
  orderNo: string;
  rows: FlatRow[];
}

type SpoolLine = [orderNo: string, rows: [...fixed: string[], answers: Answer[]][]];

export function encodeSpooledOrder(orderNo: string, rows: readonly FlatRow[]): string {
  const line: SpoolLine = [orderNo, rows.map((row) => [...row.fixed, row.answers])];
  return `${JSON.stringify(line)}\n`;
}

export function decodeSpooledOrder(line: string): SpooledOrder {
  const [orderNo, rows] = JSON.parse(line) as SpoolLine;
  return {
    orderNo,
    rows: rows.map((cells) => ({
      fixed: cells.slice(0, FIXED_COLUMNS.length) as string[],
      answers: cells[FIXED_COLUMNS.length] as Answer[],
    })),
  };
}

/** The orders in the first `endByte` bytes of the spool, one at a time. */
export async function* readSpool(path: string, endByte: number): AsyncGenerator<SpooledOrder> {
  if (endByte <= 0) return;
  const lines = createInterface({ input: createReadStream(path, { start: 0, end: endByte - 1 }), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line !== '') yield decodeSpooledOrder(line);
    }
  } finally {
    lines.close();
  }
}
