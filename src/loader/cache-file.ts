// A command's code cache file: where it lives, what it is named after, and its format. A file
// holds one part per compiled file (the core, each chunk the command loaded), each tagged with
// the identity of the exact file it was made from; a part is used only for that same file.
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { GLOBAL_OPTIONS_WITH_VALUE } from '../cli/framework/global-options.js';
import { createPrivateDirectory, writePrivateFile } from '../util/private-file.js';

export interface CachePart {
  /** `cli.cjs`, a chunk's file name. */
  name: string;
  /** `sourceIdentity` of the file the part was made from. */
  identity: string;
  data: Buffer;
}

/** Undefined when the environment names no absolute one (HOME="" must not put a cache in the working directory). */
export function cacheDirectory(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  // node:os only when the environment names no home: every start would pay for loading it.
  const home = env.HOME ?? env.USERPROFILE ?? process.getBuiltinModule('node:os').homedir();
  const xdg = env.XDG_CACHE_HOME ?? '';
  const base =
    platform === 'win32'
      ? join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'boxoffice', 'Cache')
      : platform === 'darwin'
        ? join(home, 'Library', 'Caches', 'boxoffice')
        : join(isAbsolute(xdg) ? xdg : join(home, '.cache'), 'boxoffice');
  return isAbsolute(base) ? base : undefined;
}

/** The first two words that look like command names (not ids or values), else the first flag (`--version`), else `none`. */
export function commandKey(argv: readonly string[]): string {
  const words: string[] = [];
  for (let index = 0; index < argv.length && words.length < 2; index++) {
    const word = argv[index] as string;
    if (GLOBAL_OPTIONS_WITH_VALUE.has(word)) index++;
    else if (/^[a-z]+(-[a-z]+)*$/.test(word)) words.push(word);
  }
  if (words.length > 0) return words.join('-');
  const first = argv[0] ?? '';
  return /^--?[a-zA-Z]+$/.test(first) ? first.replace(/^-+/, '').toLowerCase() : 'none';
}

/**
 * Which file, and which bytes of it: device, inode, size, and the times of its last change to
 * the nanosecond. Writing a file changes its change time (ctime), which no copy, `touch` or
 * archive can set back, so a file edited after its part was made never matches it, even at the
 * same size and modification time. (V8 checks only the length of the source.)
 */
export function sourceIdentity(fd: number): string {
  const { dev, ino, size, mtimeNs, ctimeNs } = fstatSync(fd, { bigint: true });
  return `${dev}:${ino}:${size}:${mtimeNs}:${ctimeNs}`;
}

/** A cache file is code: read only one of this user's that no one else may write. */
function ownedByUser(fd: number): boolean {
  if (process.platform === 'win32' || process.getuid === undefined) return true;
  const { uid, mode } = fstatSync(fd);
  return uid === process.getuid() && (mode & 0o022) === 0;
}

/** A JSON line listing the parts as [name, identity, length], then V8's data of each; anything else, or a file others may write, reads as none. */
export function readCache(file: string | undefined): Map<string, CachePart> {
  const parts = new Map<string, CachePart>();
  if (file === undefined) return parts;
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    if (!ownedByUser(fd)) return parts;
    const bytes = readFileSync(fd);
    let offset = bytes.indexOf(10) + 1;
    for (const [name, identity, length] of JSON.parse(bytes.subarray(0, offset - 1).toString('utf8')) as [string, string, number][]) {
      if (typeof name !== 'string' || typeof identity !== 'string' || !Number.isInteger(length)) throw new Error('not a cache file');
      parts.set(name, { name, identity, data: bytes.subarray(offset, offset + length) });
      offset += length;
    }
  } catch {
    parts.clear();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return parts;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Whole or not at all (written under another name, then renamed), mode 0600. */
export function writeCache(file: string, build: string, parts: readonly CachePart[]): void {
  try {
    createPrivateDirectory(dirname(file));
    // The caches of other builds (or Node versions) left unused for a week go.
    for (const name of readdirSync(dirname(file))) {
      const other = join(dirname(file), name);
      if (/^(cli|chunk)-/.test(name) && !name.startsWith(build) && statSync(other).mtimeMs < Date.now() - WEEK_MS) rmSync(other, { force: true });
    }
    const header = JSON.stringify(parts.map(({ name, identity, data }) => [name, identity, data.length]));
    const partial = `${file}.${process.pid}`;
    writePrivateFile(partial, Buffer.concat([Buffer.from(`${header}\n`), ...parts.map(({ data }) => data)]));
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written is only a slower start next time.
  }
}
