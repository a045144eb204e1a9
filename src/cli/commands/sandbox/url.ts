// Where `sandbox token` and `sandbox seed` find a running sandbox.
import { UsageError } from '../../../client/errors.js';

const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';

/** Help text of the shared --url flag. */
export const SANDBOX_URL_HELP = `the sandbox's address (default: BOXOFFICE_API_URL, else ${DEFAULT_SANDBOX_URL})`;

/** --url, else BOXOFFICE_API_URL, else the default port; an http(s) address without a trailing slash. */
export function sandboxUrl(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  const text = flag ?? env.BOXOFFICE_API_URL ?? DEFAULT_SANDBOX_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url: expected an address like ${DEFAULT_SANDBOX_URL}, got "${text}"`, '--url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url: expected an http or https address, got "${text}"`, '--url');
  }
  return url.toString().replace(/\/+$/, '');
}
