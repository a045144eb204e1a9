// Where `sandbox token` and `sandbox seed` find a running sandbox, and how they ask it.
import { BoxofficeError, ConnectionError, UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../context.js';

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';

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

/** What a sandbox-only endpoint answers: `status` and its values, or an error code and description. */
export interface SandboxAnswer {
  status?: unknown;
  message?: unknown;
  description?: unknown;
}

/**
 * POSTs `body` to a sandbox-only endpoint; resolves with the answer when `succeeded` says so,
 * else throws the error the answer describes (E002: a usage error).
 */
export async function postToSandbox<T extends SandboxAnswer>(
  url: string,
  endpoint: string,
  body: URLSearchParams,
  context: CommandContext,
  succeeded: (answer: T) => boolean,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${url}${endpoint}`, { method: 'POST', body, signal: context.deps.signal });
  } catch (error) {
    throw new ConnectionError(`error: no sandbox answered at ${url} (is \`boxoffice sandbox start\` running?)`, error, false);
  }
  const answer = (await response.json().catch(() => ({}))) as T;
  if (answer.status === 'success' && succeeded(answer)) return answer;
  const code = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
  const description = typeof answer.description === 'string' ? `: ${answer.description}` : '';
  if (code === 'E002') throw new UsageError(`error ${code}${description}`);
  throw new BoxofficeError(`error ${code}${description} (is ${url} a boxoffice sandbox?)`);
}
