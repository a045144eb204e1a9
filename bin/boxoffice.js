#!/usr/bin/env node
// CommonJS (bin/package.json), as is the bundle's core (dist/cli.cjs): `boxoffice --help` then
// runs without Node's ES module loader. Command groups are ES modules, loaded when they run.
require('../dist/cli.cjs')
  .runFromProcess()
  .then((code) => {
    process.exitCode = code;
  });
