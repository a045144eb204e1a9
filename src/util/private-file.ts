// Files a run writes for itself: created with O_EXCL and O_NOFOLLOW, so that a link or a file someone
// else planted at the name is never followed, truncated or reused (a leftover of our own is replaced).
// Reopening one (to resume) refuses the same way, and never blocks on a FIFO.
import { chmodSync, closeSync, constants, existsSync, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, rmSync, type Stats, writeFileSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIRECTORY_MODE = 0o700;

/** With `existing`, made owner-only if it was there. */
export function createPrivateDirectory(directory: string, existing: 'leave' | 'make-private' = 'leave'): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (existing === 'make-private') chmodSync(directory, PRIVATE_DIRECTORY_MODE);
}

/** `path` (created empty when missing) and those of `companions` that exist (a database's journals) made owner-only. */
export function makeFilePrivate(path: string, companions: readonly string[] = []): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, ...companions]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
}

export function writePrivateFile(path: string, data: string | Uint8Array): void {
  const fd = createPrivateFile(path);
  try {
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

export class UnsafeFileError extends Error {
  override name = 'UnsafeFileError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path} ${reason}`);
  }
}

function foreignReason(stats: Stats): string | undefined {
  if (stats.isSymbolicLink()) return 'is a symbolic link';
  if (!stats.isFile()) return 'is not a regular file';
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `belongs to another user (uid ${stats.uid})`;
  if (stats.nlink > 1) return 'has other hard links';
  return undefined;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

export function createPrivateFile(path: string): number {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, PRIVATE_FILE_MODE);
    } catch (error) {
      // A third collision means something keeps putting files there: not a leftover of ours.
      if (errorCode(error) !== 'EEXIST' || attempt === 2) throw error;
    }
    const reason = foreignEntry(path);
    if (reason) throw new UnsafeFileError(path, reason);
    // A leftover of ours (gone meanwhile is as good).
    rmSync(path, { force: true });
  }
}

/** An existing file of ours, opened without following a link, made 0600 when opened for writing. */
export function openOwnFile(path: string, flags: number): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, flags | NO_FOLLOW | NON_BLOCKING);
  } catch (error) {
    // O_NOFOLLOW on a link fails with ELOOP (EMLINK on some BSDs).
    if (errorCode(error) === 'ELOOP' || errorCode(error) === 'EMLINK') throw new UnsafeFileError(path, 'is a symbolic link');
    if (errorCode(error) === 'ENXIO') throw new UnsafeFileError(path, 'is not a regular file');
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const reason = foreignReason(stats);
    if (reason) throw new UnsafeFileError(path, reason);
    if ((flags & (constants.O_WRONLY | constants.O_RDWR)) !== 0) fchmodSync(fd, PRIVATE_FILE_MODE);
    return { fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

export function foreignEntry(path: string): string | undefined {
  const found = lstatSync(path, { throwIfNoEntry: false });
  return found && foreignReason(found);
}

export function openDirectoryReason(stats: Stats): string | undefined {
  // 0o1000: the sticky bit.
  return (stats.mode & 0o002) !== 0 && (stats.mode & 0o1000) === 0 ? 'is writable by every user and has no sticky bit' : undefined;
}
