import { readFileSync } from 'node:fs';

// Set by the esbuild bundle (scripts/build.mjs); read from package.json when running from source.
declare const BOXOFFICE_VERSION: string | undefined;

export function packageVersion(): string {
  if (typeof BOXOFFICE_VERSION === 'string') return BOXOFFICE_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
