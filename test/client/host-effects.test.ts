// The client as a library leaves its host process as it found it: importing it, creating a client
// and sending a request through a proxy (which loads undici) set no V8 flag and add nothing to
// undici's Dispatcher prototype. Checked in a child process, whose globals start clean.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { versionDefine } from '../../scripts/build-options.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureProxy, type FixtureServer, startFixtureProxy, startFixtureServer } from './fixture-server.js';

const run = promisify(execFile);

// Resolves the client's packages (undici, zod) from this checkout's node_modules, as a host would.
const CHILD = `
const v8 = require('node:v8');
const { syncBuiltinESMExports } = require('node:module');
const flags = [];
const setFlags = v8.setFlagsFromString;
v8.setFlagsFromString = (flag) => { flags.push(flag); setFlags(flag); };
syncBuiltinESMExports();
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const before = Object.getOwnPropertyNames(Dispatcher.prototype);
(async () => {
  const { createClient } = await import('./client.mjs');
  const [apiUrl, proxy] = process.argv.slice(2);
  const client = createClient({ apiUrl, publisherUrl: apiUrl, authUrl: apiUrl, token: 't', env: { HTTP_PROXY: proxy } });
  const answer = await client.events.getAllEvents();
  await client.close();
  const added = Object.getOwnPropertyNames(Dispatcher.prototype).filter((name) => !before.includes(name));
  process.stdout.write(JSON.stringify({ flags, added, status: answer.status }));
})();
`;

describe('the client on its host', () => {
  let dir: string;
  let server: FixtureServer;
  let proxy: FixtureProxy;
  beforeAll(async () => {
    dir = await mkdtemp(join(resolve('node_modules/.cache'), 'host-effects-'));
    await build({
      entryPoints: ['src/client/index.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      define: versionDefine,
      outfile: join(dir, 'client.mjs'),
      logLevel: 'silent',
    });
    await writeFile(join(dir, 'child.cjs'), CHILD);
    server = await startFixtureServer();
    proxy = await startFixtureProxy();
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sets no V8 flag and patches no undici prototype, even when a request goes through a proxy', async () => {
    const { stdout } = await run(process.execPath, [join(dir, 'child.cjs'), `http://localhost:${server.port}`, proxy.url], { timeout: 30_000 });
    const seen = JSON.parse(stdout) as { flags: string[]; added: string[]; status: string };
    expect(seen.status).toBe('success');
    expect(proxy.tunnels).toEqual([`localhost:${server.port}`]);
    expect(seen.flags).toEqual([]);
    expect(seen.added).toEqual([]);
  });
});
