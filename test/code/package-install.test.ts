// The package as users get it: `npm pack` of this checkout (its own prepack/postpack run, as on
// publish), installed globally with --foreground-scripts on the Node line running the tests.
// Nothing runs at install (no script of the package's or a dependency's, no node-gyp), it takes
// seconds and at most 10 MB, and the installed CLI serves the sandbox, a seed, an export, a sync
// into SQLite and the MCP server; `boxoffice/client` imports in a fresh project and type-checks.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-package-install-'));
const prefix = join(scratch, 'prefix');
const installedBin = join(prefix, 'bin', 'boxoffice');
/** The line under test first on PATH: the installed bin's `#!/usr/bin/env node` runs it. */
const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
const baseEnv = {
  PATH,
  HOME: join(scratch, 'home'),
  npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? scratch, '.npm'),
  BOXOFFICE_CONFIG_DIR: join(scratch, 'config'),
  BOXOFFICE_DATA_DIR: join(scratch, 'data'),
  BOXOFFICE_SANDBOX_SECRET: 'sbx_secret_package-install-0001',
  CI: 'true',
};

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Bytes of the files under `directory`, each hard-linked file once, as du counts. */
function bytesUnder(directory: string): number {
  const sizes = new Map<string, number>();
  for (const file of filesUnder(directory)) {
    const stats = statSync(file);
    sizes.set(`${stats.dev}:${stats.ino}`, stats.size);
  }
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

const npm = (args: string[], cwd: string) =>
  spawnSync('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier'], { cwd, encoding: 'utf8', env: baseEnv });

let tarball = '';
let install: { output: string; seconds: number };

