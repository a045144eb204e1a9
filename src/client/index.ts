// The typed client of the whole service, usable as a library without the CLI:
//
//   const client = createClient({ apiUrl, publisherUrl, authUrl, token });
//   const { eventId } = await client.events.createEvent({ ... });
//   await client.close();
//
// Every method validates its request with the shared schema first (UsageError naming the
// field, nothing sent), sends the documented encoding, retries by policy, reads the response
// leniently and throws the error hierarchy of errors.ts.
import { createBookingApi, type BookingApi } from './booking.js';
import { createEventApi, type EventApi } from './event-api.js';
import type { Timeouts } from './dispatch.js';
import { HttpTransport, type RetryInfo } from './http.js';
import type { Env } from './proxy.js';
import { createOAuthApi, type OAuthApi } from './oauth.js';
import { createPublisherApi, type PublisherApi } from './publisher-api.js';
import type { RetryOptions } from './retry.js';
import type { WaitBudget } from './wait-budget.js';

export interface ClientConfig {
  /** Event & Registration API and booking endpoints ({live_url} / {sandbox_url}). */
  apiUrl: string;
  /** Publisher API ({publisher_url}). */
  publisherUrl: string;
  /** Authorization and token endpoints ({auth_url}). */
  authUrl: string;
  /** Bearer for the Event & Registration API (E1–E11, E13). */
  token?: string;
  /** Bearer for the Publisher API (P1–P12). */
  publisherKey?: string;
  /** Receives one line per step of each HTTP exchange, already redacted (for --debug). */
  trace?: (line: string) => void;
  retry?: Partial<RetryOptions>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Shared by every call of this client: the longest they may wait before retries, in all. */
  waitBudget?: WaitBudget;
  /** Told before each wait, e.g. to print "rate limited; waiting 30s". */
  onRetry?: (info: RetryInfo) => void;
  signal?: AbortSignal;
  /** Where HTTPS_PROXY / HTTP_PROXY / NO_PROXY are read from; default process.env. */
  env?: Env;
  /** Milliseconds since the epoch (HTTP-date Retry-After, trace durations); default Date.now. */
  now?: () => number;
  timeouts?: Partial<Timeouts>;
}

export interface BoxofficeClient {
  events: EventApi;
  publisher: PublisherApi;
  booking: BookingApi;
  oauth: OAuthApi;
  /** Closes kept-alive connections; the client must not be used afterwards. */
  close(): Promise<void>;
}

export function createClient(config: ClientConfig): BoxofficeClient {
  const transport = new HttpTransport({
    env: config.env,
    trace: config.trace,
    retry: config.retry,
    sleep: config.sleep,
    random: config.random,
    now: config.now,
    onRetry: config.onRetry,
    waitBudget: config.waitBudget,
    signal: config.signal,
    timeouts: config.timeouts,
    secrets: [config.token, config.publisherKey],
  });
  return {
    events: createEventApi({ transport, baseUrl: config.apiUrl, baseUrlName: 'apiUrl' }, config.token),
    publisher: createPublisherApi({ transport, baseUrl: config.publisherUrl, baseUrlName: 'publisherUrl' }, config.publisherKey),
    booking: createBookingApi(config.apiUrl, transport),
    oauth: createOAuthApi(config.authUrl, transport),
    close: () => transport.close(),
  };
}

export type { BookingApi, BookingForm } from './booking.js';
export type * from './event-api.js';
export type * from './publisher-api.js';
export type { AuthorizeUrlRequest, ExchangeCodeRequest, OAuthApi } from './oauth.js';
export type { CallOptions, RetryInfo } from './http.js';
export type { Timeouts } from './dispatch.js';
export type { Env } from './proxy.js';
export type { RetryOptions } from './retry.js';
export { DEFAULT_RETRY_OPTIONS } from './retry.js';
export { WaitBudget } from './wait-budget.js';
export * from './errors.js';
export type * from './schemas/index.js';
