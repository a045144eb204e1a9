#!/usr/bin/env node
import('../dist/cli.js').then((cli) => cli.runFromProcess()).then((code) => { process.exitCode = code; });
