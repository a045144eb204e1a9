#!/usr/bin/env node
// CommonJS (bin/package.json), as are the bundle's core (dist/cli.cjs) and its chunks but those
// with a top-level await: commands run without Node's ES module loader.
//
// The core and each chunk it loads are compiled with a V8 code cache made after the command ran,
// so that it holds the functions V8 compiled on their first call as well as those it compiled as
// the file loaded (Node's own compile cache, used for the rest where Node has it, 22.1 and later,
// holds only the latter). The caches live in the user's cache directory, named by the core's size
// and time (a chunk's name holds a hash of its contents) and by the Node version and
// architecture; V8 refuses one that does not fit, and a new one is written. They are written
// again (atomically) after a command whose first two words the core's has not seen, so they come
// to hold what the commands in use run.
const { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, isAbsolute, join } = require('node:path');
const { Script } = require('node:vm');

Module.enableCompileCache?.();

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

/** What a run adds to the cache: its first two words that look like command names (not ids or values). */
function commandWords(argv) {
  return argv
    .filter((word) => /^[a-z]+(-[a-z]+)*$/.test(word))
    .slice(0, 2)
    .join(' ');
}

/** A cache file: the JSON list of the commands it was made after, a newline, V8's data. */
function readCache(file) {
  if (file === undefined) return { commands: [], data: undefined };
  let fd;
  try {
    fd = openSync(file, 'r');
    if (!ownedByUser(fd)) throw new Error('not ours');
    const bytes = readFileSync(fd);
    const newline = bytes.indexOf(10);
    return { commands: JSON.parse(bytes.subarray(0, newline).toString('utf8')), data: bytes.subarray(newline + 1) };
  } catch {
    return { commands: [], data: undefined };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Removes the caches of other builds (or Node versions) left unused for a week. */
function removeStaleCaches(directory, kept) {
  for (const name of readdirSync(directory)) {
    const file = join(directory, name);
    if (file !== kept && /^(cli|chunk)-/.test(name) && statSync(file).mtimeMs < Date.now() - WEEK_MS) rmSync(file, { force: true });
  }
}

function writeCache(file, commands, data) {
  if (file === undefined) return;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (commands.length === 1) removeStaleCaches(dirname(file), file);
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.concat([Buffer.from(`${JSON.stringify(commands)}\n`), data]), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written is only a slower start next time.
  }
}

/**
 * A module loaded as Node would load it (one instance, in require.cache), compiled with the cache
 * in `cacheFile`, its exports starting with `given`.
 */
function loadModule(file, cacheFile, parent, given = {}) {
  const cache = readCache(cacheFile);
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData: cache.data });
  const loaded = new Module(file, parent);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(dirname(file));
  Object.assign(loaded.exports, given);
  require.cache[file] = loaded;
  script.runInThisContext().call(loaded.exports, loaded.exports, Module.createRequire(file), loaded, file, dirname(file));
  loaded.loaded = true;
  return { loaded, script, cache };
}

/**
 * Loads the core, and gives it `loadChunk` (what the core and the CommonJS chunks load a chunk
 * with), each compiled with its code cache.
 */
function loadCore() {
  const { size, mtimeMs } = statSync(CORE);
  const directory = cacheDirectory(process.env);
  const runtime = `${process.version}-${process.arch}`;
  const file = directory && join(directory, `cli-${size}-${Math.trunc(mtimeMs)}-${runtime}.v8`);
  const chunkCacheFile = (name) => directory && join(directory, `chunk-${name.replace(/\.js$/, '')}-${runtime}.v8`);
  const chunks = [];
  const loadChunk = (name) => {
    const chunk = join(CHUNKS, name);
    if (require.cache[chunk]) return require.cache[chunk].exports;
    const { loaded, script, cache } = loadModule(chunk, chunkCacheFile(name), require.cache[CORE]);
    chunks.push({ name, script, cache });
    return loaded.exports;
  };
  const core = loadModule(CORE, file, module, { loadChunk });
  const { script, cache } = core;
  const command = commandWords(process.argv.slice(2));
  const saveAfterRun = () => {
    const known = cache.data !== undefined && !script.cachedDataRejected && cache.commands.includes(command);
    if (!known) {
      const commands = script.cachedDataRejected || cache.data === undefined ? [command] : [...cache.commands, command];
      writeCache(file, commands, script.createCachedData());
    }
    for (const chunk of chunks) {
      if (known && chunk.cache.data !== undefined && !chunk.script.cachedDataRejected) continue;
      writeCache(chunkCacheFile(chunk.name), [], chunk.script.createCachedData());
    }
  };
  return { runFromProcess: core.loaded.exports.runFromProcess, saveAfterRun };
}

const { runFromProcess, saveAfterRun } = loadCore();
runFromProcess().then((code) => {
  process.exitCode = code;
  saveAfterRun();
});
