// The chunks as CommonJS: esbuild splits ES modules only, so the split is made as ES modules and
// each chunk is then converted. bin/boxoffice.js loads a CommonJS chunk as it loads the core,
// compiled with a V8 code cache made after the command ran (`loadChunk` on the core's exports),
// which holds the functions compiled on their first call: an ES module is served only by Node's
// compile cache (22.1 and later), which holds what compiled as the file loaded, and Node's ES
// module loader costs more per file. A chunk with a top-level `await` (vega's) stays an ES
// module (.mjs), with the chunks that import it.
import { transform } from 'esbuild';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliBuildOptions } from './build-options.mjs';

const CHUNKS = 'dist/chunks';
/** How a chunk reaches the core (where bin/boxoffice.js puts `loadChunk`) and the importer. */
const CORE_FROM_CHUNKS = '../cli.cjs';
const IMPORTER_FROM_CHUNKS = '../import-chunk.cjs';

/** Converts the chunks, and points the core (`coreFile`) at them. */
export async function convertChunksToCommonJS(coreFile) {
  const names = readdirSync(CHUNKS).filter((name) => name.endsWith('.js'));
  const esm = new Map(names.map((name) => [name, readFileSync(join(CHUNKS, name), 'utf8')]));
  const converted = new Map();
  await Promise.all(
    names.map(async (name) => {
      const source = esm.get(name);
      if (!source.startsWith(cliBuildOptions.banner.js)) throw new Error(`${name} does not start with the chunks' banner`);
      const code = source.slice(cliBuildOptions.banner.js.length);
      // Where a chunk reads import.meta.url (few do: computing it costs each chunk a path resolution).
      const importMetaUrl = code.includes('import.meta.url')
        ? { define: { 'import.meta.url': '__importMetaUrl' }, banner: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' }
        : {};
      try {
        const result = await transform(code, {
          format: 'cjs',
          platform: 'node',
          target: cliBuildOptions.target,
          minifyWhitespace: true,
          ...importMetaUrl,
          logLevel: 'silent',
        });
        converted.set(name, result.code);
      } catch {
        // A top-level await has no CommonJS form.
      }
    }),
  );
  // A chunk that imports an ES module chunk statically stays an ES module too.
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, code] of converted) {
      if (staticChunkImports(code).some((imported) => !converted.has(imported))) {
        converted.delete(name);
        grew = true;
      }
    }
  }
  const stayingEsm = names.filter((name) => !converted.has(name));
  const mjs = (name) => name.replace(/\.js$/, '.mjs');
  const renamed = (code, prefix) =>
    code.replace(/"\.\/(?:chunks\/)?([^"/]+\.js)"/g, (specifier, name) => (stayingEsm.includes(name) ? `"${prefix}${mjs(name)}"` : specifier));

  for (const name of stayingEsm) {
    writeFileSync(join(CHUNKS, name), renamed(esm.get(name), './'));
    renameSync(join(CHUNKS, name), join(CHUNKS, mjs(name)));
  }
  for (const [name, code] of converted) writeFileSync(join(CHUNKS, name), commonJsChunk(renamed(code, './'), name));
  writeFileSync(join(CHUNKS, 'package.json'), '{ "type": "commonjs" }\n');
  writeFileSync(coreFile, coreLoadingChunks(renamed(readFileSync(coreFile, 'utf8'), './chunks/'), new Set(converted.keys())));
}

/** The chunks a converted chunk requires (its static imports). */
function staticChunkImports(code) {
  return [...code.matchAll(/\brequire\("\.\/([^"/]+\.js)"\)/g)].map((match) => match[1]);
}

/**
 * A chunk reads another through the core's `loadChunk` (one instance of each, compiled with its
 * code cache), and imports through the importer what it loads with `import()` otherwise (code
 * compiled by bin/boxoffice.js has no `import()` of its own).
 */
function commonJsChunk(code, name) {
  const loaded = code
    .replace(/\brequire\("\.\/([^"/]+\.js)"\)/g, (_call, chunk) => `require(${JSON.stringify(CORE_FROM_CHUNKS)}).loadChunk(${JSON.stringify(chunk)})`)
    .replace(
      /\bimport\("\.\/([^"/]+\.js)"\)/g,
      (_call, chunk) => `Promise.resolve().then(() => require(${JSON.stringify(CORE_FROM_CHUNKS)}).loadChunk(${JSON.stringify(chunk)}))`,
    )
    .replace(
      /\bimport\("(\.\/)?([^"]+)"\)/g,
      (_call, relative, specifier) => `require(${JSON.stringify(IMPORTER_FROM_CHUNKS)})(${JSON.stringify(relative ? `./chunks/${specifier}` : specifier)})`,
    );
  if (/\bimport\s*\(|\bimport\.meta\b/.test(loaded.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) throw new Error(`${name} has an import() or import.meta left`);
  return loaded;
}

/** The core loads a CommonJS chunk with `loadChunk` rather than through the importer. */
function coreLoadingChunks(code, commonJs) {
  return code.replace(/\brequire\("\.\/import-chunk\.cjs"\)\("\.\/chunks\/([^"/]+)"\)/g, (call, chunk) =>
    commonJs.has(chunk) ? `Promise.resolve().then(() => module.exports.loadChunk(${JSON.stringify(chunk)}))` : call,
  );
}
