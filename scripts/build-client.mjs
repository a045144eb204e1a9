// The client library, `boxoffice/client` in package.json's exports: dist/client/index.js, one ES
// module with its packages (undici, zod) bundled, and its declarations in dist/client/types/
// (tsc over src/client). The declarations name zod's types; zod is not installed with the
// package (a build-time dependency, bundled), so its declaration files are shipped beside ours
// (with its licence) and our declarations import them by relative path.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { versionDefine } from './build-options.mjs';

const TYPES = 'dist/client/types';
const ZOD_TYPES = join(TYPES, 'zod');

export async function buildClient() {
  await build({
    entryPoints: ['src/client/index.ts'],
    outfile: 'dist/client/index.js',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    define: versionDefine,
    legalComments: 'linked',
    // undici is CommonJS and requires Node's modules; an ES module has no require of its own.
    banner: { js: "import { createRequire as __boxofficeCreateRequire } from 'node:module'; const require = __boxofficeCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  execFileSync(process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.client.json'], { stdio: 'inherit' });
  vendorZodDeclarations();
}

function filesUnder(directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function vendorZodDeclarations() {
  const zod = 'node_modules/zod';
  for (const file of filesUnder(zod).filter((path) => path.endsWith('.d.ts') && !path.startsWith(join(zod, 'src')))) {
    const target = join(ZOD_TYPES, relative(zod, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  cpSync(join(zod, 'LICENSE'), join(ZOD_TYPES, 'LICENSE'));
  // 'zod' → zod/index.js, 'zod/mini' → zod/mini/index.js, 'zod/v4/core' → zod/v4/core/index.js
  for (const file of filesUnder(TYPES).filter((path) => path.endsWith('.d.ts') && !path.startsWith(ZOD_TYPES))) {
    const toZod = relative(dirname(file), ZOD_TYPES);
    const text = readFileSync(file, 'utf8').replace(
      /(["'])zod((?:\/[a-z0-9]+)*)\1/g,
      (_match, quote, subpath) => `${quote}${toZod}${subpath}/index.js${quote}`,
    );
    writeFileSync(file, text);
  }
}
