// Where `sandbox start` keeps its database by default: the platform's user data directory
// (BOXOFFICE_DATA_DIR overrides it).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { requireAbsoluteDirectory } from '../../../session/config/trust.js';

/** The data directory; refused when relative (an empty HOME would make it the current directory's). */
export function userDataDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string {
  if (env.BOXOFFICE_DATA_DIR) return requireAbsoluteDirectory(env.BOXOFFICE_DATA_DIR, 'BOXOFFICE_DATA_DIR');
  return requireAbsoluteDirectory(platformDataDir(env, platform), 'HOME');
}

function platformDataDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'boxoffice', 'Data');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'boxoffice');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'boxoffice');
}

export function defaultSandboxDbPath(env: Readonly<Record<string, string | undefined>>): string {
  return join(userDataDir(env), 'sandbox.db');
}
