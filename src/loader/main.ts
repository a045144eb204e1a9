// The CLI's start (dist/loader.cjs): compiles the bundle's core and each chunk a command loads with
// a V8 code cache made after that command ran, so that it holds the functions V8 compiled on their
// first call too (Node's own compile cache holds only those compiled as the file loaded). One cache
// file per command, named by the build's hash, Node version and architecture; each part is used
// only for the very file it was made from (cache-file.ts), so no change of the bundle runs old code.
import { closeSync, openSync, readFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDirectory, commandKey, readCache, sourceIdentity, writeCache, type CachePart } from './cache-file.js';

/** The sha-256 of every file of dist/ the loader compiles, set by scripts/build.mjs. */
declare const BOXOFFICE_BUILD_ID: string;

/** What Node's CommonJS loader offers that @types/node does not declare. */
interface ModuleInternals {
  new (id: string, parent?: NodeJS.Module): NodeJS.Module & { filename: string; paths: string[]; loaded: boolean; exports: Record<string, unknown> };
  wrap(source: string): string;
  _nodeModulePaths(directory: string): string[];
  createRequire(file: string): NodeJS.Require;
}
const NodeModule = Module as unknown as ModuleInternals;

const CORE = join(__dirname, 'cli.cjs');
const CHUNKS = join(__dirname, 'chunks');

type Exports = Record<string, unknown>;

/** The core and the chunks share one `require` per directory, as Node's modules of a directory resolve alike. */
const requireIn = new Map<string, { require: NodeJS.Require; paths: string[] }>();

/** A module loaded as Node would (one instance, in require.cache), compiled with its cache part if it has one. */
function loadModule(file: string, part: CachePart | undefined, parent: NodeJS.Module | undefined, given: Exports = {}) {
  const fd = openSync(file, 'r');
  let source: string;
  let identity: string;
  try {
    identity = sourceIdentity(fd);
    source = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  const cachedData = part?.identity === identity ? part.data : undefined;
  const script = new Script(NodeModule.wrap(source), { filename: file, cachedData });
  const directory = dirname(file);
  let shared = requireIn.get(directory);
  if (!shared) {
    shared = { require: NodeModule.createRequire(file), paths: NodeModule._nodeModulePaths(directory) };
    requireIn.set(directory, shared);
  }
  const loaded = new NodeModule(file, parent);
  loaded.filename = file;
  loaded.paths = shared.paths;
  Object.assign(loaded.exports, given);
  require.cache[file] = loaded;
  (script.runInThisContext() as (...args: unknown[]) => void).call(loaded.exports, loaded.exports, shared.require, loaded, file, directory);
  loaded.loaded = true;
  return { exports: loaded.exports as Exports, script, identity, used: cachedData !== undefined };
}

/** The core, given `loadChunk` (what the core and the CommonJS chunks load a chunk with). */
function loadCore() {
  const directory = cacheDirectory(process.env);
  const build = `cli-${BOXOFFICE_BUILD_ID.slice(0, 16)}-${process.version}-${process.arch}`;
  const file = directory && join(directory, `${build}-${commandKey(process.argv.slice(2))}.v8`);
  const cache = readCache(file);
  const compiled: { name: string; script: Script; identity: string; used: boolean }[] = [];
  const load = (path: string, name: string, parent: NodeJS.Module | undefined, given?: Exports): Exports => {
    const { exports, script, identity, used } = loadModule(path, cache.get(name), parent, given);
    compiled.push({ name, script, identity, used });
    return exports;
  };
  const loadChunk = (name: string): Exports =>
    (require.cache[join(CHUNKS, name)]?.exports as Exports | undefined) ?? load(join(CHUNKS, name), name, require.cache[CORE]);
  const { runFromProcess } = load(CORE, 'cli.cjs', module, { loadChunk }) as { runFromProcess: () => Promise<number> };
  const saveAfterRun = () => {
    if (file === undefined || compiled.every(({ used, script }) => used && !script.cachedDataRejected)) return;
    writeCache(
      file,
      build,
      compiled.map(({ name, script, identity }) => ({ name, identity, data: script.createCachedData() })),
    );
  };
  return { runFromProcess, saveAfterRun };
}

const { runFromProcess, saveAfterRun } = loadCore();
void runFromProcess().then((code) => {
  process.exitCode = code;
  // Only a command that ran through is the path its next runs take: a cache made after a refusal
  // (not logged in, a mistyped command) would hold the error's path, and be kept as it is.
  if (code === 0) saveAfterRun();
});
