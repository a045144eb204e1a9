// The built bundle's two parts (docs/architecture.md, "The bundle"): a CommonJS core that
// `--help` and `--version` run from, and chunks (CommonJS but for those with a top-level await)
// that read what they share with the core from it, so that every module has one instance.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../e2e/support/built-cli.js';

const CHUNKS = join(ROOT, 'dist', 'chunks');
const chunkFiles = () => readdirSync(CHUNKS).filter((name) => /\.m?js$/.test(name));

/**
 * Runs the built CLI and reports whether Node's ES module loader loaded a module for it, from the
 * loader's own debug log (NODE_DEBUG=esm): a line naming a file:// module. Node 24 keeps the
 * loader in its start-up snapshot, so whether its internals were loaded says nothing there.
 */
function loadsAnEsModule(args: string[]): boolean {
  const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-bundle-parts-'));
  try {
    const run = spawnSync(process.execPath, [BIN, ...args], {
      encoding: 'utf8',
      env: { ...process.env, BOXOFFICE_CONFIG_DIR: scratch, NODE_DEBUG: 'esm' },
    });
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    return /^ESM \d+: .*file:\/\/\S+\.m?js/m.test(run.stderr);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The Node modules the built CLI loaded for `args` (process.moduleLoadList, written at exit by a
 * preload), with stdin and stdout a pipe or, as under hyperfine and cron, /dev/null ('ignore').
 */
function nodeModulesLoaded(args: string[], env: NodeJS.ProcessEnv = {}, stdin: 'pipe' | 'ignore' = 'pipe', stdout: 'pipe' | 'ignore' = 'pipe'): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-bundle-parts-'));
  try {
    const list = join(scratch, 'loaded.json');
    const preload = join(scratch, 'preload.cjs');
    writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));`);
    const run = spawnSync(process.execPath, ['--require', preload, BIN, ...args], {
      encoding: 'utf8',
      env: { ...process.env, BOXOFFICE_CONFIG_DIR: scratch, ...env },
      stdio: [stdin, stdout, 'pipe'],
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(readFileSync(list, 'utf8')) as string[];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('the bundle', () => {
  // Setting a V8 flag at run time changes the flags V8 checks a code cache against: every Node
  // module loaded afterwards (node:http and its streams) is then compiled from source.
  it('sets V8 flags (and loads node:v8) only where a proxy is configured', () => {
    expect(nodeModulesLoaded(['--help'])).not.toContain('NativeModule v8');
    expect(nodeModulesLoaded(['--help'], { HTTPS_PROXY: 'http://127.0.0.1:9' })).toContain('NativeModule v8');
  });

  // node:fs/promises brings eight more of Node's modules (file handles, directories, watchers,
  // readline): ~6M instructions on Node 24, 7 % of \`node -e 0\`. Node's stdin stream of a file
  // or /dev/null is an fs stream, which loads them: whether stdin is a terminal is asked of the
  // descriptor, not of that stream.
  it.each(['pipe', 'ignore'] as const)('runs auth status without node:fs/promises (stdin: %s)', (stdin) => {
    const loaded = nodeModulesLoaded(['auth', 'status', '--offline'], { BOXOFFICE_TOKEN: 'sbx_at_bundle-parts', CI: '' }, stdin);
    expect(loaded).toContain('NativeModule fs');
    expect(loaded).not.toContain('NativeModule fs/promises');
    expect(loaded).not.toContain('NativeModule internal/fs/promises');
  });

  // Node's stdout stream loads its streams (and net for a pipe): 9-12M instructions on Node 24, an
  // eighth of \`node -e 0\`. A command that sends nothing writes its text without it.
  it.each(['pipe', 'ignore'] as const)('prints help, a version and a setting without building a stream (stdin and stdout: %s)', (stdio) => {
    const runs = [['--help'], ['--version'], ['event', '--help'], ['auth', 'status', '--offline'], ['config', 'get', 'apiUrl']];
    for (const args of runs) {
      const loaded = nodeModulesLoaded(args, { BOXOFFICE_TOKEN: 'sbx_at_bundle-parts', BOXOFFICE_API_URL: 'http://127.0.0.1:9', CI: '' }, stdio, stdio);
      expect(
        loaded.filter((name) => /^NativeModule (stream|net|tty|internal\/fs\/sync_write_stream)$/.test(name)),
        args.join(' '),
      ).toEqual([]);
    }
  });

  it('runs --help, --version and a command group without the ES module loader', () => {
    expect(loadsAnEsModule(['--help'])).toBe(false);
    expect(loadsAnEsModule(['--version'])).toBe(false);
    expect(loadsAnEsModule(['config', 'list'])).toBe(false);
    // vega's top-level await has no CommonJS form: its chunk stays an ES module.
    expect(chunkFiles().filter((name) => name.endsWith('.mjs'))).toContainEqual(expect.stringMatching(/^vega\.module-/));
  });

  it('bundles the MCP SDK: no built file imports it from node_modules', () => {
    const built = [join(ROOT, 'dist', 'cli.cjs'), ...chunkFiles().map((name) => join(CHUNKS, name))];
    expect(built.filter((file) => readFileSync(file, 'utf8').includes('@modelcontextprotocol'))).toEqual([]);
    expect(chunkFiles().some((name) => readFileSync(join(CHUNKS, name), 'utf8').includes('notifications/initialized'))).toBe(true);
  });

  it('gives the chunks every core module they read, from the one instance in dist/cli.cjs', () => {
    const read = new Set<string>();
    for (const name of chunkFiles()) {
      for (const match of readFileSync(join(CHUNKS, name), 'utf8').matchAll(/\("\.\.\/cli\.cjs"\)\["([^"]+)"\]/g)) read.add(match[1]);
    }
    expect([...read]).toContain('node_modules/commander/esm.mjs');
    const exported = spawnSync(
      process.execPath,
      [
        '-e',
        `const core = require('./dist/cli.cjs'); console.log(JSON.stringify(Object.fromEntries(Object.keys(core).map((key) => [key, Object.keys(core[key] ?? {}).length]))))`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(exported.status, exported.stderr).toBe(0);
    const namesPerModule = JSON.parse(exported.stdout) as Record<string, number>;
    const missing = [...read].filter((module) => !(namesPerModule[module] > 0));
    expect(missing).toEqual([]);
  });

  it('requires Node built-ins in the chunks rather than importing them (an import runs their getters)', () => {
    // The banner's `node:module` (for createRequire) is the one built-in a chunk imports.
    const imported = chunkFiles().flatMap((name) =>
      [...readFileSync(join(CHUNKS, name), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+)["']/g)]
        .map((match) => match[1])
        .filter((specifier) => isBuiltin(specifier) && specifier !== 'node:module')
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(imported).toEqual([]);
  });

  it('holds commander in the core only', () => {
    const marker = 'commander.invalidArgument';
    expect(readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8')).toContain(marker);
    expect(chunkFiles().filter((name) => readFileSync(join(CHUNKS, name), 'utf8').includes(marker))).toEqual([]);
  });
});
