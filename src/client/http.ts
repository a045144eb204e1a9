// The transport: the bearer header, error bodies (even with HTTP 200) mapped onto the error
// hierarchy, the retry policy, and a trace hook that only ever sees redacted text.
import { type MultipartFields, multipartBody } from './encode.js';
import { ApiError, CancelledError, FAIL_CODE, ConnectionError, type Recheck, ResponseShapeError, UsageError, createApiError } from './errors.js';
import { isLoopbackHost } from './loopback.js';
import { type DispatchRequest, NodeDispatcher, type RawResponse, type RequestDispatcher, type Timeouts } from './node-dispatch.js';
import { type Env, proxyFor } from './proxy.js';
import { Redactor } from './redact.js';
import { abortableSleep } from '../util/sleep.js';
import { type AttemptOutcome, DEFAULT_RETRY_OPTIONS, type RetryOptions, classifyNetworkError, parseRetryAfter, planRetry } from './retry.js';
import { packageVersion } from '../util/version.js';
import type { WaitBudget } from './wait-budget.js';

const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 60_000, bodyMs: 60_000, keepAliveMs: 10_000 };
const USER_AGENT = `boxoffice/${packageVersion()}`;

export interface RetryInfo {
  /** The attempt that failed (1-based). */
  attempt: number;
  delayMs: number;
  error: unknown;
  /** The call being retried: "get the booking list". */
  operation?: string;
}

export interface TransportConfig {
  /** Where proxy settings are read from (HTTPS_PROXY, HTTP_PROXY, NO_PROXY); default process.env. */
  env?: Env;
  trace?: (line: string) => void;
  retry?: Partial<RetryOptions>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Reads HTTP-date Retry-After values and times exchanges. */
  now?: () => number;
  onRetry?: (info: RetryInfo) => void;
  signal?: AbortSignal;
  timeouts?: Partial<Timeouts>;
  /** Credential values to hide wherever they appear in trace lines and error text. */
  secrets?: Iterable<string | undefined>;
  /** Shared by every call: the longest they may wait before retries, in all. */
  waitBudget?: WaitBudget;
}

export interface Exchange {
  /** For messages: "create event". */
  operation: string;
  method: 'GET' | 'POST';
  url: string;
  body?: MultipartFields | URLSearchParams;
  bearer?: string;
  /** Further credential values carried by this exchange (client secret, code, booking key). */
  secrets?: ReadonlyArray<string | undefined>;
  /** Safe to repeat: repeating it cannot create a second record or a second charge. */
  idempotent: boolean;
  /** For a request that is not idempotent: how to find out whether it took effect. */
  recheck?: Recheck;
}

/** Options of one call, beside its request (as stripe-node's RequestOptions). */
export interface CallOptions {
  /** Cancels this call only (its request in flight and any wait before a retry): CancelledError. */
  signal?: AbortSignal;
  /** Retries after the first attempt; default the client's (its `retry.maxAttempts` − 1). */
  maxRetries?: number;
  /** The longest this call waits before retries, in all; default the client's `retry.maxTotalWaitMs`. */
  maxWaitMs?: number;
  /**
   * Called once a success body has arrived and was read as JSON, so that no retry of this call
   * follows, before it is checked against the response schema; the check then waits for what
   * the caller starts meanwhile (the next request of a list) to be sent.
   */
  onAnswer?: () => void;
}

/** The reference requires HTTPS for requests with tokens; plain http only to this machine (the sandbox). */
export function assertSafeToSendCredentials(url: URL, credential: string): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${url.origin}: expected an http:// or https:// address`, 'url');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `refusing to send ${credential} over plain http to ${url.origin}${url.pathname}: use https:// (plain http is allowed only for loopback addresses)`,
      'url',
    );
  }
}

