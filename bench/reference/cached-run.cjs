// Runs a bundled reference client (argv[2]) as bin/boxoffice.js runs the CLI: compiled with a V8
// code cache made after its first run with the same arguments (a file in $XDG_CACHE_HOME, which
// the benchmark points at its own scratch directory, else beside the client), so that the
// comparison is of the code run, not of how it is compiled.
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join, resolve } = require('node:path');
const { Script } = require('node:vm');

const file = resolve(process.argv[2]);
process.argv.splice(2, 1);
const cacheFile = `${join(process.env.XDG_CACHE_HOME ?? dirname(file), basename(file))}.${process.version}.${process.argv
  .slice(2)
  .join('-')
  .replace(/[^\w-]+/g, '_')}.v8`;
const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
const loaded = { exports: {} };
script.runInThisContext().call(loaded.exports, loaded.exports, Module.createRequire(file), loaded, file, dirname(file));
if (cachedData === undefined || script.cachedDataRejected)
  process.once('beforeExit', () => {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, script.createCachedData());
  });
