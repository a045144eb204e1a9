// `npm ci` refuses a lock that names an optional dependency without an entry for it, which
// happens when the registry this project installs from lacks one platform's build of a native
// package (a dev tool's parser did). Caught here, before a fresh clone fails to install.
import { readFileSync } from 'node:fs';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
  engines?: { node?: string };
}

/** Where Node would find `name` from the package installed at `location`, if the lock has it. */
function resolveFrom(packages: Record<string, LockedPackage>, location: string, name: string): string | undefined {
  let base = location;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency it names, so npm ci installs from a fresh clone', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
    const missing = Object.entries(lock.packages).flatMap(([location, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => resolveFrom(lock.packages, location, name) === undefined)
        .map((name) => `${location} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('installs without an engine warning on the oldest Node that engines allows (and on this one)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
    const root = lock.packages[''].engines?.node ?? '';
    const oldest = minVersion(root)?.version ?? '';
    const refusing = Object.entries(lock.packages).flatMap(([location, locked]) => {
      const range = locked.engines?.node;
      if (location === '' || range === undefined) return [];
      return [oldest, process.versions.node].filter((version) => !satisfies(version, range)).map((version) => `${location} needs ${range}, not ${version}`);
    });
    expect(refusing).toEqual([]);
  });
});
