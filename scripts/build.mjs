// Bundles the CLI into dist/ with esbuild: a CommonJS core (dist/cli.cjs) and ES module chunks
// for what is loaded on demand (scripts/build-cli.mjs says why and how).
import { rmSync } from 'node:fs';
import { buildCli } from './build-cli.mjs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await buildCli();
