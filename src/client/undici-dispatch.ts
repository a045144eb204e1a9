// Proxied requests go through undici's ProxyAgent (CONNECT tunnels, proxy credentials), loaded
// only when a proxy applies. Its dispatcher files are imported rather than its index: the index
// loads fetch, WebSocket, caches and mocks besides, and with them Node's own copy of undici.
import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import dispatcherApi from 'undici/lib/api/index.js';
import type { DispatchRequest, RawResponse, RequestDispatcher, Timeouts } from './dispatch.js';

// What undici's index does on load: request, connect and the rest of the API on every dispatcher.
Object.assign(DispatcherBase.prototype, dispatcherApi);

// undici parses HTTP with a WebAssembly module. V8 compiles it twice, at once with its baseline
// compiler and then again, optimised, on a background thread, and the process cannot exit
// before that second compilation ends: ~100 ms after the last byte of a one-request command's
// output. The baseline code alone parses fast enough for a CLI. (Set before the first request:
// undici compiles the module when it opens its first connection.)
setFlagsFromString('--liftoff-only');

/** Requests through one proxy. */
export class UndiciProxyDispatcher implements RequestDispatcher {
  private agent?: Dispatcher;

  constructor(
    private readonly proxy: string,
    private readonly timeouts: Timeouts,
  ) {}

  async request(request: DispatchRequest): Promise<RawResponse> {
    const response = await this.getAgent().request({
      origin: request.url.origin,
      path: `${request.url.pathname}${request.url.search}`,
      method: request.method,
      headers: request.headers,
      body: request.body ?? (request.method === 'POST' ? '' : undefined),
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
  }

  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    await agent?.close();
  }

  destroy(): void {
    const agent = this.agent;
    this.agent = undefined;
    agent?.destroy().catch(() => undefined);
  }

  private getAgent(): Dispatcher {
    this.agent ??= new ProxyAgent({
      uri: this.proxy,
      connect: { timeout: this.timeouts.connectMs },
      keepAliveTimeout: this.timeouts.keepAliveMs,
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
    });
    return this.agent;
  }
}
