// `attendees sync` around its runs (run-sync.ts): the destination opened, migrated and locked,
// its source checked, then one run, one every INTERVAL (--watch) or one --check, the outbox
// delivered to the feeds named. The caller prints (SyncOutput).
import type { Writable } from 'node:stream';
import { RateLimitError, UsageError } from '../client/errors.js';
import type { BoxofficeClient } from '../client/index.js';
import { attendeeListFetcher, type FetchAttendeeBatch } from '../client/paginate.js';
import type { AttendeeRecord } from '../client/schemas/index.js';
import { withSmallHeap } from '../util/heap.js';
import { compareDestinationWithList, type Difference } from './check.js';
import { type FeedTally, deliveryRun, execSink, forwardSink, jsonSink, type Sink } from './deliver.js';
import { openDestination, type SyncDatabase } from './destination.js';
import { recordReads } from './plan.js';
import { runSync, type SyncRequest, type SyncSummary } from './run-sync.js';
import { migrate, readMeta, writeMeta } from './schema.js';
import { newForwardSecret } from './sign.js';
import { checkSource, serviceOf } from './source.js';
import type { Change } from './store.js';

export interface AttendeesSyncRequest extends SyncRequest {
  to: string;
  schema?: string;
  json: boolean;
  exec?: string;
  forwardTo?: string;
  watchMs?: number;
  check: boolean;
  printSecret: boolean;
}

export interface SyncOutput {
  notice(line: string): void;
  delivered(change: Change, answer: string): void;
  result(summary: SyncSummary, feeds: readonly FeedTally[], label: string): void;
  /** A delivery failed: what each feed delivered before the run stops. */
  feedsStopped(feeds: readonly FeedTally[]): void;
  /** Under --watch: a run stopped by the service's rate limit. */
  rateLimited(code: string): void;
  secret(secret: string): void;
  difference(difference: Difference): void;
  /** Told once, before the first read, how a plan beyond what is left of the hour's quota spans the hours; may refuse to start. */
  beyondTheHour(text: string, label: string): Promise<void>;
  /** --check's result; throws when the destination differs. */
  checked(result: Awaited<ReturnType<typeof compareDestinationWithList>>, label: string): void;
}

export interface AttendeesSyncEnvironment {
  /** The client, opened once the run holds the destination's lock; closed when the run ends. */
  connect(): Promise<{ client: BoxofficeClient; apiUrl: string }>;
  output: SyncOutput;
  stdout: Writable;
  /** Where --exec's command writes. */
  stderr: Writable;
  env: Readonly<Record<string, string | undefined>>;
  clock: { now(): Date; sleep(ms: number, signal?: AbortSignal): Promise<void> };
  signal: AbortSignal;
}

/** The --forward-to signing secret: the environment's, else the one kept in the destination. */
async function forwardSecret(db: SyncDatabase, env: Readonly<Record<string, string | undefined>>): Promise<string> {
  const given = env.BOXOFFICE_FORWARD_SECRET?.trim();
  if (given) return given;
  const kept = await readMeta(db, 'forward_secret');
  if (kept !== undefined) return kept;
  const made = newForwardSecret();
  await writeMeta(db, 'forward_secret', made);
  return made;
}

async function sinksFor(request: AttendeesSyncRequest, db: SyncDatabase, client: BoxofficeClient, environment: AttendeesSyncEnvironment): Promise<Sink[]> {
  const sinks: Sink[] = [];
  if (request.json) sinks.push(jsonSink(environment.stdout));
  if (request.exec !== undefined) sinks.push(execSink(request.exec, environment.stderr, environment.env));
  if (request.forwardTo !== undefined) {
    const { clock, output, signal } = environment;
    const secret = await forwardSecret(db, environment.env);
    sinks.push(forwardSink({ url: request.forwardTo, secret, post: client.postRaw, clock, notice: output.notice, signal }));
  }
  return sinks;
}

export async function syncAttendees(request: AttendeesSyncRequest, environment: AttendeesSyncEnvironment): Promise<void> {
  const { output, clock } = environment;
  const db = await openDestination(request.to, request.schema);
  try {
    await migrate(db);
    if (request.printSecret) {
      output.secret(await forwardSecret(db, environment.env));
      return;
    }
    if (!(await db.lockRuns())) {
      throw new UsageError(`--to ${db.label}: another attendees sync is running against it; wait for it to finish`, '--to');
    }
    const { client, apiUrl } = await environment.connect();
    try {
      await checkSource(db, {
        eventId: request.eventId,
        service: serviceOf(apiUrl),
        record: !request.check,
        readAccount: async () => {
          const { event } = await client.events.getEvent({ eventId: request.eventId });
          return event.accountId ?? 'unknown';
        },
        now: clock.now().toISOString(),
        notice: output.notice,
      });
      const fetchBatch = attendeeListFetcher(client.events);
      if (request.check) {
        const result = await withSmallHeap(() =>
          compareDestinationWithList(request.eventId, { db, fetchBatch, signal: environment.signal, report: output.difference }),
        );
        await recordReads(db, clock.now().getTime(), result.reads);
        output.checked(result, db.label);
        return;
      }
      const sinks = await sinksFor(request, db, client, environment);
      await withSmallHeap(() => syncLoop(request, db, sinks, fetchBatch, environment));
    } finally {
      await client.close();
    }
  } finally {
    await db.close();
  }
}

async function syncLoop(
  request: AttendeesSyncRequest,
  db: SyncDatabase,
  sinks: readonly Sink[],
  fetchBatch: FetchAttendeeBatch<AttendeeRecord>,
  { output, clock, signal }: AttendeesSyncEnvironment,
): Promise<void> {
  let told = false;
  const beyondTheHour = async (text: string): Promise<void> => {
    if (told) return;
    told = true;
    await output.beyondTheHour(text, db.label);
  };
  const once = async (): Promise<void> => {
    const deliveries = deliveryRun(db, request.eventId, sinks, signal, output.delivered);
    const sync = {
      db,
      fetchBatch,
      notice: output.notice,
      afterStep: () => deliveries.deliverPending(),
      beyondTheHour,
      signal,
      now: () => clock.now().getTime(),
    };
    const summary = await runSync(request, sync).catch(async (error: unknown) => {
      const feeds = await deliveries.tally();
      if (feeds.some((feed) => feed.failed > 0)) output.feedsStopped(feeds);
      throw error;
    });
    output.result(summary, await deliveries.tally(), db.label);
  };
  if (request.watchMs === undefined) {
    return once().catch((error: unknown) => {
      if (error instanceof RateLimitError) output.notice("stopped by the service's rate limit: what was read is kept, and the next run continues from there");
      throw error;
    });
  }
  for (let first = true; ; first = false) {
    if (!first) await clock.sleep(request.watchMs, signal);
    try {
      await once();
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      output.rateLimited(error.code);
    }
  }
}
