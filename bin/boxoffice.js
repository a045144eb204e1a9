#!/usr/bin/env node
// The CLI's start is dist/loader.cjs, built from src/loader/ (it compiles the bundle with its code cache).
require('../dist/loader.cjs');
