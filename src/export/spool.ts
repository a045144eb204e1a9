// The spool: one line per distinct order, `[orderNo, [[...fixed cells, answers], …]]`, appended
// batch by batch while the list is fetched. The final file is written from it once every label
// is known, and a resumed run rebuilds its state (order numbers seen, labels, counts) from it,
// so the checkpoint itself stays a few numbers long however large the event.
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
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

/** The orders in the first `endByte` bytes of the spool, one at a time (pulled: backpressure). */
export async function* readSpool(path: string, endByte: number): AsyncGenerator<SpooledOrder> {
  if (endByte <= 0) return;
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of createReadStream(path, { start: 0, end: endByte - 1 })) {
    pending += decoder.write(chunk as Buffer);
    let newline = pending.indexOf('\n');
    let start = 0;
    while (newline >= 0) {
      if (newline > start) yield decodeSpooledOrder(pending.slice(start, newline));
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (pending !== '') yield decodeSpooledOrder(pending);
}
