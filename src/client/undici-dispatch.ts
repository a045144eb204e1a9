// Proxied requests go through undici's ProxyAgent, loaded only when a proxy applies. Its dispatcher
// files are imported rather than its index, which loads fetch, WebSocket, caches and mocks (and
// Node's own undici), and puts its request API on undici's shared Dispatcher prototype: here only
// this file's own Pool subclass carries it, so loading this file changes nothing of the host's.
import type { Dispatcher } from 'undici';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import dispatcherApi from 'undici/lib/api/index.js';
import type { DispatchRequest, RawResponse, RequestDispatcher, Timeouts } from './node-dispatch.js';

/** The connection pool to the proxy, with the API the proxy agent calls on it (`connect`). */
class ProxyPool extends Pool {}
Object.assign(ProxyPool.prototype, dispatcherApi);

export class UndiciProxyDispatcher implements RequestDispatcher {
  private agent?: Dispatcher;

  constructor(
    private readonly proxy: string,
    private readonly timeouts: Timeouts,
  ) {}

  async request(request: DispatchRequest): Promise<RawResponse> {
    const response = await dispatcherApi.request.call(this.getAgent(), {
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
      clientFactory: (origin, options) => new ProxyPool(origin, options),
      connect: { timeout: this.timeouts.connectMs },
      keepAliveTimeout: this.timeouts.keepAliveMs,
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
    });
    return this.agent;
  }
}
