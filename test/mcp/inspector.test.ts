// The MCP Inspector's command-line mode (a development dependency, run from node_modules with no
// download) against the built CLI: it lists the tools of `boxoffice mcp` and calls one against a
// sandbox. The Inspector passes the server only the environment given with -e.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startE2e, type E2e } from '../e2e/support/built-cli.js';

const exec = promisify(execFile);
const require = createRequire(import.meta.url);
const INSPECTOR = join(dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'cli/build/cli.js');

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
});
afterAll(async () => e2e?.close());

async function inspect(...method: string[]): Promise<unknown> {
  // Its own home: the Inspector keeps a catalog and secrets there, and must find none of ours.
  const home = join(e2e.dir, 'inspector-home');
  mkdirSync(home, { recursive: true });
  const serverEnv = Object.entries(e2e.env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  const { stdout } = await exec(process.execPath, [INSPECTOR, '--cli', ...serverEnv, process.execPath, BIN, 'mcp', ...method], {
    env: { PATH: process.env.PATH ?? '', HOME: home },
    cwd: e2e.dir,
    timeout: 90_000,
  });
  return JSON.parse(stdout) as unknown;
}

describe('the MCP Inspector, command-line mode', { timeout: 120_000 }, () => {
  it('lists the tools of boxoffice mcp with their annotations, and calls one', async () => {
    const { tools } = (await inspect('--method', 'tools/list')) as { tools: { name: string; annotations: Record<string, unknown> }[] };
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_events',
      'get_event',
      'list_tickets',
      'sales_report',
      'list_bookings',
      'sales_insights',
      'export_attendees',
    ]);
    expect(tools[0].annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });

    const called = (await inspect('--method', 'tools/call', '--tool-name', 'get_event', '--tool-arg', `eventId=${e2e.sandbox.seededEventIds[0]}`)) as {
      content: { type: string; text: string }[];
      structuredContent: { event: { title: string } };
      isError?: boolean;
    };
    expect(called.isError ?? false).toBe(false);
    expect(JSON.parse(called.content[0].text)).toEqual(called.structuredContent);
    expect(called.structuredContent.event.title).toMatch(/^<service-text-([0-9a-f]{8})>Seeded technology event 1<\/service-text-\1>$/);
    // What the Inspector left in its home: nothing of the profile's token.
    const left = readdirSync(join(e2e.dir, 'inspector-home'), { recursive: true }).map(String);
    expect(left.filter((name) => name.includes('secrets'))).toEqual([]);
  });
});
