// What the CLI trusts on disk: a config directory and file of this user's that no one else may
// write to (as ssh checks ~/.ssh), at an absolute path.
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { UsageError } from '../../client/errors.js';

export function requireAbsoluteDirectory(directory: string, variable: string): string {
  if (isAbsolute(directory)) return directory;
  throw new UsageError(
    `${variable} gives the relative directory "${directory}", which would put tokens under the current directory; ` +
      `set ${variable} to an absolute directory (e.g. export HOME=/home/$(id -un))`,
    variable,
  );
}

/**
 * Refuses a config directory or file that belongs to another user or that group or others may
 * write to: whoever can change it chooses where the token is sent. Missing is fine (created 0700/0600).
 */
export function assertOnlyYours(path: string, kind: 'directory' | 'file'): void {
  const stats = statSync(path, { throwIfNoEntry: false });
  const uid = process.getuid?.();
  if (!stats || uid === undefined) return;
  const fix = kind === 'directory' ? `chmod 700 ${path}` : `chmod 600 ${path}`;
  if (stats.uid !== uid) {
    throw new UsageError(
      `the config ${kind} ${path} belongs to another user (uid ${stats.uid}), who could change where your token is sent; ` +
        `check it, then make it yours (chown $(id -u) ${path} && ${fix}), or set BOXOFFICE_CONFIG_DIR`,
      'BOXOFFICE_CONFIG_DIR',
    );
  }
  if ((stats.mode & 0o022) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw new UsageError(
      `the config ${kind} ${path} is writable by ${(stats.mode & 0o002) !== 0 ? 'every user' : 'its group'} (mode ${mode}), ` +
        `so someone else could change where your token is sent; check it, then run: ${fix}`,
      'BOXOFFICE_CONFIG_DIR',
    );
  }
}
