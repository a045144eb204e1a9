// The loader's cache file (src/loader/cache-file.ts): where it lives, which command it is made
// after, and the identity that binds each part to the very file it was made from.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheDirectory, commandKey, readCache, sourceIdentity, writeCache } from '../../src/loader/cache-file.js';

const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-cache-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function identityOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    return sourceIdentity(fd);
  } finally {
    closeSync(fd);
  }
}

describe('commandKey', () => {
  it('is the first two command words, skipping a global flag and its value, ids and values', () => {
    expect(commandKey(['--profile', 'bench', 'event', 'get', '123'])).toBe('event-get');
    expect(commandKey(['report', '100001', '--json'])).toBe('report');
    expect(commandKey(['--version'])).toBe('version');
    expect(commandKey(['-h'])).toBe('h');
    expect(commandKey(['100001'])).toBe('none');
    expect(commandKey([])).toBe('none');
  });
});

describe('cacheDirectory', () => {
  it("is the system's cache directory, and none when the environment names no absolute one", () => {
    expect(cacheDirectory({ HOME: '/home/a' }, 'linux')).toBe('/home/a/.cache/boxoffice');
    expect(cacheDirectory({ HOME: '/home/a', XDG_CACHE_HOME: '/xdg' }, 'linux')).toBe('/xdg/boxoffice');
    expect(cacheDirectory({ HOME: '/home/a', XDG_CACHE_HOME: 'relative' }, 'linux')).toBe('/home/a/.cache/boxoffice');
    expect(cacheDirectory({ HOME: '/Users/a' }, 'darwin')).toBe('/Users/a/Library/Caches/boxoffice');
    expect(cacheDirectory({ HOME: '' }, 'linux')).toBeUndefined();
  });
});

describe('sourceIdentity', () => {
  it('changes when the file is written, even with the same bytes count, and holds while it is not', () => {
    const file = join(scratch, 'code.js');
    writeFileSync(file, 'return "0.1.0"');
    const first = identityOf(file);
    expect(identityOf(file)).toBe(first);
    writeFileSync(file, 'return "9.9.9"');
    expect(identityOf(file)).not.toBe(first);
  });
});

describe('a cache file', () => {
  it('reads back the parts written, each with the identity of its file', () => {
    const file = join(scratch, 'cache', 'cli-abc-version.v8');
    writeCache(file, 'cli-abc', [
      { name: 'cli.cjs', identity: '1:2:3:4:5', data: Buffer.from('core') },
      { name: 'config-X.js', identity: '1:9:3:4:5', data: Buffer.from('chunk!') },
    ]);
    const parts = readCache(file);
    expect([...parts.values()].map(({ name, identity, data }) => [name, identity, data.toString()])).toEqual([
      ['cli.cjs', '1:2:3:4:5', 'core'],
      ['config-X.js', '1:9:3:4:5', 'chunk!'],
    ]);
  });

  it('reads as no parts when it is not one (an older format, garbage, missing)', () => {
    const file = join(scratch, 'old.v8');
    writeFileSync(file, '[["cli.cjs",4]]\ncore', { mode: 0o600 });
    expect(readCache(file).size).toBe(0);
    writeFileSync(file, 'garbage', { mode: 0o600 });
    expect(readCache(file).size).toBe(0);
    expect(readCache(join(scratch, 'missing.v8')).size).toBe(0);
    expect(readCache(undefined).size).toBe(0);
  });
});
