// What `npm install -g` of the packed package puts on disk: the bundle, the man page and the
// dependencies the installed CLI loads at run time, without source maps, in at most 10 MB.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-install-size-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Bytes of the files under `directory`, each hard-linked file once (node-gyp links its output), as du counts. */
function bytesUnder(directory: string): number {
  const sizes = new Map<string, number>();
  for (const file of filesUnder(directory)) {
    const stats = statSync(file);
    sizes.set(`${stats.dev}:${stats.ino}`, stats.size);
  }
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

describe('npm install -g of the packed package', () => {
  it('installs only run-time dependencies, no source maps, in at most 10 MB', { timeout: 300_000 }, () => {
    const npm = (args: string[]) => execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const tarball = npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch]).trim().split('\n').at(-1) ?? '';
    const prefix = join(scratch, 'prefix');
    npm(['install', '-g', '--prefix', prefix, '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', join(scratch, tarball)]);
    const installed = join(prefix, 'lib', 'node_modules');

    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['open']);
    expect(filesUnder(join(installed, 'boxoffice')).filter((file) => file.endsWith('.map'))).toEqual([]);

    const megabytes = bytesUnder(prefix) / 1e6;
    console.log(`npm install -g of the packed package: ${megabytes.toFixed(1)} MB`);
    expect(megabytes).toBeLessThanOrEqual(10);
  });
});
