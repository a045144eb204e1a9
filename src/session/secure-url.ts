// A token or secret travels only over HTTPS, or to this machine (RFC 8252 allows plain http
// on the loopback interface).
import { UsageError } from '../client/errors.js';
import { isLoopbackHost } from '../client/loopback.js';

/** Throws a usage error unless `value` is an https address, or http to a loopback host. */
export function assertSafeBaseUrl(value: string, setting: string, profileName: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`profile ${profileName}: ${setting} ${JSON.stringify(value)} is not an address`, setting);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  if (url.protocol === 'http:') {
    throw new UsageError(
      `profile ${profileName}: ${setting} ${url.origin} uses plain http to a host other than this machine; ` +
        `tokens are only sent over https (run boxoffice config set ${setting} https://…)`,
      setting,
    );
  }
  throw new UsageError(`profile ${profileName}: ${setting} must be an http(s) address, not ${url.protocol}`, setting);
}
