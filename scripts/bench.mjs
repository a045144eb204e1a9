// `npm run bench [-- --quick] [-- --only startup,export] [-- --no-build]`: builds the CLI and the benchmark
// bundle, then runs every benchmark module and prints one table with the machine it ran on.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cliBuildOptions, versionDefine } from './build-options.mjs';

const root = new URL('..', import.meta.url);
const args = process.argv.slice(2);
// --no-build: use dist/ as it is (the test suite builds once and runs files in parallel).
if (!args.includes('--no-build')) {
  const step = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}

mkdirSync(new URL('.bench', root), { recursive: true });
await build({
  entryPoints: ['bench/index.ts'],
  outfile: '.bench/bench.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: ['open', 'playwright-core'],
  define: versionDefine,
  banner: {
    js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  absWorkingDir: new URL('.', root).pathname,
});

// The start-up benchmark's reference clients, bundled as the CLI is (minified CommonJS, commander's
// child_process loaded on first use), so that they differ from it only in the code they run.
await build({
  entryPoints: ['bench/reference/minimal-cli.ts', 'bench/reference/http-post.ts'],
  outdir: '.bench/reference',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  minify: true,
  format: 'cjs',
  platform: 'node',
  target: cliBuildOptions.target,
  plugins: cliBuildOptions.plugins,
  logLevel: 'warning',
  absWorkingDir: new URL('.', root).pathname,
});

const run = spawnSync(process.execPath, ['--expose-gc', '.bench/bench.js', ...args.filter((arg) => arg !== '--no-build')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
