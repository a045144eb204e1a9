// The V8 code cache of the core and of the chunks (bin/boxoffice.js): written in the user's cache directory after a
// command ran, used as it is by the next run of a command it has seen, written again after a
// command it has not, replaced when V8 refuses it, and never in the way of the command.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN } from '../e2e/support/built-cli.js';

let scratch: string;
let cacheHome: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boxoffice-code-cache-'));
  cacheHome = join(scratch, 'cache');
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function run(args: string[]): string {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, BOXOFFICE_CONFIG_DIR: join(scratch, 'config'), XDG_CACHE_HOME: cacheHome },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

function cacheFiles(): string[] {
  return readdirSync(join(cacheHome, 'boxoffice')).map((name) => join(cacheHome, 'boxoffice', name));
}

/** The commands a cache file says it was made after (its first line). */
function commandsOf(file: string): string[] {
  const bytes = readFileSync(file);
  return JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString('utf8')) as string[];
}

describe.skipIf(process.platform !== 'linux')('the code cache of the core', () => {
  it('is written after a run, kept for a command it has seen, written again for one it has not', () => {
    const help = run(['--help']);
    expect(help).toContain('Usage: boxoffice');
    const [file] = cacheFiles();
    expect(cacheFiles()).toHaveLength(1);
    expect(file).toMatch(new RegExp(`cli-\\d+-\\d+-${process.version}-${process.arch}\\.v8$`));
    expect(commandsOf(file)).toEqual(['']);
    const written = readFileSync(file);
    utimesSync(file, new Date(0), new Date(0));

    expect(run(['--help'])).toBe(help);
    expect(statSync(file).mtimeMs).toBe(0);
    expect(readFileSync(file).equals(written)).toBe(true);

    expect(run(['config', 'list'])).not.toBe('');
    expect(commandsOf(file)).toEqual(['', 'config list']);
    expect(statSync(file).mtimeMs).toBeGreaterThan(0);
  });

  it('holds each chunk a command loaded in a file of its own, written again when V8 refuses it', () => {
    const listed = run(['config', 'list']);
    const chunks = cacheFiles().filter((file) => /\/chunk-config-\w+-v[\d.]+-\w+\.v8$/.test(file));
    expect(chunks).toHaveLength(1);
    expect(statSync(chunks[0]).mode & 0o777).toBe(0o600);
    writeFileSync(chunks[0], '[]\nnot a V8 code cache');
    expect(run(['config', 'list'])).toBe(listed);
    expect(readFileSync(chunks[0]).length).toBeGreaterThan(1000);
  });

  it('is replaced when V8 refuses it, and the command runs as usual', () => {
    const help = run(['--help']);
    const [file] = cacheFiles();
    writeFileSync(file, `${JSON.stringify([''])}\nnot a V8 code cache`);
    expect(run(['--help'])).toBe(help);
    expect(readFileSync(file).length).toBeGreaterThan(1000);
    expect(commandsOf(file)).toEqual(['']);
  });

  it('is code: one that others may write is not read but replaced by one only its owner may write', () => {
    const help = run(['--help']);
    const [file] = cacheFiles();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o666);
    expect(run(['--help'])).toBe(help);
    expect(commandsOf(file)).toEqual(['']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is kept nowhere when the environment names no absolute cache directory (HOME="")', () => {
    const cwd = join(scratch, 'cwd');
    mkdirSync(cwd);
    const result = spawnSync(process.execPath, [BIN, '--version'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, HOME: '', XDG_CACHE_HOME: 'relative-cache', BOXOFFICE_CONFIG_DIR: join(scratch, 'config') },
    });
    expect(result.status).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('stays out of the way when the cache directory cannot be written', () => {
    writeFileSync(cacheHome, 'a file where the cache directory would be');
    expect(run(['--version'])).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('removes the caches of other builds left unused for a week, not recent ones', () => {
    const directory = join(cacheHome, 'boxoffice');
    mkdirSync(directory, { recursive: true });
    const old = join(directory, 'cli-1-1-v0.0.0-x64.v8');
    const recent = join(directory, 'cli-2-2-v0.0.0-x64.v8');
    writeFileSync(old, '[]\n');
    writeFileSync(recent, '[]\n');
    utimesSync(old, new Date(0), new Date(0));
    run(['--version']);
    expect(cacheFiles().sort()).toEqual([recent, expect.stringMatching(new RegExp(`${process.version}-${process.arch}\\.v8$`))].sort());
  });
});
