// Pages the attendee list (E11) as an async iterator. Each batch starts where the last one ended
// (0–50, 50–100, 100–150, …): under the sandbox's 1-based counting that repeats one order at a
// boundary, under the live service's 0-based counting it is exact, and the reference's own
// 51–100 would skip a record there. The consumer drops repeated orders by order number, which
// makes the result exact under either counting. Only an EMPTY batch ends the list (a server may
// return a short batch, a cut span or a quirk, in the middle), or an error body once records
// were received, when the caller's isEndOfList says so.
// Requests ahead are chained: each starts once the one before it has been answered, so the
// server reads the spans in list order. "Answered" is when the answer has arrived and no retry
// of it will follow (the fetcher calls `answered`), not when its records have been checked: the
// server works on the next span while the client checks this one. A fetcher that never calls it
// is answered when its promise settles. A list that grows while it is read (newest first: new
// orders push the others to later offsets) can then repeat records, which the consumer drops,
// but never skip one; spans read out of order could (a later span read before a sale, an earlier
// one after it).

export interface RecordRange {
  eventId: string;
  fromRecord: number;
  toRecord: number;
}

export interface AttendeeBatch<T> extends RecordRange {
  /** 0 for the first batch this iterator yields. */
  index: number;
  records: readonly T[];
}

/**
 * Fetches one span of records. `signal` fires when a speculative request is no longer wanted.
 * `answered` may be called once the server's answer has arrived and will be the one used (no
 * retry of this request follows), before the records are checked: the next request starts then.
 */
export type FetchAttendeeBatch<T> = (range: RecordRange, signal: AbortSignal, answered: () => void) => Promise<readonly T[]>;

/** What attendeeListFetcher needs of a client: its attendee list call (E11). */
interface AttendeeListCall<T> {
  attendeeList(range: RecordRange, options: { signal: AbortSignal; onAnswer: () => void }): Promise<{ attendee: readonly T[] }>;
}

/**
 * The fetcher of attendeeBatches over a client's attendee list: the pager's signal drops a
 * request no longer wanted, and the client says when its answer has arrived.
 */
export function attendeeListFetcher<T>(events: AttendeeListCall<T>): FetchAttendeeBatch<T> {
  return async (range, signal, answered) => (await events.attendeeList(range, { signal, onAnswer: answered })).attendee;
}

export interface AttendeeBatchOptions {
  eventId: string;
  /** Records per request; the service returns at most 50. */
  batchSize?: number;
  /** fromRecord of the first request (0 at the start; a checkpoint's next record on resume). */
  startRecord?: number;
  /**
   * How many further batches may be asked for while the consumer handles the current batch or
   * waits for the next one, chained one after another (so at most this many requests follow the
   * empty batch at the end).
   * Speculation starts only after a full first batch and stops for good at the first short batch
   * or failure, so a small event or a rate-limited run costs no extra requests.
   */
  prefetch?: number;
  /**
   * Whether a failed batch is the end of the list. Asked only once records were received (in
   * this iteration, or before `startRecord` on a resume), never for the first call: what the
   * live service answers past the end has never been shown, and an error body there is one of
   * the plausible answers. True ends the iteration without an error.
   */
  isEndOfList?: (error: unknown, range: RecordRange) => boolean;
  signal?: AbortSignal;
}

interface Pending<T> {
  range: RecordRange;
  controller: AbortController;
  /** Resolves when the server has answered (or the request failed): the next request may start. */
  answered: Promise<void>;
  result: Promise<{ ok: true; records: readonly T[] } | { ok: false; error: unknown }>;
}

export async function* attendeeBatches<T>(fetchBatch: FetchAttendeeBatch<T>, options: AttendeeBatchOptions): AsyncGenerator<AttendeeBatch<T>, void, undefined> {
  const batchSize = options.batchSize ?? 50;
  const maxAhead = Math.max(0, options.prefetch ?? 0);
  const signal = options.signal;
  let nextFrom = options.startRecord ?? 0;
  let speculate = false;
  let recordsReceived = nextFrom > 0;
  const inFlight: Pending<T>[] = [];

  const launch = (): void => {
    const range: RecordRange = { eventId: options.eventId, fromRecord: nextFrom, toRecord: nextFrom + batchSize };
    nextFrom += batchSize;
    const controller = new AbortController();
    const previous = inFlight.at(-1)?.answered ?? Promise.resolve();
    let markAnswered = (): void => undefined;
    const answered = new Promise<void>((resolve) => (markAnswered = resolve));
    const result = previous
      .then(() => {
        controller.signal.throwIfAborted();
        return fetchBatch(range, controller.signal, markAnswered);
      })
      .then(
        (records) => ({ ok: true as const, records }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    void result.then(markAnswered);
    inFlight.push({ range, controller, answered, result });
  };
  // An interruption (Ctrl-C) ends the requests in flight too, not only the wait for the next one.
  const abortInFlight = (): void => {
    for (const pending of inFlight) pending.controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', abortInFlight, { once: true });
  const dropSpeculative = (): void => {
    for (const pending of inFlight.splice(1)) pending.controller.abort();
    nextFrom = inFlight.length > 0 ? inFlight[0].range.toRecord : nextFrom;
  };

  try {
    for (let index = 0; ; index += 1) {
      signal?.throwIfAborted();
      if (inFlight.length === 0) launch();
      // The consumer has finished the last batch: ask for the next one ahead before waiting for
      // (and parsing) this one, so that the server is not left idle meanwhile.
      if (speculate) while (inFlight.length < maxAhead + 1) launch();
      const outcome = await inFlight[0].result;
      if (!outcome.ok) {
        signal?.throwIfAborted();
        if (recordsReceived && options.isEndOfList?.(outcome.error, inFlight[0].range)) return;
        throw outcome.error;
      }
      const current = inFlight.shift() as Pending<T>;
      const records = outcome.records;
      if (records.length === 0) return;
      recordsReceived = true;

      if (index === 0 && records.length >= batchSize) speculate = true;
      if (records.length < batchSize) {
        speculate = false;
        dropSpeculative();
      }
      // Keep the pipe full before handing the batch over, so fetching overlaps the consumer's work.
      const wanted = speculate ? maxAhead : 0;
      while (inFlight.length < wanted) launch();

      yield { ...current.range, index, records };
    }
  } finally {
    signal?.removeEventListener('abort', abortInFlight);
    for (const pending of inFlight.splice(0)) pending.controller.abort();
  }
}
