// Types for the undici files src/client/undici-dispatch.ts imports directly (the package types its index only).
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import type { ProxyAgent } from 'undici';
  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}

declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  /** The methods undici's index puts on Dispatcher.prototype. */
  const api: Pick<Dispatcher, 'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect'>;
  export default api;
}
