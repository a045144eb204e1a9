// The esbuild options of the CLI bundle: one definition for the build (scripts/build-cli.mjs) and
// for the tests that inspect what the bundle loads (test/helpers/bundle-graph.ts).
import { readFileSync } from 'node:fs';

// commander requires node:child_process at load for executable subcommands, which this CLI
// does not have; loading it (with dgram and net's socket list) cost ~7 ms of every start.
// commander gets a stand-in that loads the module on first use instead.
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/') ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
      loader: 'js',
    }));
  },
};

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The package's version, inlined wherever the sources are built or run (bundle, docs, tests). */
export const versionDefine = { BOXOFFICE_VERSION: JSON.stringify(pkg.version) };

/**
 * The ES module part of the bundle (dist/chunks/); build-cli.mjs names its entry points and
 * derives the CommonJS core's options from these.
 * @type {import('esbuild').BuildOptions}
 */
export const cliBuildOptions = {
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  // Minified code compiles markedly faster at start-up (about 30 ms on `--version` here).
  // Error classes set their names explicitly, so nothing relies on identifiers surviving.
  minify: true,
  legalComments: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // A package that ships a helper script beside its code; a dev-only tool. Both
  // are still loaded only when used. undici is bundled: loading its ~170 files from
  // node_modules took ~90 ms on the first request (src/client/http.ts reads its exports from
  // the chunk's default, where esbuild puts a CommonJS package's).
  external: ['open', 'playwright-core'],
  define: versionDefine,
  banner: {
    // Some bundled CommonJS packages call require(); give ESM chunks one, made on first call
    // (every chunk gets the banner, few call it: creating it at load cost each chunk its import.meta).
    js: "import { createRequire as __boxofficeCreateRequire } from 'node:module'; let __boxofficeRequire; const require = (id) => (__boxofficeRequire ??= __boxofficeCreateRequire(import.meta.url))(id);",
  },
  plugins: [lazyChildProcessForCommander],
  logLevel: 'warning',
};

/**
 * The whole program as one ES module build from its entry: the graph of source files and imports
 * that decides the split into core and chunks, and that the start-up tests read.
 * @type {import('esbuild').BuildOptions}
 */
export const sourceGraphOptions = { ...cliBuildOptions, entryPoints: { cli: 'src/cli/process/entry.ts' } };