beforeAll(() => {
  // The package's files as `files` names them, packed where the checkout's dist/ is not rebuilt.
  const checkout = join(scratch, 'checkout');
  for (const path of ['package.json', 'README.md', 'bin', 'dist', 'man', 'scripts/pack-manifest.mjs'])
    cpSync(join(ROOT, path), join(checkout, path), { recursive: true });
  const packed = npm(['pack', '--foreground-scripts', '--pack-destination', scratch], checkout);
  expect(packed.status, packed.stderr).toBe(0);
  tarball = join(scratch, packed.stdout.trim().split('\n').at(-1) ?? '');
  expect(JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));

  const started = performance.now();
  const installed = npm(['install', '-g', '--prefix', prefix, '--foreground-scripts', '--prefer-offline', tarball], scratch);
  install = { output: installed.stdout + installed.stderr, seconds: (performance.now() - started) / 1000 };
  expect(installed.status, install.output).toBe(0);
}, 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe(`npm install -g of the packed package on Node ${process.versions.node}`, () => {
  it('runs no script and no node-gyp, and downloads nothing but npm packages', () => {
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { scripts?: Record<string, string> };
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => /install|prepare|prepack|postpack/.test(name))).toEqual([]);
    // --foreground-scripts prints each script npm runs as `> name@version event`.
    expect(install.output).not.toMatch(/^> /m);
    expect(install.output).not.toMatch(/node-gyp|gyp info|prebuild/i);
    const withScripts = filesUnder(join(prefix, 'lib', 'node_modules'))
      .filter((file) => file.endsWith('/package.json') && !file.includes('/test/'))
      .filter((file) => {
        const { scripts } = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> };
        return ['preinstall', 'install', 'postinstall', 'prepare'].some((name) => scripts?.[name]) && !file.endsWith('/boxoffice/package.json');
      });
    expect(withScripts).toEqual([]);
    expect(filesUnder(prefix).filter((file) => file.endsWith('.node') || file.endsWith('binding.gyp'))).toEqual([]);
  });

  it('is done in at most 30 s and takes at most 10 MB, without source maps', () => {
    const megabytes = bytesUnder(prefix) / 1e6;
    console.log(`npm install -g of the packed package on Node ${process.versions.node}: ${install.seconds.toFixed(1)} s, ${megabytes.toFixed(1)} MB`);
    expect(install.seconds).toBeLessThanOrEqual(30);
    expect(megabytes).toBeLessThanOrEqual(10);
    expect(filesUnder(join(prefix, 'lib', 'node_modules', 'boxoffice')).filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('serves sandbox start, sandbox seed, attendees export, attendees sync into SQLite and mcp', { timeout: 120_000 }, async () => {
    const sandbox = spawn(installedBin, ['sandbox', 'start', '--port', '0', '--db', join(scratch, 'sandbox.db')], {
      env: baseEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let sandboxErr = '';
    sandbox.stderr.on('data', (chunk: Buffer) => (sandboxErr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => sandbox.once('exit', resolve));
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        createInterface({ input: sandbox.stdout }).once('line', resolve);
        void exited.then((code) => reject(new Error(`sandbox start ended (${code}): ${sandboxErr}`)));
      });
      const env = { ...baseEnv, BOXOFFICE_API_URL: firstLine.replace(/^listening on /, '') };
      const run = (args: string[], extra: Record<string, string> = {}) => {
        const result = spawnSync(installedBin, args, { encoding: 'utf8', env: { ...env, ...extra } });
        expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
        expect(result.stderr).not.toMatch(/ExperimentalWarning/);
        return result.stdout.trim();
      };
      const eventId = run(['sandbox', 'seed', '--orders', '60']).split('\n')[0] ?? '';
      const token = run(['sandbox', 'token', '--role', 'admin']);
      const exportFile = join(scratch, 'attendees.csv');
      run(['attendees', 'export', eventId, '-o', exportFile], { BOXOFFICE_TOKEN: token });
      const exported = readFileSync(exportFile, 'utf8').trim().split('\n').length - 1;
      expect(exported).toBeGreaterThanOrEqual(60);
      run(['attendees', 'sync', eventId, '--to', join(scratch, 'attendees.db')], { BOXOFFICE_TOKEN: token });
      const { DatabaseSync } = (await import('node:sqlite')) as typeof import('node:sqlite');
      const synced = new DatabaseSync(join(scratch, 'attendees.db'), { readOnly: true });
      expect((synced.prepare('SELECT count(*) AS n FROM boxoffice_attendees').get() as { n: number }).n).toBe(exported);
      synced.close();

      const client = new Client({ name: 'package-install-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: installedBin, args: ['mcp'], env: { ...env, BOXOFFICE_TOKEN: token }, stderr: 'pipe' }));
      try {
        const { tools } = await client.listTools();
        expect(tools.length).toBeGreaterThan(3);
        const event = await client.callTool({ name: 'get_event', arguments: { eventId } });
        expect(event.isError ?? false).toBe(false);
        expect(JSON.stringify(event)).toContain(eventId);
      } finally {
        await client.close();
      }
    } finally {
      sandbox.kill('SIGTERM');
      await exited;
    }
  });

  it('offers boxoffice/client to a fresh project: an ES module that runs and a use of it that type-checks', { timeout: 120_000 }, () => {
    const project = join(scratch, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-boxoffice', version: '1.0.0', type: 'module', private: true }));
    const installed = npm(['install', '--foreground-scripts', '--prefer-offline', tarball], project);
    expect(installed.status, installed.stderr).toBe(0);
    expect(installed.stdout + installed.stderr).not.toMatch(/^> /m);

    const imported = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { createClient, UsageError, DEFAULT_RETRY_OPTIONS } = await import('boxoffice/client');
         const client = createClient({ apiUrl: 'http://127.0.0.1:9', publisherUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', token: 't' });
         const refused = await client.events.createEvent({ eventTitle: '' }).catch((error) => error);
         console.log(JSON.stringify({ usage: refused instanceof UsageError, field: refused.message.split(':')[0], retries: typeof DEFAULT_RETRY_OPTIONS }));
         await client.close();`,
      ],
      { cwd: project, encoding: 'utf8', env: { PATH } },
    );
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ usage: true, retries: 'object' });

    writeFileSync(
      join(project, 'tsconfig.json'),
      // A Node project's own setup: strict, Node's module resolution, Node's types (the client's
      // declarations name Buffer and AbortSignal, as any Node library's do).
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          noEmit: true,
          typeRoots: [join(ROOT, 'node_modules', '@types')],
          types: ['node'],
        },
        files: ['use.ts'],
      }),
    );
    const use = `import { createClient, RateLimitError, type BoxofficeClient } from 'boxoffice/client';
const client: BoxofficeClient = createClient({ apiUrl: 'https://api.example.com', publisherUrl: 'https://p.example.com', authUrl: 'https://a.example.com', token: 'x' });
export async function firstTicketId(eventId: string): Promise<string | undefined> {
  try {
    const { eventId: created } = await client.events.createEvent({
      eventType: 'public', type: 'ticketing', eventTitle: 'Launch night', url: 'launch-night', segment: 'arts', category: 'music',
      startDate: '2030-01-01', endDate: '2030-01-01', startTime: '10:00', endTime: '18:00', aboutEvent: 'Music',
      listingImage: 'https://img.example.com/l.png', headerImage: 'https://img.example.com/h.png', contactInfo: 'team@example.com',
    });
    const created2: string = created;
    const { ticketId } = await client.events.addTicket({ eventId: created2, ticketName: 'General', price: 100, currency: 'INR', quantity: 50, status: 'active', serviceFee: 2, allowCancellation: false });
    return ticketId;
  } catch (error) {
    if (error instanceof RateLimitError) return error.retryAfterMs === undefined ? undefined : String(error.retryAfterMs);
    throw error;
  }
}
`;
    writeFileSync(join(project, 'use.ts'), use);
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8', env: { PATH } });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);

    // A misuse is a type error: the check is real.
    writeFileSync(join(project, 'use.ts'), `${use}\nexport const wrong: number = client.events;\n`);
    const refused = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8', env: { PATH } });
    expect(refused.status).not.toBe(0);
    expect(refused.stdout).toMatch(/use\.ts.*TS2322/);
  });
});
