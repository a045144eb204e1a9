// How `sandbox token` and `sandbox seed` find the secret of the sandbox they talk to
// (docs/sandbox-security.md): BOXOFFICE_SANDBOX_SECRET when set, else the file that `sandbox
// start` wrote for the port of --url in the data directory (BOXOFFICE_DATA_DIR or the platform's
// user data directory), sandbox-PORT.secret, mode 0600, removed when the sandbox stops.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isLoopbackHost } from '../../../client/loopback.js';
import { createPrivateDirectory, writePrivateFile } from '../../../util/private-file.js';
import { userDataDir } from './data-dir.js';

export const SANDBOX_SECRET_ENV = 'BOXOFFICE_SANDBOX_SECRET';

type Env = Readonly<Record<string, string | undefined>>;

export function sandboxSecretFile(env: Env, port: number): string {
  return join(userDataDir(env), `sandbox-${port}.secret`);
}

/** The port a sandbox address names (80 or 443 when it names none). */
function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

export interface FoundSecret {
  /** Undefined when there is none to send. */
  value?: string;
  /** Where it came from or was looked for, for error messages (never the value). */
  source: string;
}

/**
 * The secret to send to the sandbox at `url`. Only to this machine: a sandbox listens on
 * loopback, so an address elsewhere gets no secret at all.
 */
export function findSandboxSecret(url: string, env: Env): FoundSecret {
  const address = new URL(url);
  if (!isLoopbackHost(address.hostname)) return { source: `none (${address.host} is not this machine)` };
  const fromEnv = env[SANDBOX_SECRET_ENV]?.trim();
  if (fromEnv) return { value: fromEnv, source: SANDBOX_SECRET_ENV };
  const file = sandboxSecretFile(env, portOf(address));
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