/** The body's bytes and content type, made once so that every attempt sends the same. */
function serializeBody(body: MultipartFields | URLSearchParams | undefined): { bytes: Buffer; contentType: string } | undefined {
  if (body === undefined) return undefined;
  const { text, contentType } =
    body instanceof URLSearchParams ? { text: body.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' } : multipartBody(body);
  return { bytes: Buffer.from(text, 'utf8'), contentType };
}

function clip(text: string): string {
  return text.length > 4_000 ? `${text.slice(0, 4_000)}… (${text.length} chars)` : text;
}

const CODE_LIKE = /^[A-Z]{1,2}\d{3}$/;

const FAILURE_WORDS: ReadonlySet<string> = new Set(['error', 'fail', 'failure', 'false']);

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Other names a body may give the words beside its code, when it has no `description`. */
function otherServiceText(record: Record<string, unknown> | undefined): string | undefined {
  return ['detail', 'details', 'msg', 'errorMessage', 'error', 'reason'].map((field) => textOf(record?.[field])).find((text) => text && !CODE_LIKE.test(text));
}

/**
 * The error a response carries, or undefined for a success. The service puts its code in
 * `message` of `{"status":"error",…}`, sometimes with HTTP 200; OAuth endpoints answer RFC 6749
 * `{"error":"invalid_grant",…}`; anything else non-2xx is an error by its HTTP status.
 */
export function errorFromResponse(status: number, body: unknown, retryAfterMs: number | undefined, redactor: Redactor): ApiError | undefined {
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const statusField = textOf(record?.status)?.toLowerCase();
  const successField = textOf(record?.success)?.toLowerCase();
  const message = textOf(record?.message);
  const oauthError = textOf(record?.error);
  // Newer endpoints of the live service answer {"success":"fail","message":"<text>"}, HTTP 200.
  const failBody = record?.success === false || (successField !== undefined && FAILURE_WORDS.has(successField));
  const isErrorBody =
    failBody ||
    (statusField !== undefined && FAILURE_WORDS.has(statusField)) ||
    (statusField !== 'success' && oauthError !== undefined) ||
    (statusField !== 'success' && message !== undefined && CODE_LIKE.test(message) && !message.startsWith('S'));
  if (!isErrorBody && status >= 200 && status < 300) return undefined;

  const serviceCode = [message, textOf(record?.code)].find((text) => text !== undefined && CODE_LIKE.test(text));
  const code = serviceCode ?? oauthError ?? (failBody ? FAIL_CODE : `HTTP ${status}`);
  // A body with its code in `message` may give its words under another name.
  const words = message !== undefined && serviceCode === message ? otherServiceText(record) : message;
  const description =
    textOf(record?.description) ?? textOf(record?.error_description) ?? words ?? (code === `HTTP ${status}` ? textOf(body)?.slice(0, 200) : undefined);
  return createApiError({
    code,
    httpStatus: status,
    description: description === undefined ? undefined : redactor.text(description),
    field: textOf(record?.field),
    raw: redactor.json(body),
    retryAfterMs,
  });
}

export class HttpTransport {
  private direct?: RequestDispatcher;
  /** One dispatcher per proxy URL; undici is imported with the first. */
  private proxied = new Map<string, Promise<RequestDispatcher>>();
  private readonly retry: RetryOptions;
  private readonly timeouts: Timeouts;
  private readonly redactor: Redactor;
  private readonly now: () => number;
  private requestsInFlight = 0;

  constructor(private readonly config: TransportConfig = {}) {
    this.retry = { ...DEFAULT_RETRY_OPTIONS, ...config.retry };
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
    this.redactor = new Redactor(config.secrets ?? []);
    this.now = config.now ?? Date.now;
  }

  async send(exchange: Exchange, options: CallOptions = {}): Promise<unknown> {
    const callSignal = options.signal;
    const url = new URL(exchange.url);
    const carriesCredential = exchange.bearer !== undefined || (exchange.secrets ?? []).some((s) => s !== undefined);
    if (carriesCredential) assertSafeToSendCredentials(url, exchange.bearer !== undefined ? 'a token' : 'credentials');
    const redactor = this.redactor.with([exchange.bearer, ...(exchange.secrets ?? [])]);
    const body = serializeBody(exchange.body);

    const maxAttempts = options.maxRetries === undefined ? this.retry.maxAttempts : options.maxRetries + 1;
    const maxWaitMs = options.maxWaitMs ?? this.retry.maxTotalWaitMs;
    const budget = this.config.waitBudget;
    let waitedMs = 0;
    for (let attempt = 1; ; attempt++) {
      this.throwIfAborted(callSignal);
      let outcome: AttemptOutcome;
      try {
        return await this.attempt(exchange, url, body, redactor, callSignal);
      } catch (error) {
        if (error instanceof ApiError) {
          outcome = { kind: 'api-error', error, idempotent: exchange.idempotent };
        } else if (error instanceof NetworkFailure) {
          // Nothing listening on this machine is not a passing failure: waiting will not start it.
          const refusedLocally = error.classification.code === 'ECONNREFUSED' && isLoopbackHost(url.hostname);
          const classification = refusedLocally ? { ...error.classification, transient: false } : error.classification;
          outcome = { kind: 'network-error', error: error.cause, idempotent: exchange.idempotent, ...classification };
        } else {
          throw error;
        }
      }
      const maxTotalWaitMs = Math.min(maxWaitMs, waitedMs + (budget?.remainingMs ?? Number.POSITIVE_INFINITY));
      const plan = planRetry(outcome, attempt, waitedMs, this.config.random ?? Math.random, { ...this.retry, maxAttempts, maxTotalWaitMs });
      if (plan.action === 'unknown-outcome') throw this.unknownOutcomeError(exchange, url, outcome);
      if (plan.action === 'stop') throw this.finalError(exchange, url, outcome, attempt);
      this.config.onRetry?.({ attempt, delayMs: plan.delayMs, error: this.finalError(exchange, url, outcome, attempt), operation: exchange.operation });
      this.trace(`... retrying ${exchange.method} ${redactor.url(url.toString())} in ${plan.delayMs} ms (attempt ${attempt + 1} of ${maxAttempts})`);
      const sleepSignal = callSignal && this.config.signal ? AbortSignal.any([callSignal, this.config.signal]) : (callSignal ?? this.config.signal);
      try {
        await (this.config.sleep ?? abortableSleep)(plan.delayMs, sleepSignal);
      } catch (sleepError) {
        this.throwIfAborted(callSignal);
        throw sleepError;
      }
      waitedMs += plan.delayMs;
      budget?.spend(plan.delayMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.takeDispatchers().map(async (dispatcher) => (await dispatcher).close()));
  }

  private takeDispatchers(): Array<RequestDispatcher | Promise<RequestDispatcher>> {
    const all = [...(this.direct ? [this.direct] : []), ...this.proxied.values()];
    this.direct = undefined;
    this.proxied = new Map();
    return all;
  }

  /**
   * Ctrl-C (the client's signal) destroys the connection pool, ending the requests in flight as
   * CancelledError. The signal holds this one listener, only while requests are in flight: one per
   * request kept finished responses reachable into the old generation (~90 MB over 100,000 orders).
   */
  private readonly cancelInFlight = (): void => {
    for (const dispatcher of this.takeDispatchers()) void Promise.resolve(dispatcher).then((d) => d.destroy());
  };

  private async attempt(exchange: Exchange, url: URL, body: ReturnType<typeof serializeBody>, redactor: Redactor, callSignal?: AbortSignal): Promise<unknown> {
    const tracing = this.config.trace !== undefined;
    const shownUrl = tracing ? redactor.url(url.toString()) : '';
    this.trace(`--> ${exchange.method} ${shownUrl}`);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
    if (exchange.bearer !== undefined) headers.authorization = `Bearer ${exchange.bearer}`;
    if (body) headers['content-type'] = body.contentType;
    if (tracing) this.trace(`    headers ${JSON.stringify(redactor.headers(headers))}`);
    if (tracing && exchange.body !== undefined) this.trace(`    body ${clip(redactor.body(exchange.body))}`);

    const raw = await this.dispatch({ url, method: exchange.method, headers, body: body?.bytes }, shownUrl, callSignal);
    if (tracing && raw.text !== '') this.trace(`    body ${clip(redactor.body(raw.text))}`);

    let parsed: unknown = raw.text;
    let isJson = false;
    try {
      parsed = JSON.parse(raw.text);
      isJson = true;
    } catch {
      // Not JSON: an HTML error page from a proxy, or an empty body.
    }
    const retryAfter = raw.headers['retry-after'];
    const retryAfterMs = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, this.now());
    const apiError = errorFromResponse(raw.status, parsed, retryAfterMs, redactor);
    if (apiError) throw apiError;
    if (!isJson) {
      throw new ResponseShapeError(
        `${exchange.operation}: expected a JSON body from ${exchange.method} ${url.pathname}, got ${raw.text === '' ? 'an empty body' : `"${redactor.text(raw.text.slice(0, 80))}"`}`,
        redactor.text(raw.text),
        raw.status,
      );
    }
    return parsed;
  }

  /**
   * POSTs `body` to any address once, as every call goes: the answer whatever its status, never
   * retried. A failure below HTTP is a ConnectionError whose message is its code.
   */
  async postRaw(address: string, body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<RawResponse> {
    const url = new URL(address);
    const shownUrl = this.redactor.url(address);
    this.trace(`--> POST ${shownUrl}`);
    try {
      return await this.dispatch({ url, method: 'POST', headers: { ...headers, 'user-agent': USER_AGENT }, body: Buffer.from(body) }, shownUrl, signal);
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      throw new ConnectionError(error.classification.code ?? describe(error.cause), error.cause, error.classification.requestSent, url.origin);
    }
  }

  /** One request through the dispatcher for its address, traced; a failure below HTTP is a NetworkFailure. */
  private async dispatch(request: DispatchRequest, shownUrl: string, callSignal: AbortSignal | undefined): Promise<RawResponse> {
    const started = this.now();
    let raw: RawResponse;
    if (this.requestsInFlight++ === 0) this.config.signal?.addEventListener('abort', this.cancelInFlight, { once: true });
    try {
      const dispatcher = await this.dispatcherFor(request.url);
      this.throwIfAborted(callSignal);
      raw = await dispatcher.request({ ...request, ...(callSignal ? { signal: callSignal } : {}) });
    } catch (error) {
      if (this.config.signal?.aborted || callSignal?.aborted) {
        this.trace(`<-- ${request.method} ${shownUrl} cancelled after ${this.now() - started} ms`);
        throw new CancelledError();
      }
      const classification = classifyNetworkError(error);
      this.trace(`<-- ${request.method} ${shownUrl} failed: ${classification.code ?? describe(error)} after ${this.now() - started} ms`);
      throw new NetworkFailure(error, classification);
    } finally {
      if (--this.requestsInFlight === 0) this.config.signal?.removeEventListener('abort', this.cancelInFlight);
    }
    this.trace(`<-- ${raw.status} ${request.method} ${shownUrl} (${this.now() - started} ms)`);
    return raw;
  }

  private async dispatcherFor(url: URL): Promise<RequestDispatcher> {
    const proxy = proxyFor(url, this.config.env ?? process.env);
    if (proxy === undefined) {
      this.direct ??= new NodeDispatcher(this.timeouts);
      return this.direct;
    }
    let dispatcher = this.proxied.get(proxy);
    if (!dispatcher) {
      dispatcher = import('./undici-dispatch.js').then(({ UndiciProxyDispatcher }) => new UndiciProxyDispatcher(proxy, this.timeouts));
      this.proxied.set(proxy, dispatcher);
    }
    return dispatcher;
  }

  private trace(line: string): void {
    this.config.trace?.(this.redactor.text(line));
  }

  private throwIfAborted(callSignal?: AbortSignal): void {
    if (this.config.signal?.aborted || callSignal?.aborted) throw new CancelledError();
  }

  private finalError(exchange: Exchange, url: URL, outcome: AttemptOutcome, attempts: number): Error {
    if (outcome.kind === 'api-error') return outcome.error;
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    const reason = classifyNetworkError(outcome.error).code ?? describe(outcome.error);
    const lead = outcome.requestSent ? `connection to ${url.origin} failed` : `could not connect to ${url.origin}`;
    return new ConnectionError(
      `${lead} (${this.redactor.text(reason)})${tries}: ${exchange.operation} not completed`,
      outcome.error,
      outcome.requestSent && !exchange.idempotent,
      url.origin,
    );
  }

  private unknownOutcomeError(exchange: Exchange, url: URL, outcome: AttemptOutcome): ConnectionError {
    const why =
      outcome.kind === 'api-error'
        ? `the gateway answered HTTP ${outcome.error.httpStatus} without the service's reply`
        : `the connection to ${url.origin} broke (${classifyNetworkError(outcome.error).code ?? describe(outcome.error)}) after the request was sent`;
    const check = exchange.recheck ? '' : ' Check its result before trying again.';
    return new ConnectionError(
      `${exchange.operation}: ${why}, so the outcome is unknown and it was not repeated automatically.${check}`,
      outcome.error,
      true,
      url.origin,
      exchange.recheck,
    );
  }
}

/** A failure below HTTP (connect, reset, timeout), with what the retry policy needs to know. */
class NetworkFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly classification: { code: string | undefined; requestSent: boolean; transient: boolean },
  ) {
    super('network failure');
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
