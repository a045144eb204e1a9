// Fast start (issues 10 and 20): what the CLI loads before running any command must stay small,
// and each command group loads what its verbs need in one step. The static import closure of the
// entry may hold commander and our own light modules only; a group (loaded with `import()` by
// src/cli/commands/index.ts) imports its own modules statically, keeps `import()` for the
// optional heavy parts listed below, and leaves the HTTP client to the session (one `import()`
// when a command talks to the service).
import { readdirSync } from 'node:fs';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_ROOTS } from '../../scripts/build-cli.mjs';
import { cliBundleInputs } from '../helpers/bundle-graph.js';

const HEAVY = [
  /node_modules\/zod\//,
  /node_modules\/undici\//,
  /node_modules\/@inquirer\//,
  /node_modules\/cli-table3\//,
  /node_modules\/hono\//,
  /node_modules\/@hono\//,
  /node_modules\/yaml\//,
  /node_modules\/conf\//,
  /node_modules\/vega[^/]*\//,
  /node_modules\/stream-json\//,
  /node_modules\/papaparse\//,
  // The sandbox's well-known values (src/sandbox/fixtures.ts, constants the `local` profile holds) are light.
  /^src\/sandbox\/(?!fixtures\.ts$)/,
  /^src\/insights\//,
  /^src\/client\/http\.ts$/,
  /node_modules\/@modelcontextprotocol\//,
  /^src\/mcp\//,
];

