#!/usr/bin/env node
require('../dist/loader.cjs');
