// The CLI bundle in two parts:
// - dist/cli.cjs, CommonJS: the entry and what every command needs before its group runs
//   (commander, the program, the help, the registry of groups, the session). `boxoffice --help`
//   and `--version` run from this one file without Node's ES module loader, whose start-up and
//   asynchronous reads of each file were a third of what `--help` took.
// - dist/chunks/*.js, ES modules with code splitting: every command group and everything else
//   loaded with `import()`. What they share with the core they read from ../cli.cjs (already
//   loaded, so `require()` returns it from the module cache): one instance of every module.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, relative } from 'node:path';
import { cliBuildOptions, sourceGraphOptions } from './build-options.mjs';
import { convertChunksToCommonJS } from './build-commonjs-chunks.mjs';

/** The core's roots: the entry, the run it loads for all but `--version`, the session commands open. */
export const CORE_ROOTS = ['src/cli/process/entry.ts', 'src/cli/process/run.ts', 'src/session/session.ts'];
const CORE_OUTFILE = 'dist/cli.cjs';
/** A CommonJS module that Node compiles itself, so that its `import()` is Node's own. */
const CHUNK_IMPORTER = 'import-chunk.cjs';
/** How a chunk (in dist/chunks/) names the core. */
const CORE_FROM_CHUNKS = '../cli.cjs';
const CORE_NAMESPACE = 'boxoffice-core';
const BUILTIN_NAMESPACE = 'builtin-by-require';
const RESOLVING = Symbol('resolving for the split');

/**
 * Builds dist/. The graph of the sources decides the split: the static import closure of
 * CORE_ROOTS is the core; the targets of the core's `import()` calls are the entry points of
 * the ES module part. The core exports each module the chunks import from it as one namespace
 * named by the module's path.
 */
export async function buildCli() {
  const graph = (await build({ ...sourceGraphOptions, write: false, metafile: true, sourcemap: false, logLevel: 'silent' })).metafile.inputs;
  const core = staticClosure(graph, CORE_ROOTS);
  const lazyEntries = [...core]
    .flatMap((file) => graph[file].imports)
    .filter((imported) => imported.kind === 'dynamic-import' && !imported.external && !core.has(imported.path))
    .map((imported) => imported.path);

  const sharedWithChunks = new Set();
  const chunks = await build({
    ...cliBuildOptions,
    entryPoints: chunkEntryPoints(new Set(lazyEntries)),
    entryNames: 'chunks/[name]-[hash]',
    metafile: true,
    plugins: [...cliBuildOptions.plugins, requireBuiltins, readCoreFromCliCjs(core, sharedWithChunks)],
  });
  const chunkOf = new Map(
    Object.entries(chunks.metafile.outputs)
      .filter(([, output]) => output.entryPoint !== undefined)
      .map(([path, output]) => [output.entryPoint, `./${relative('dist', path)}`]),
  );

  // The chunks' options without those that only make sense for split ES modules.
  const { outdir, splitting, chunkNames, banner, ...singleFileOptions } = cliBuildOptions;
  await build({
    ...singleFileOptions,
    format: 'cjs',
    outfile: CORE_OUTFILE,
    stdin: { contents: coreEntry([...sharedWithChunks].sort()), resolveDir: '.', sourcefile: 'core-entry.js', loader: 'js' },
    plugins: [...cliBuildOptions.plugins, importChunksFromCore(core, chunkOf)],
  });
  importChunksThroughImporter(new Set(chunkOf.values()));
  await convertChunksToCommonJS(CORE_OUTFILE);
}

/**
 * bin/boxoffice.js compiles the core itself (vm.Script, with a code cache), and code compiled so
 * has no `import()` without an experimental flag: the core imports its chunks through
 * dist/import-chunk.cjs, a one-line module compiled by Node.
 */
