// dist/loader.cjs, the CLI's start (src/loader/): built after the bundle, with the sha-256 of
// the bundle's code (every file of dist/ but source maps and licences) as its build id, which names
// the code caches it keeps.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/** The sha-256 of the bundle's code: each file's path and bytes, in path order. */
export function bundleHash(directory) {
  const hash = createHash('sha256');
  const files = readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash
      .update(`${relative(directory, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

export async function buildLoader() {
  await build({
    entryPoints: ['src/loader/main.ts'],
    outfile: 'dist/loader.cjs',
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    minify: true,
    define: { BOXOFFICE_BUILD_ID: JSON.stringify(bundleHash('dist')) },
    logLevel: 'warning',
  });
}
