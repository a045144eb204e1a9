#!/usr/bin/env node
// CommonJS (bin/package.json), as is the bundle's core (dist/cli.cjs): `boxoffice --help` then
// runs without Node's ES module loader. Command groups are ES modules, loaded when they run.
// Where Node has it (22.1 and later), the code compiled from the bundle is cached on disk
// (in the system's temporary directory) and reused by the next run instead of compiled again.
require('node:module').enableCompileCache?.();
require('../dist/cli.cjs')
  .runFromProcess()
  .then((code) => {
    process.exitCode = code;
  });
