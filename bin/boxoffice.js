#!/usr/bin/env node
// CommonJS (bin/package.json), as are the bundle's core (dist/cli.cjs) and its chunks but those
// with a top-level await: commands run without Node's ES module loader.
//
// The core and each chunk a command loads are compiled with a V8 code cache made after that
// command ran, so that it holds the functions V8 compiled on their first call as well as those
// it compiled as the file loaded (Node's own compile cache, which dist/import-chunk.cjs turns on
// for the ES module chunks where Node has it, 22.1 and later, holds only the latter). Each
// command (its first two words) has one cache file in the user's cache directory, holding a part
// for the core and for each chunk it loaded, so that a run reads one file and deserializes only
// what that command runs (`--version` does not pay for what `event get` compiled). The file is
// named by the core's size and time, the Node version and architecture, and the command; V8
// refuses a part that does not fit, and the file is written again (atomically) after a
// successful run that lacked a part or had one refused.
const { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, isAbsolute, join } = require('node:path');
const { Script } = require('node:vm');

const CORE = join(__dirname, '..', 'dist', 'cli.cjs');
const CHUNKS = join(__dirname, '..', 'dist', 'chunks');

/**
 * The user's cache directory for boxoffice, as each system places one; undefined when the
 * environment names no absolute one (HOME="" must not put a cache in the working directory).
 */
function cacheDirectory(env) {
  const home = env.HOME ?? env.USERPROFILE ?? require('node:os').homedir();
  const base =
    process.platform === 'win32'
      ? join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'boxoffice', 'Cache')
      : process.platform === 'darwin'
        ? join(home, 'Library', 'Caches', 'boxoffice')
        : join(isAbsolute(env.XDG_CACHE_HOME ?? '') ? env.XDG_CACHE_HOME : join(home, '.cache'), 'boxoffice');
  return isAbsolute(base) ? base : undefined;
}

/** A cache file is code: read only one of this user's that no one else may write. */
function ownedByUser(fd) {
  if (process.platform === 'win32') return true;
  const { uid, mode } = fstatSync(fd);
  return uid === process.getuid() && (mode & 0o022) === 0;
}

/** Global flags whose value is the next word (`--profile bench`), not a command name (GLOBAL_OPTIONS_WITH_VALUE in src/cli/usage.ts). */
const FLAGS_WITH_VALUE = new Set(['--profile']);

/**
 * The command a run's cache is made after: its first two words that look like command names (not
 * ids or values), else its first flag (`--version`, `--help`), else `none`.
 */
function commandKey(argv) {
  const words = [];
  for (let index = 0; index < argv.length && words.length < 2; index++) {
    if (FLAGS_WITH_VALUE.has(argv[index])) index++;
    else if (/^[a-z]+(-[a-z]+)*$/.test(argv[index])) words.push(argv[index]);
  }
  if (words.length > 0) return words.join('-');
  return /^--?[a-zA-Z]+$/.test(argv[0] ?? '') ? argv[0].replace(/^-+/, '').toLowerCase() : 'none';
}

/**
 * A cache file: a JSON line listing its parts as [file name, length], then V8's data of each in
 * that order. Only a file of this user's that no one else may write is read: a cache is code.
 */
function readCache(file) {
  const parts = new Map();
  if (file === undefined) return parts;
  let fd;
  try {
    fd = openSync(file, 'r');
    if (!ownedByUser(fd)) return parts;
    const bytes = readFileSync(fd);
    let offset = bytes.indexOf(10) + 1;
    for (const [name, length] of JSON.parse(bytes.subarray(0, offset - 1).toString('utf8'))) {
      parts.set(name, bytes.subarray(offset, offset + length));
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

/** Removes the caches of other builds (or Node versions) left unused for a week. */
function removeStaleCaches(directory, build) {
  for (const name of readdirSync(directory)) {
    const file = join(directory, name);
    if (/^(cli|chunk)-/.test(name) && !name.startsWith(build) && statSync(file).mtimeMs < Date.now() - WEEK_MS) rmSync(file, { force: true });
  }
}

function writeCache(file, build, parts) {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    removeStaleCaches(dirname(file), build);
    const header = JSON.stringify(parts.map(([name, data]) => [name, data.length]));
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.concat([Buffer.from(`${header}\n`), ...parts.map(([, data]) => data)]), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written is only a slower start next time.
  }
}

/** The core and the chunks share one `require` per directory, as Node's modules of a directory resolve alike. */
const requireIn = new Map();

/**
 * A module loaded as Node would load it (one instance, in require.cache), compiled with
 * `cachedData`, its exports starting with `given`.
 */
function loadModule(file, cachedData, parent, given = {}) {
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const directory = dirname(file);
  if (!requireIn.has(directory)) requireIn.set(directory, { require: Module.createRequire(file), paths: Module._nodeModulePaths(directory) });
  const shared = requireIn.get(directory);
  const loaded = new Module(file, parent);
  loaded.filename = file;
  loaded.paths = shared.paths;
  Object.assign(loaded.exports, given);
  require.cache[file] = loaded;
  script.runInThisContext().call(loaded.exports, loaded.exports, shared.require, loaded, file, directory);
  loaded.loaded = true;
  return { loaded, script };
}

/**
 * Loads the core, and gives it `loadChunk` (what the core and the CommonJS chunks load a chunk
 * with), each compiled with its part of the command's cache.
 */
function loadCore() {
  const { size, mtimeMs } = statSync(CORE);
  const directory = cacheDirectory(process.env);
  const build = `cli-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}`;
  const file = directory && join(directory, `${build}-${commandKey(process.argv.slice(2))}.v8`);
  const cache = readCache(file);
  const scripts = [];
  const load = (path, name, parent, given) => {
    const { loaded, script } = loadModule(path, cache.get(name), parent, given);
    scripts.push({ name, script });
    return loaded.exports;
  };
  const loadChunk = (name) => require.cache[join(CHUNKS, name)]?.exports ?? load(join(CHUNKS, name), name, require.cache[CORE]);
  const { runFromProcess } = load(CORE, 'cli.cjs', module, { loadChunk });
  const saveAfterRun = () => {
    if (file === undefined || scripts.every(({ name, script }) => cache.has(name) && !script.cachedDataRejected)) return;
    writeCache(
      file,
      build,
      scripts.map(({ name, script }) => [name, script.createCachedData()]),
    );
  };
  return { runFromProcess, saveAfterRun };
}

const { runFromProcess, saveAfterRun } = loadCore();
runFromProcess().then((code) => {
  process.exitCode = code;
  // Only a command that ran through is the path its next runs take: a cache made after a refusal
  // (not logged in, a mistyped command) would hold the error's path, and be kept as it is.
  if (code === 0) saveAfterRun();
});
