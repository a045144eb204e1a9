// Pages the attendee list (E11) as an async iterator. Each batch starts where the last one ended (0–50, 50–100, …):
// exact under the live service's 0-based counting, one repeated order at a boundary under the sandbox's 1-based one
// (the reference's 51–100 would skip one there); the consumer drops repeated orders by number. Only an EMPTY batch ends
// the list (a short one may come in the middle), or an error once records were received, when isEndOfList says so.
// Requests ahead are chained: each starts once the one before it is answered (the fetcher calls `answered`, else its
// promise settling counts), so the server reads the spans in list order: a list that grows while read (newest first)
// can then repeat records, never skip one.

export interface RecordRange {
  eventId: string;
  fromRecord: number;
  toRecord: number;
}

export interface AttendeeBatch<T> extends RecordRange {
  index: number;
  records: readonly T[];
}

/** Fetches one span of records; `signal` fires when a speculative request is no longer wanted. */
export type FetchAttendeeBatch<T> = (range: RecordRange, signal: AbortSignal, answered: () => void) => Promise<readonly T[]>;

export function attendeeListFetcher<T>(events: {
  attendeeList(range: RecordRange, options: { signal: AbortSignal; onAnswer: () => void }): Promise<{ attendee: readonly T[] }>;
}): FetchAttendeeBatch<T> {
  return async (range, signal, answered) => (await events.attendeeList(range, { signal, onAnswer: answered })).attendee;
}

export interface AttendeeBatchOptions {
  eventId: string;
  /** Records per request; the service returns at most 50. */
  batchSize?: number;
  /** fromRecord of the first request (a checkpoint's next record on resume). */
  startRecord?: number;
  /**
   * How many further batches may be asked for while the consumer works. Speculation starts only
   * after a full first batch and stops for good at the first short batch or failure, so a small
   * event or a rate-limited run costs no extra requests.
   */
  prefetch?: number;
  /**
   * Whether a failed batch is the end of the list (true ends the iteration without an error).
   * Asked only once records were received, never for the first call: what the live service
   * answers past the end has never been shown, and an error body is one plausible answer.
   */
  isEndOfList?: (error: unknown, range: RecordRange) => boolean;
  signal?: AbortSignal;
}

interface Pending<T> {
  range: RecordRange;
  controller: AbortController;
  /** The next request may start. */
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
        for (const pending of inFlight.splice(1)) pending.controller.abort();
        nextFrom = inFlight.length > 0 ? inFlight[0].range.toRecord : nextFrom;
      }
      // Keep the pipe full before handing the batch over, so fetching overlaps the consumer's work.
      if (speculate) while (inFlight.length < maxAhead) launch();

      yield { ...current.range, index, records };
    }
  } finally {
    signal?.removeEventListener('abort', abortInFlight);
    for (const pending of inFlight.splice(0)) pending.controller.abort();
  }
}
