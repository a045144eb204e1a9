// The V8 code cache of the core and of the chunks (src/loader/, dist/loader.cjs), one file per
// command in the user's cache directory: written after a command ran, used as it is by the next
// run of a command it has seen, written again after a command it has not, replaced when V8
// refuses it, never used for a file changed since it was made, and never in the way of the command.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../e2e/support/built-cli.js';

let scratch: string;
let cacheHome: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boxoffice-code-cache-'));
  cacheHome = join(scratch, 'cache');
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function run(args: string[], bin = BIN): string {
  const result = spawnSync(process.execPath, [bin, ...args], {
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

/** The parts a cache file lists on its first line: [file name, identity of the file, length]. */
function headerOf(file: string): Array<[string, string, number]> {
  const bytes = readFileSync(file);
  return JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString('utf8')) as Array<[string, string, number]>;
}

/** The parts a cache file holds: the file names of the core and of the chunks. */
function partsOf(file: string): string[] {
  return headerOf(file).map(([name]) => name);
}

/** Named by the build's content hash, the Node version and the architecture. */
const BUILD = `cli-[0-9a-f]{16}-${process.version}-${process.arch}`;

describe.skipIf(process.platform !== 'linux')('the code cache', () => {
  it('is written after a command ran, one file per command, and kept as it is by the next run of that command', () => {
    const help = run(['--help']);
    expect(help).toContain('Usage: boxoffice');
    const [file] = cacheFiles();
    expect(cacheFiles()).toHaveLength(1);
    expect(file).toMatch(new RegExp(`/${BUILD}-help\\.v8$`));
    expect(partsOf(file)).toEqual(['cli.cjs']);
    const written = readFileSync(file);
    utimesSync(file, new Date(0), new Date(0));

    expect(run(['--help'])).toBe(help);
    expect(statSync(file).mtimeMs).toBe(0);
    expect(readFileSync(file).equals(written)).toBe(true);

    expect(run(['config', 'list'])).not.toBe('');
    expect(readFileSync(file).equals(written)).toBe(true);
    const configList = cacheFiles().find((name) => name !== file);
    expect(configList).toMatch(new RegExp(`/${BUILD}-config-list\\.v8$`));
    expect(statSync(configList as string).mode & 0o777).toBe(0o600);
  });

  it("holds the core and each chunk the command loaded; a global flag's value is not taken for a command word", () => {
    run(['--profile', 'sandbox', 'config', 'list']);
    const [file] = cacheFiles();
    expect(file).toMatch(new RegExp(`/${BUILD}-config-list\\.v8$`));
    const parts = partsOf(file);
    expect(parts[0]).toBe('cli.cjs');
    expect(parts.some((name) => /^config-\w+\.js$/.test(name))).toBe(true);
  });

  it('is written again when V8 refuses a part, and the command runs as usual', () => {
    const listed = run(['config', 'list']);
    const [file] = cacheFiles();
    const parts = partsOf(file);
    writeFileSync(file, `${JSON.stringify(headerOf(file).map(([name, identity]) => [name, identity, 10]))}\n${'x'.repeat(10 * parts.length)}`);
    expect(run(['config', 'list'])).toBe(listed);
    expect(readFileSync(file).length).toBeGreaterThan(1000);
    expect(partsOf(file)).toEqual(parts);
  });

  it('is replaced when it is not a cache file at all', () => {
    const help = run(['--help']);
    const [file] = cacheFiles();
    writeFileSync(file, 'not a V8 code cache');
    expect(run(['--help'])).toBe(help);
    expect(partsOf(file)).toEqual(['cli.cjs']);
  });

  it('is made only after a command that succeeded: a mistyped or refused one leaves none', () => {
    const typo = spawnSync(process.execPath, [BIN, 'evnt', 'lst'], {
      encoding: 'utf8',
      env: { ...process.env, BOXOFFICE_CONFIG_DIR: join(scratch, 'config'), XDG_CACHE_HOME: cacheHome },
    });
    expect(typo.status).not.toBe(0);
    expect(existsSync(join(cacheHome, 'boxoffice')) ? cacheFiles() : []).toEqual([]);
  });

  it('is code: one that others may write is not read but replaced by one only its owner may write', () => {
    const help = run(['--help']);
    const [file] = cacheFiles();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o666);
    expect(run(['--help'])).toBe(help);
    expect(partsOf(file)).toEqual(['cli.cjs']);
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

  it('removes the caches of other builds left unused for a week, not recent ones nor those of this build', () => {
    run(['--help']);
    const [thisBuildsHelp] = cacheFiles();
    utimesSync(thisBuildsHelp, new Date(0), new Date(0));
    const directory = join(cacheHome, 'boxoffice');
    const old = join(directory, 'cli-1-1-v0.0.0-x64-help.v8');
    const recent = join(directory, 'cli-2-2-v0.0.0-x64-help.v8');
    writeFileSync(old, '[]\n');
    writeFileSync(recent, '[]\n');
    utimesSync(old, new Date(0), new Date(0));
    run(['--version']);
    const left = cacheFiles();
    expect(left).toHaveLength(3);
    expect(left).toEqual(expect.arrayContaining([recent, thisBuildsHelp, expect.stringMatching(new RegExp(`/${BUILD}-version\\.v8$`))]));
  });

  it('runs the changed code after a change of the bundle at the same length and modification time', () => {
    // A copy of the package, as a reproducible build, `cp -p` or an image layer leaves one.
    const copy = join(scratch, 'package');
    for (const path of ['package.json', 'bin', 'dist']) cpSync(join(ROOT, path), join(copy, path), { recursive: true, preserveTimestamps: true });
    const bin = join(copy, 'bin', 'boxoffice.js');
    const version = run(['--version'], bin).trim();
    expect(run(['--version'], bin).trim()).toBe(version);
    const [file] = cacheFiles();
    expect(partsOf(file)).toEqual(['cli.cjs']);

    const core = join(copy, 'dist', 'cli.cjs');
    // touch keeps the times to the nanosecond, where a Date would round them.
    const times = join(scratch, 'times');
    execFileSync('touch', ['-r', core, times]);
    const before = readFileSync(core, 'latin1');
    const bumped = before.replaceAll(JSON.stringify(version), JSON.stringify('9.9.9'));
    expect(bumped).not.toBe(before);
    expect(bumped.length).toBe(before.length);
    writeFileSync(core, bumped, 'latin1');
    execFileSync('touch', ['-m', '-r', times, core]);
    expect(statSync(core, { bigint: true }).mtimeNs).toBe(statSync(times, { bigint: true }).mtimeNs);
    expect(statSync(core).size).toBe(Buffer.byteLength(before, 'latin1'));

    expect(run(['--version'], bin).trim()).toBe('9.9.9');
    expect(run(['--version'], bin).trim()).toBe('9.9.9');
  });
});
