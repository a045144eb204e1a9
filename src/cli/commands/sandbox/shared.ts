// What the `sandbox` verbs share: where the data directory is (sandbox.db and the secret files),
// the sandbox's address (--url), its secret (docs/sandbox-security.md: BOXOFFICE_SANDBOX_SECRET,
// else the file sandbox-PORT.secret, mode 0600, that `sandbox start` writes and removes), and one
// POST to a sandbox-only tool (/sandbox/TOOL) with that secret.
import { readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BoxofficeError, ConnectionError, NotLoggedInError, UsageError } from '../../../client/errors.js';
import { isLoopbackHost } from '../../../client/loopback.js';
import { requireAbsoluteDirectory } from '../../../session/config/trust.js';
import { createPrivateDirectory, writePrivateFile } from '../../../util/private-file.js';
import type { CommandContext } from '../../framework/context.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The data directory; refused when relative (an empty HOME would make it the current directory's). */
function userDataDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  if (env.BOXOFFICE_DATA_DIR) return requireAbsoluteDirectory(env.BOXOFFICE_DATA_DIR, 'BOXOFFICE_DATA_DIR');
  return requireAbsoluteDirectory(platformDataDir(env, platform), 'HOME');
}

function platformDataDir(env: Env, platform: NodeJS.Platform): string {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'boxoffice', 'Data');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'boxoffice');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'boxoffice');
}

export function defaultSandboxDbPath(env: Env): string {
  return join(userDataDir(env), 'sandbox.db');
}

const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';

export const SANDBOX_URL_HELP = `the sandbox's address (default: BOXOFFICE_API_URL, else ${DEFAULT_SANDBOX_URL})`;

/** --url, else BOXOFFICE_API_URL, else the default port; an http(s) address without a trailing slash. */
export function sandboxUrl(flag: string | undefined, env: Env): string {
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

export const SANDBOX_SECRET_ENV = 'BOXOFFICE_SANDBOX_SECRET';

export function sandboxSecretFile(env: Env, port: number): string {
  return join(userDataDir(env), `sandbox-${port}.secret`);
}

/**
 * The secret to send to the sandbox at `url`, and where it came from or was looked for (for error
 * messages). Only to this machine: a sandbox listens on loopback, so an address elsewhere gets none.
 */
function findSandboxSecret(url: string, env: Env): { value?: string; source: string } {
  const address = new URL(url);
  if (!isLoopbackHost(address.hostname)) return { source: `none (${address.host} is not this machine)` };
  const fromEnv = env[SANDBOX_SECRET_ENV]?.trim();
  if (fromEnv) return { value: fromEnv, source: SANDBOX_SECRET_ENV };
  const port = address.port ? Number(address.port) : address.protocol === 'https:' ? 443 : 80;
  const file = sandboxSecretFile(env, port);
  try {
    const value = readFileSync(file, 'utf8').trim();
    return value ? { value, source: file } : { source: `${file} (empty)` };
  } catch {
    return { source: `${file} (not found)` };
  }
}

/** Writes the secret for `port`, readable by this user only; returns the file's path. */
export function writeSandboxSecret(env: Env, port: number, secret: string): string {
  const file = sandboxSecretFile(env, port);
  createPrivateDirectory(userDataDir(env));
  // A file left by a sandbox that was killed may have other permissions: start afresh.
  rmSync(file, { force: true });
  writePrivateFile(file, `${secret}\n`);
  return file;
}

/** Removes the file if it still holds this secret (a newer sandbox on the port may have replaced it). */
export function removeSandboxSecret(file: string, secret: string): void {
  try {
    if (readFileSync(file, 'utf8').trim() === secret) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}

/** The answer's fields on success, one clear error otherwise. */
export async function postToSandboxTool(url: string, tool: string, body: URLSearchParams, context: CommandContext): Promise<Record<string, unknown>> {
  const secret = findSandboxSecret(url, context.deps.env);
  const headers: Record<string, string> = secret.value === undefined ? {} : { authorization: `Bearer ${secret.value}` };
  let response: Response;
  try {
    response = await fetch(`${url}/sandbox/${tool}`, { method: 'POST', body, headers, signal: context.deps.signal });
  } catch (error) {
    throw new ConnectionError(`error: no sandbox answered at ${url} (is \`boxoffice sandbox start\` running?)`, error, false);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (answer.status === 'success') return answer;
  const code = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
  const description = typeof answer.description === 'string' ? `: ${answer.description}` : '';
  if (response.status === 401 && answer.field === 'Authorization') {
    // Exit 3, like any refused credential; the message says where the secret was looked for.
    throw new NotLoggedInError(
      `error ${code}: the sandbox at ${url} refused the sandbox secret (from ${secret.source}); run this with the ` +
        `BOXOFFICE_DATA_DIR that \`boxoffice sandbox start\` used, or set ${SANDBOX_SECRET_ENV} to what ` +
        '`boxoffice sandbox start --print-secret` printed',
    );
  }
  if (code === 'E002') throw new UsageError(`error ${code}${description}`);
  throw new BoxofficeError(`error ${code}${description} (is ${url} a boxoffice sandbox?)`);
}