function importChunksThroughImporter(chunks) {
  const core = readFileSync(CORE_OUTFILE, 'utf8').replace(/\bimport\(("[^"]*")\)/g, (_call, specifier) => {
    if (!chunks.has(JSON.parse(specifier))) throw new Error(`${CORE_OUTFILE} imports ${specifier}, which is not a chunk`);
    return `require(${JSON.stringify(`./${CHUNK_IMPORTER}`)})(${specifier})`;
  });
  if (/\bimport\s*\(/.test(core)) throw new Error(`${CORE_OUTFILE} has an import() the importer does not carry`);
  writeFileSync(CORE_OUTFILE, core);
  // Node's compile cache serves the ES module chunks (those with a top-level await); turned on
  // when one is first imported, not on every start (loading it costs ~1 % of \`node -e 0\`).
  writeFileSync(`dist/${CHUNK_IMPORTER}`, "module.exports = (chunk) => {\n  require('node:module').enableCompileCache?.();\n  return import(chunk);\n};\n");
}

/** Files reachable from `roots` through static imports and requires. */
function staticClosure(graph, roots) {
  const closure = new Set(roots);
  const queue = [...roots];
  while (queue.length > 0) {
    for (const imported of graph[queue.shift()].imports) {
      if (imported.external || imported.kind === 'dynamic-import' || closure.has(imported.path)) continue;
      closure.add(imported.path);
      queue.push(imported.path);
    }
  }
  return closure;
}

/** Entry points named as esbuild names chunks: `commands/auth/index.ts` → `auth`, `error-message.ts` → `error-message`. */
function chunkEntryPoints(files) {
  const entryPoints = {};
  for (const file of files) {
    const name = basename(file).replace(/\.[^.]+$/, '');
    let outName = name === 'index' ? basename(dirname(file)) : name;
    while (outName in entryPoints) outName = `${basename(dirname(file))}-${outName}`;
    entryPoints[outName] = file;
  }
  return entryPoints;
}

/**
 * The core's entry: the bundle's entry module, and every module the chunks read, by path. Each of
 * those is evaluated when a chunk first reads it, so `--version` evaluates the entry alone (not
 * commander, which builds a program as it loads).
 */
function coreEntry(shared) {
  return [
    "exports.runFromProcess = require('./src/cli/process/entry.ts').runFromProcess;",
    'const onFirstRead = (load) => { let module; return { enumerable: true, get: () => (module ??= load()) }; };',
    'Object.defineProperties(exports, {',
    ...shared.map((file) => `  ${JSON.stringify(file)}: onFirstRead(() => require(${JSON.stringify(`./${file}`)})),`),
    '});',
  ].join('\n');
}

/** In the ES module part: a core module is `require('../cli.cjs')[its path]`. */
function readCoreFromCliCjs(core, sharedWithChunks) {
  return {
    name: 'read-core-from-cli-cjs',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.namespace === CORE_NAMESPACE) return { path: CORE_FROM_CHUNKS, external: true };
        if (args.kind === 'entry-point') return undefined;
        const file = await bundledFile(esbuild, args);
        if (file === undefined || !core.has(file)) return undefined;
        sharedWithChunks.add(file);
        return { path: standInKey(file, args.importer), namespace: CORE_NAMESPACE, pluginData: { file } };
      });
      esbuild.onLoad({ filter: /.*/, namespace: CORE_NAMESPACE }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(CORE_FROM_CHUNKS)})[${JSON.stringify(args.pluginData.file)}];`,
        loader: 'js',
      }));
    },
  };
}

/**
 * In the ES module part: a Node built-in is `require()`d. An `import` of a built-in runs every
 * getter on its exports: on Node 24, `import 'node:http'` loads Node's own undici for
 * `http.WebSocket` (~75 ms), and `node:crypto` loads WebCrypto. Dynamic `import()`s stay.
 */
const requireBuiltins = {
  name: 'require-builtins',
  setup(esbuild) {
    esbuild.onResolve({ filter: /.*/ }, (args) => {
      if (!isBuiltin(args.path) || args.kind === 'dynamic-import') return undefined;
      if (args.namespace === BUILTIN_NAMESPACE) return { path: args.path, external: true };
      return { path: standInKey(args.path, args.importer), namespace: BUILTIN_NAMESPACE, pluginData: { builtin: args.path } };
    });
    esbuild.onLoad({ filter: /.*/, namespace: BUILTIN_NAMESPACE }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.pluginData.builtin)});`,
      loader: 'js',
    }));
  },
};

/**
 * The key of a stand-in module (one line that requires the real one) for one importer. A stand-in
 * shared by several modules would be split into a chunk of its own, a file of a few hundred bytes
 * to load; one per importer lands in its importer's chunk. No extension, so that esbuild reads
 * the stand-in as CommonJS.
 */
function standInKey(module, importer) {
  return `${module} for ${importer}`.replace(/\./g, '_');
}

/** In the core: `import()` of a module outside it loads that module's chunk. */
function importChunksFromCore(core, chunkOf) {
  return {
    name: 'import-chunks-from-core',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const file = await bundledFile(esbuild, args);
        if (file === undefined || core.has(file)) return undefined;
        const chunk = chunkOf.get(file);
        if (chunk === undefined) throw new Error(`${args.importer} imports ${file}, which the build gave no chunk`);
        return { path: chunk, external: true };
      });
    },
  };
}

/**
 * The file an import resolves to, as the graph names it (relative to the project), or
 * undefined for external modules. Resolving re-enters onResolve: the marker lets the asking
 * plugin step aside.
 */
async function bundledFile(esbuild, args) {
  if (args.pluginData?.[RESOLVING]) return undefined;
  const resolved = await esbuild.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: { [RESOLVING]: true },
  });
  return resolved.errors.length > 0 || resolved.external ? undefined : relative('.', resolved.path);
}
