// Which proxy, if any, carries a request: HTTPS_PROXY / HTTP_PROXY (either case) from the
// injected environment, except for NO_PROXY hosts and loopback IP literals. The rules are
// undici's EnvHttpProxyAgent's (and curl's): NO_PROXY entries separated by commas or spaces,
// `*` for every host, a leading `.` or `*.` for subdomains, an optional `:port`.
export type Env = Readonly<Record<string, string | undefined>>;

/** Loopback IP literals never go through a proxy (as in Go's net/http): the local sandbox stays reachable. */
const LOOPBACK_LITERALS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]']);

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

function setting(env: Env, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function excludedByNoProxy(noProxy: string, hostname: string, port: number): boolean {
  if (noProxy === '*') return true;
  for (const entry of noProxy.split(/[,\s]/)) {
    if (entry === '') continue;
    const withPort = /^(.+):(\d+)$/.exec(entry);
    const entryPort = withPort ? Number.parseInt(withPort[2], 10) : 0;
    if (entryPort !== 0 && entryPort !== port) continue;
    const entryHost = (withPort ? withPort[1] : entry).replace(/^\*?\./, '').toLowerCase();
    if (hostname === entryHost || hostname.endsWith(`.${entryHost}`)) return true;
  }
  return false;
}

export function proxyConfigured(env: Env): boolean {
  return setting(env, 'HTTPS_PROXY') !== undefined || setting(env, 'HTTP_PROXY') !== undefined;
}

/** The proxy URL for a request to `url`, or undefined to connect directly. */
export function proxyFor(url: URL, env: Env): string | undefined {
  const httpProxy = setting(env, 'HTTP_PROXY');
  const proxy = url.protocol === 'https:' ? (setting(env, 'HTTPS_PROXY') ?? httpProxy) : httpProxy;
  if (proxy === undefined) return undefined;
  // url.host keeps the brackets of an IPv6 address, as NO_PROXY entries spell it.
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase();
  if (LOOPBACK_LITERALS.has(hostname)) return undefined;
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  return excludedByNoProxy(setting(env, 'NO_PROXY') ?? '', hostname, port) ? undefined : proxy;
}
