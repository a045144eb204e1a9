// The typed client of the whole service, usable as a library without the CLI (docs/library.md).
import { createBookingApi, type BookingApi } from './booking.js';
import { createEventApi, type EventApi } from './event-api.js';
import { HttpTransport, type TransportConfig } from './http.js';
import { createOAuthApi, type OAuthApi } from './oauth.js';
import { createPublisherApi, type PublisherApi } from './publisher-api.js';

/** The service's addresses and credentials, and how calls are sent (retries, waits, proxies, timeouts, tracing). */
export interface ClientConfig extends Omit<TransportConfig, 'secrets'> {
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
}

export interface BoxofficeClient {
  events: EventApi;
  publisher: PublisherApi;
  booking: BookingApi;
  oauth: OAuthApi;
  /** POSTs a body to any address as the client's calls go (proxies, timeouts, User-Agent, trace); its answer whatever the status, not retried. */
  postRaw: HttpTransport['postRaw'];
  /** Closes kept-alive connections; the client must not be used afterwards. */
  close(): Promise<void>;
}

export function createClient(config: ClientConfig): BoxofficeClient {
  const { apiUrl, publisherUrl, authUrl, token, publisherKey, ...transportConfig } = config;
  const transport = new HttpTransport({ ...transportConfig, secrets: [token, publisherKey] });
  return {
    events: createEventApi({ transport, baseUrl: apiUrl, baseUrlName: 'apiUrl' }, token),
    publisher: createPublisherApi({ transport, baseUrl: publisherUrl, baseUrlName: 'publisherUrl' }, publisherKey),
    booking: createBookingApi(apiUrl, transport),
    oauth: createOAuthApi(authUrl, transport),
    postRaw: (url, body, headers, signal) => transport.postRaw(url, body, headers, signal),
    close: () => transport.close(),
  };
}

export type { BookingApi, BookingForm } from './booking.js';
export type * from './event-api.js';
export type * from './publisher-api.js';
export type { AuthorizeUrlRequest, ExchangeCodeRequest, OAuthApi } from './oauth.js';
export type { CallOptions, RetryInfo } from './http.js';
export type { RawResponse, Timeouts } from './node-dispatch.js';
export type { Env } from './proxy.js';
export type { RetryOptions } from './retry.js';
export { DEFAULT_RETRY_OPTIONS } from './retry.js';
export { WaitBudget } from './wait-budget.js';
export * from './errors.js';
export type * from './schemas/index.js';
