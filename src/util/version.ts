// Inlined from package.json wherever the sources are built or run (versionDefine in
// scripts/build-options.mjs: the bundle, the docs generator, the tests).
declare const BOXOFFICE_VERSION: string;

export function packageVersion(): string {
  return BOXOFFICE_VERSION;
}
