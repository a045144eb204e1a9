// No file in src/ imports from a layer above its own (type-only imports included). From the
// bottom up:
//   util      small helpers with no knowledge of the service;
//   client    the typed client of the service, usable as a library (schemas included);
//   auth, export, bookings, apply, orders, insights, sync, checkin   flows built on the client, independent of
//             each other except where FLOW_USES says (insights reads what export writes and counts checkin's arrivals;
//             sync shapes rows as export does;
//             checkin reads the tables sync keeps);
//   sandbox   the local service: its own world, sharing only the client's schemas, errors and the live quotas;
//   session   what the two front ends share: the run's effects and context, the profile store and the
//             session opened on it (and the sandbox's well-known values of the `local` preset);
//   mcp       the MCP server (`boxoffice mcp`): the cores as tools, free of commander and of everything
//             in src/cli: it presents what the cores return, never what a verb prints;
//   cli       the commands, which may use everything;
//   loader    the start (bin/boxoffice.js → dist/loader.cjs): compiles and runs the CLI's bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

type Area = 'util' | 'client' | 'flow' | 'sandbox' | 'session' | 'mcp' | 'cli' | 'loader';

const FLOWS = ['auth', 'export', 'bookings', 'apply', 'orders', 'insights', 'sync', 'checkin'];

/** The flows a flow builds on. */
const FLOW_USES: Readonly<Record<string, readonly string[]>> = { insights: ['export', 'checkin'], sync: ['export'], checkin: ['sync'] };

/** What each area may import besides itself (a flow: itself only, not the other flows). */
const MAY_IMPORT: Record<Area, (target: string) => boolean> = {
  util: () => false,
  client: (target) => areaOf(target) === 'util',
  flow: (target) => ['util', 'client'].includes(areaOf(target)),
  sandbox: (target) =>
    areaOf(target) === 'util' || target.startsWith('src/client/schemas/') || ['src/client/errors.ts', 'src/client/live-quotas.ts'].includes(target),
  session: (target) => ['util', 'client', 'flow'].includes(areaOf(target)) || target === 'src/sandbox/fixtures.ts',
  mcp: (target) => ['util', 'client', 'flow', 'session'].includes(areaOf(target)),
  cli: () => true,
  loader: () => true,
};

function areaOf(file: string): Area {
  const top = file.split('/')[1];
  if (top === 'util' || top === 'client' || top === 'sandbox' || top === 'session' || top === 'mcp' || top === 'cli' || top === 'loader') return top;
  if (FLOWS.includes(top)) return 'flow';
  throw new Error(`${file}: src/${top} belongs to no layer; add it to test/code/layers.test.ts`);
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => normalize(join(dirname(file), match[1])).replace(/\.js$/, '.ts'));
}

describe('layers', () => {
  const files = sourceFiles('src').map((file) => relative('.', file));

  it('places every file of src/ in a layer', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(() => areaOf(file)).not.toThrow();
  });

  it('has no import that runs up the layers, or across flows', () => {
    const upward: string[] = [];
    for (const file of files) {
      const area = areaOf(file);
      for (const target of relativeImports(file)) {
        const flow = file.split('/')[1];
        const sameArea = area === 'flow' ? target.split('/')[1] === flow || (FLOW_USES[flow] ?? []).includes(target.split('/')[1]) : areaOf(target) === area;
        if (!sameArea && !MAY_IMPORT[area](target)) upward.push(`${file} → ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keeps src/mcp free of src/cli: the CLI starts the MCP server, never the other way round', () => {
    const mcpFiles = files.filter((file) => file.startsWith('src/mcp/'));
    expect(
      mcpFiles.flatMap((file) =>
        relativeImports(file)
          .filter((target) => target.startsWith('src/cli/'))
          .map((target) => `${file} → ${target}`),
      ),
    ).toEqual([]);
  });

  it('keeps src/mcp and src/session free of commander: the tools call the cores, never the verbs nor their command objects', () => {
    const mcpFiles = files.filter((file) => file.startsWith('src/mcp/') || file.startsWith('src/session/'));
    expect(mcpFiles.length).toBeGreaterThan(3);
    expect(mcpFiles.filter((file) => /from\s+'commander'/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('reads the imports it judges (a known arrow is found)', () => {
    expect(relativeImports('src/mcp/server.ts')).toContain('src/mcp/service-text.ts');
  });
});
