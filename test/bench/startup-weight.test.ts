// Fast start (issue 10): what the CLI loads before running any command must stay small. The
// static import closure of the entry may hold commander and our own light modules only; heavy
// packages and the sandbox are loaded with `await import()` by the commands that use them.
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const HEAVY = [
  /node_modules\/zod\//,
  /node_modules\/undici\//,
  /node_modules\/@inquirer\//,
  /node_modules\/cli-table3\//,
  /node_modules\/csv-(stringify|parse)\//,
  /node_modules\/hono\//,
  /node_modules\/@hono\//,
  /node_modules\/yaml\//,
  /node_modules\/conf\//,
  /node_modules\/vega[^/]*\//,
  /node_modules\/stream-json\//,
  /^src\/sandbox\//,
  /^src\/insights\//,
  /^src\/client\/http\.ts$/,
];

async function staticClosure(entry: string): Promise<{ files: string[]; chainTo(file: string): string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    splitting: true,
    outdir: 'unused',
    external: ['better-sqlite3', 'open', 'playwright-core'],
    logLevel: 'silent',
  });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || parent.has(imported.path)) continue;
      parent.set(imported.path, file);
      queue.push(imported.path);
    }
  }
  const chainTo = (file: string) => {
    const chain: string[] = [];
    for (let at: string | null | undefined = file; at; at = parent.get(at)) chain.unshift(at);
    return chain;
  };
  return { files: [...parent.keys()], chainTo };
}

describe('startup weight', () => {
  it('loads no heavy module before a command runs', async () => {
    const { files, chainTo } = await staticClosure('src/cli/entry.ts');
    const heavy = files.filter((file) => HEAVY.some((pattern) => pattern.test(file)));
    const chains = heavy.slice(0, 3).map((file) => chainTo(file).join(' → '));
    expect(chains).toEqual([]);
    expect(files).toContain('node_modules/commander/index.js');
    // Command groups are loaded on demand: no verb file is part of start-up.
    expect(files.filter((file) => /^src\/cli\/commands\/[^/]+\//.test(file))).toEqual([]);
  });
});
