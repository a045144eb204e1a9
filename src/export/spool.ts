// The spool: one line per distinct order, appended batch by batch while the list is fetched:
//   [orderNo, customColumnsKnown, [row text, …], [labels first seen in this order, …]]
// Rows are already in the output format, with the custom columns known when they were written;
// a label first seen later only adds columns at the end, so the final pass merely pads such rows
// (write-output.ts) instead of formatting every row again. A resumed run rebuilds its state
// (order numbers seen, labels in order, counts) from the spool, so the checkpoint itself stays a
// few numbers long however large the event.
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface SpooledOrder {
  orderNo: string;
  /** Custom columns the rows were written with. */
  columnsKnown: number;
  rows: string[];
  newLabels: string[];
}

type SpoolLine = [orderNo: string, columnsKnown: number, rows: string[], newLabels: string[]];

export function encodeSpooledOrder(order: SpooledOrder): string {
  const line: SpoolLine = [order.orderNo, order.columnsKnown, order.rows, order.newLabels];
  return `${JSON.stringify(line)}\n`;
}

export function decodeSpooledOrder(line: string): SpooledOrder {
  const [orderNo, columnsKnown, rows, newLabels] = JSON.parse(line) as SpoolLine;
  return { orderNo, columnsKnown, rows, newLabels };
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
