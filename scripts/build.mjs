// Bundles the CLI into dist/ with esbuild: a CommonJS core (dist/cli.cjs) and ES module chunks
// for what is loaded on demand (scripts/build-cli.mjs says why and how), the loader that starts
// them (scripts/build-loader.mjs), and the client library (scripts/build-client.mjs).
import { rmSync } from 'node:fs';
import { buildCli } from './build-cli.mjs';
import { buildClient } from './build-client.mjs';
import { buildLoader } from './build-loader.mjs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await buildCli();
await buildLoader();
await buildClient();