/** Heavy modules a group may load statically: the request schemas (zod) of groups that send. */
const STATIC_HEAVY_ALLOWED: Readonly<Record<string, RegExp[]>> = {
  event: [/node_modules\/zod\//],
  ticket: [/node_modules\/zod\//],
  discount: [/node_modules\/zod\//],
  events: [/node_modules\/zod\//],
  bookings: [/node_modules\/zod\//],
  order: [/node_modules\/zod\//],
  apply: [/node_modules\/zod\//, /node_modules\/yaml\//],
  attendees: [/node_modules\/zod\//],
  insights: [/node_modules\/zod\//, /^src\/insights\//],
};

/** What may be loaded with `import()` inside a group: the client, and optional heavy parts. */
const OPTIONAL_HEAVY = [
  /^src\/client\/index\.ts$/,
  /^src\/sandbox\//,
  /^src\/auth\/browser-login\.ts$/,
  /^src\/orders\/answers\.ts$/,
  /^src\/cli\/process\/open-browser\.ts$/,
  /^src\/cli\/framework\/param-file\.ts$/,
  // insights: charts (vega) and their page, the streaming CSV and JSON readers.
  /^src\/insights\/(charts|page)\.ts$/,
  /^node_modules\/(stream-json|papaparse)\//,
  /^node_modules\/vega(-lite)?\//,
  // mcp: the server and the SDK, loaded when `boxoffice mcp` runs (not for its help).
  /^src\/mcp\/server\.ts$/,
  // attendees sync: the run, its core and its database drivers (node:sqlite, pg), only when it runs.
  /^src\/cli\/commands\/attendees\/sync-run\.ts$/,
  // checkin: each verb's run, the check-in core and the database drivers, only when it runs.
  /^src\/cli\/commands\/checkin\/(checkin|view|export|undo)-run\.ts$/,
  // the ids a list keeps for completion: written after the list, with Node's file promises.
  /^node:fs\/promises$/,
  /^src\/util\/atomic-file\.ts$/,
  // the record of what was sent: written under its lock file, only when a write was sent.
  /^src\/util\/file-lock\.ts$/,
  /^node_modules\/(@inquirer\/prompts|cli-table3|yaml|conf|open)\//,
];

let inputs: Metafile['inputs'];

beforeAll(async () => {
  inputs = await cliBundleInputs();
});

interface Closure {
  files: string[];
  /** `import()` calls inside the closure: importer and imported. */
  dynamic: { from: string; to: string }[];
  chainTo(file: string): string[];
}

function staticClosure(...roots: readonly string[]): Closure {
  const parent = new Map<string, string | null>(roots.map((root) => [root, null]));
  const dynamic: Closure['dynamic'] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import') dynamic.push({ from: file, to: imported.path });
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
  return { files: [...parent.keys()], dynamic, chainTo };
}

const GROUPS = readdirSync('src/cli/commands', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('startup weight', () => {
  it('answers --version from the entry, without building the program', () => {
    const { files, dynamic } = staticClosure('src/cli/process/entry.ts');
    expect(files.filter((file) => file.startsWith('node_modules/') || file.startsWith('src/cli/commands/') || file === 'src/cli/framework/main.ts')).toEqual(
      [],
    );
    expect(dynamic).toContainEqual({ from: 'src/cli/process/entry.ts', to: 'src/cli/process/run.ts' });
  });

  it('loads no heavy module before a command runs (the core, dist/cli.cjs)', () => {
    const { files, chainTo } = staticClosure(...CORE_ROOTS);
    const heavy = files.filter((file) => HEAVY.some((pattern) => pattern.test(file)));
    const chains = heavy.slice(0, 3).map((file) => chainTo(file).join(' → '));
    expect(chains).toEqual([]);
    expect(files).toContain('node_modules/commander/index.js');
    // Command groups are loaded on demand: no verb file is part of start-up.
    expect(files.filter((file) => /^src\/cli\/commands\/[^/]+\//.test(file))).toEqual([]);
  });

  it('knows every command group', () => {
    expect(GROUPS.length).toBeGreaterThanOrEqual(14);
    // A group of several verbs registers them in its index.ts; a one-verb group (report, apply) in its verb file.
    for (const group of GROUPS) {
      expect(inputs[`src/cli/commands/${group}/index.ts`] ?? inputs[`src/cli/commands/${group}/${group}.ts`], group).toBeDefined();
    }
  });

  it('the client sends direct requests with node:http; undici, TLS and HTTP/2 load only when needed', () => {
    const { files, dynamic, chainTo } = staticClosure('src/client/index.ts');
    const loadedForEveryRequest = files.filter((file) => /node_modules\/undici\/|^node:(https|tls|http2|v8|perf_hooks)$/.test(file));
    expect(loadedForEveryRequest.slice(0, 3).map((file) => chainTo(file).join(' → '))).toEqual([]);
    expect(files).toContain('node:http');
    // A proxy that applies brings undici; an https:// address loads node:https on first use (process.getBuiltinModule).
    expect(dynamic).toContainEqual({ from: 'src/client/http.ts', to: 'src/client/undici-dispatch.ts' });
  });

  // zod's classic API installs its methods on the class of every kind of schema it builds, and its
  // bundle is four times zod/mini's: ~14M instructions on Node 24 of a one-request command, a sixth
  // of \`node -e 0\`. The client's schemas are zod/mini; classic stays with the sandbox and the MCP SDK.
  it.each(['event', 'ticket', 'report', 'auth', 'discount'])('the client and group %s check requests and answers without zod classic', (group) => {
    const root = inputs[`src/cli/commands/${group}/index.ts`] ? `src/cli/commands/${group}/index.ts` : `src/cli/commands/${group}/${group}.ts`;
    const { files, chainTo } = staticClosure('src/client/index.ts', root);
    expect(files).toContain('node_modules/zod/v4/mini/schemas.js');
    const classic = files.filter((file) => file.startsWith('node_modules/zod/v4/classic/'));
    expect(classic.slice(0, 3).map((file) => chainTo(file).join(' → '))).toEqual([]);
  });

  it.each(GROUPS)('group %s loads its own modules in one step, the heavy ones only when used', (group) => {
    const { files, dynamic, chainTo } = staticClosure(`src/cli/commands/${group}/index.ts`);
    const allowed = STATIC_HEAVY_ALLOWED[group] ?? [];
    const heavy = files.filter((file) => HEAVY.some((pattern) => pattern.test(file)) && !allowed.some((pattern) => pattern.test(file)));
    expect(heavy.slice(0, 3).map((file) => chainTo(file).join(' → '))).toEqual([]);
    const stepwise = dynamic.filter(({ to }) => !OPTIONAL_HEAVY.some((pattern) => pattern.test(to)));
    expect(stepwise.map(({ from, to }) => `${from} → import('${to}')`)).toEqual([]);
  });
});
