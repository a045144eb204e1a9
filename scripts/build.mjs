// Bundles the CLI into dist/ with esbuild. Code splitting keeps heavy modules (prompts, CSV,
// tables, the sandbox, undici) in chunks that are loaded only by the commands that use them.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { cliBuildOptions } from './build-options.mjs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build(cliBuildOptions);
