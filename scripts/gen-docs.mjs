// Writes the generated reference (docs/commands/*.md, man/boxoffice.1) from the command tree
// the CLI builds. `--check` writes nothing and exits 1 when a committed file differs.
// The TypeScript sources are bundled first (node_modules/.cache), with packages left external.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { versionDefine } from './build-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

const outfile = join(root, 'node_modules/.cache/boxoffice-docs/reference.mjs');
await build({
  entryPoints: [join(root, 'scripts/docs/reference.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  define: versionDefine,
  logLevel: 'warning',
});
const { generateReference, GENERATED_DIRS } = await import(pathToFileURL(outfile).href);

const files = await generateReference();
const wanted = new Map(files.map((file) => [file.path, file.content]));
const stale = GENERATED_DIRS.flatMap((dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((name) => `${dir}/${name}`) : [])).filter(
  (path) => !wanted.has(path),
);

const differing = files.filter((file) => {
  const path = join(root, file.path);
  return !existsSync(path) || readFileSync(path, 'utf8') !== file.content;
});

if (check) {
  for (const file of differing) console.error(`out of date: ${file.path}`);
  for (const path of stale) console.error(`no longer generated: ${path}`);
  if (differing.length > 0 || stale.length > 0) {
    console.error('run: npm run docs');
    process.exitCode = 1;
  }
} else {
  for (const file of differing) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
  }
  for (const path of stale) rmSync(join(root, path));
  console.error(`${files.length} files generated: ${differing.length} changed, ${stale.length} removed`);
}
