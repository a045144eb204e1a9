import { describe, expect, it } from 'vitest';
import { attendeeBatches, type RecordRange } from '../../src/client/paginate.js';
import { makeOrders, pagedServer } from '../export/fixtures.js';

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

describe('attendeeBatches', () => {
  it.each(['one-based-inclusive', 'zero-based-offset'] as const)('pages 0–50, 50–100, … until an empty batch (%s)', async (semantics) => {
    const orders = makeOrders(120);
    const server = pagedServer(orders, semantics);
    const batches = await collect(attendeeBatches(server.fetchBatch, { eventId: 'E1' }));
    expect(server.calls.map((call) => [call.fromRecord, call.toRecord])).toEqual([
      [0, 50],
      [50, 100],
      [100, 150],
      [150, 200],
    ]);
    const orderNos = new Set(batches.flatMap((batch) => batch.records.map((record) => record.orderNo)));
    expect(orderNos.size).toBe(120);
    expect(batches.map((batch) => batch.index)).toEqual([0, 1, 2]);
  });

  it('does not stop at a short batch in the middle', async () => {
    const sizes = [50, 20, 50, 0];
    const fetchBatch = async (range: RecordRange) => Array.from({ length: sizes[range.fromRecord / 50] }, (_, i) => `${range.fromRecord}-${i}`);
    const batches = await collect(attendeeBatches(fetchBatch, { eventId: 'E1' }));
    expect(batches.map((batch) => batch.records.length)).toEqual([50, 20, 50]);
  });

  it('ends at an error the caller calls the end only once records were received, never on the first call', async () => {
    const pastTheEnd = new Error('E007 past the end');
    const fetchBatch = async (range: RecordRange) => {
      if (range.fromRecord >= 60) throw pastTheEnd;
      return Array.from({ length: Math.min(50, 60 - range.fromRecord) }, (_, i) => `${range.fromRecord + i}`);
    };
    const asked: number[] = [];
    const isEndOfList = (error: unknown, range: RecordRange) => {
      asked.push(range.fromRecord);
      return error === pastTheEnd;
    };
    const batches = await collect(attendeeBatches(fetchBatch, { eventId: 'E1', isEndOfList }));
    expect(batches.map((batch) => batch.records.length)).toEqual([50, 10]);
    expect(asked).toEqual([100]);
    // On the first call it is an error, whatever the caller says; on a resume records came before.
    const failing = async (): Promise<string[]> => {
      throw pastTheEnd;
    };
    await expect(collect(attendeeBatches(failing, { eventId: 'E1', isEndOfList: () => true }))).rejects.toBe(pastTheEnd);
    expect(await collect(attendeeBatches(failing, { eventId: 'E1', startRecord: 100, isEndOfList: () => true }))).toEqual([]);
  });

  it('starts at startRecord', async () => {
    const server = pagedServer(makeOrders(120), 'zero-based-offset');
    const batches = await collect(attendeeBatches(server.fetchBatch, { eventId: 'E1', startRecord: 100 }));
    expect(batches.map((batch) => [batch.fromRecord, batch.records.length])).toEqual([[100, 20]]);
  });

  it('requests ahead while the consumer works, after a full first batch, in order', async () => {
    const server = pagedServer(makeOrders(400), 'zero-based-offset');
    const seenAtYield: number[] = [];
    const ranges: number[] = [];
    for await (const batch of attendeeBatches(server.fetchBatch, { eventId: 'E1', prefetch: 3 })) {
      seenAtYield.push(server.calls.length);
      ranges.push(batch.fromRecord);
    }
    expect(ranges).toEqual([0, 50, 100, 150, 200, 250, 300, 350]);
    expect(seenAtYield[0]).toBeGreaterThanOrEqual(2); // the first batch, then at least one ahead
    // The eight batches, the empty one that ends the list, and at most three speculative requests after it.
    expect(server.calls.length).toBeLessThanOrEqual(8 + 1 + 3);
  });

  it('asks ahead one request at a time, each once the one before was answered, so spans are read in list order', async () => {
    const server = pagedServer(makeOrders(400), 'zero-based-offset');
    let active = 0;
    let mostActive = 0;
    const answered: number[] = [];
    const fetchBatch = async (range: RecordRange, signal: AbortSignal, onAnswer: () => void) => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      // timer under test: later spans answer sooner; were they asked together, they would be read out of order.
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, 20 - range.fromRecord / 25)));
      active -= 1;
      answered.push(range.fromRecord);
      return server.fetchBatch(range, signal, onAnswer);
    };
    const batches = await collect(attendeeBatches(fetchBatch, { eventId: 'E1', prefetch: 3 }));
    expect(batches).toHaveLength(8);
    expect(mostActive).toBe(1);
    expect(answered).toEqual([...answered].sort((a, b) => a - b));
  });

  it('starts the next request once an answer has arrived, before its records are checked, still one after another in list order', async () => {
    const server = pagedServer(makeOrders(400), 'zero-based-offset');
    const events: string[] = [];
    let awaitingAnswer = 0;
    let mostAwaitingAnswer = 0;
    const fetchBatch = async (range: RecordRange, signal: AbortSignal, answered: () => void) => {
      events.push(`sent ${range.fromRecord}`);
      awaitingAnswer += 1;
      mostAwaitingAnswer = Math.max(mostAwaitingAnswer, awaitingAnswer);
      // timer under test: later spans answer sooner; were they asked together, they would be read out of order.
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, 20 - range.fromRecord / 25)));
      const records = await server.fetchBatch(range, signal, answered);
      awaitingAnswer -= 1;
      events.push(`answered ${range.fromRecord}`);
      answered();
      // timer under test: the check of the records takes a while; the next request goes out meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`checked ${range.fromRecord}`);
      return records;
    };
    const batches = await collect(attendeeBatches(fetchBatch, { eventId: 'E1', prefetch: 2 }));
    expect(batches.map((batch) => batch.fromRecord)).toEqual([0, 50, 100, 150, 200, 250, 300, 350]);
    expect(mostAwaitingAnswer).toBe(1);
    const sent = events.filter((event) => event.startsWith('sent')).map((event) => Number(event.split(' ')[1]));
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    for (const from of [50, 100, 150, 200]) {
      expect(events.indexOf(`answered ${from}`)).toBeLessThan(events.indexOf(`sent ${from + 50}`));
      expect(events.indexOf(`sent ${from + 50}`)).toBeLessThan(events.indexOf(`checked ${from}`));
    }
  });

  it('ends with the error of a check that fails after its answer arrived, yielding nothing from the request already sent after it', async () => {
    const server = pagedServer(makeOrders(400), 'zero-based-offset');
    const shapeError = new Error('get the attendee list: unexpected response: attendee[3].orderNo: expected a string');
    const cancelled: number[] = [];
    const fetchBatch = async (range: RecordRange, signal: AbortSignal, answered: () => void) => {
      const records = await server.fetchBatch(range, signal, answered);
      signal.addEventListener('abort', () => cancelled.push(range.fromRecord));
      answered();
      // timer under test: the check of the records takes a while; the next request goes out meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (range.fromRecord === 100) throw shapeError;
      return records;
    };
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of attendeeBatches(fetchBatch, { eventId: 'E1', prefetch: 2 })) seen.push(batch.fromRecord);
      })(),
    ).rejects.toBe(shapeError);
    expect(seen).toEqual([0, 50]);
    // The request after it went out while it was checked, and was dropped with the run.
    expect(server.calls.map((call) => call.fromRecord)).toContain(150);
    expect(cancelled).toContain(150);
  });

  it.each([0, 3])('reads every record of a newest-first list that grows while it is read, with prefetch %i', async (prefetch) => {
    const existing = makeOrders(300);
    const list = [...existing];
    let sold = 0;
    const fetchBatch = async (range: RecordRange) => {
      // timer under test: later spans answer sooner, as a busy server's may.
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, 30 - range.fromRecord / 20)));
      // A sale between any two reads: the new order goes first and pushes the others along.
      const batch = list.slice(range.fromRecord, range.fromRecord + Math.min(50, range.toRecord - range.fromRecord));
      sold += 1;
      list.unshift({ ...existing[0], orderNo: `NEW${sold}` });
      return batch;
    };
    const batches = await collect(attendeeBatches(fetchBatch, { eventId: 'E1', prefetch }));
    const read = new Set(batches.flatMap((batch) => batch.records.map((record) => record.orderNo)));
    expect(existing.filter((order) => !read.has(order.orderNo))).toEqual([]);
  });

  it('does not speculate for a small event', async () => {
    const server = pagedServer(makeOrders(30), 'zero-based-offset');
    await collect(attendeeBatches(server.fetchBatch, { eventId: 'E1', prefetch: 3 }));
    expect(server.calls.map((call) => call.fromRecord)).toEqual([0, 50]);
  });

  it('ends with the error of a failed batch', async () => {
    const fetchBatch = async () => {
      throw new Error('down');
    };
    await expect(collect(attendeeBatches(fetchBatch, { eventId: 'E1' }))).rejects.toThrow('down');
  });

  it('stops when the signal is aborted', async () => {
    const server = pagedServer(makeOrders(200), 'zero-based-offset');
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of attendeeBatches(server.fetchBatch, { eventId: 'E1', signal: controller.signal })) {
          seen.push(batch.fromRecord);
          if (batch.fromRecord === 50) controller.abort(new Error('interrupted'));
        }
      })(),
    ).rejects.toThrow('interrupted');
    expect(seen).toEqual([0, 50]);
  });

  it('aborts the requests in flight when the signal is aborted, with its reason', async () => {
    const controller = new AbortController();
    const reasons: unknown[] = [];
    const fetchBatch = (range: RecordRange, signal: AbortSignal) =>
      new Promise<never>((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          reasons.push(signal.reason);
          reject(signal.reason);
        });
        // Interrupted once the first request is in flight.
        if (range.fromRecord === 0) queueMicrotask(() => controller.abort(new Error('interrupted')));
      });
    await expect(collect(attendeeBatches(fetchBatch, { eventId: 'E1', signal: controller.signal }))).rejects.toThrow('interrupted');
    expect(reasons).toEqual([new Error('interrupted')]);
  });
});
