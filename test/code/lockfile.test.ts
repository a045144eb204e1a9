// `npm ci` refuses a lock that names an optional dependency without an entry for it, which
// happens when the registry this project installs from lacks one platform's build of a native
// package (a dev tool's parser did). Caught here, before a fresh clone fails to install.
import { readFileSync } from 'node:fs';
import { subset } from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
  engines?: { node?: string };
  hasInstallScript?: boolean;
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

  it('holds no package that wants a Node outside `engines`, so npm ci on every supported line prints no EBADENGINE warning', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
    const supported = lock.packages['']?.engines?.node ?? '';
    expect(supported).not.toBe('');
    const narrower = Object.entries(lock.packages)
      .filter(([location, locked]) => location !== '' && locked.engines?.node && !subset(supported, locked.engines.node))
      .map(([location, locked]) => `${location} wants node ${locked.engines?.node}`);
    expect(narrower).toEqual([]);
  });

  it('runs the install scripts of the packages allowScripts allows, and names every other one as refused', () => {
    // Nothing downloads a binary at install: the native parts come as registry packages, and the
    // only script run checks esbuild's platform package (a build tool of the checkout). The MCP
    // Inspector's postinstall installs its clients' dependencies in a source checkout only.
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
    const { allowScripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, locked]) => locked.hasInstallScript)
      .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
    expect(Object.keys(allowScripts).filter((name) => allowScripts[name])).toEqual(['esbuild']);
  });
});
