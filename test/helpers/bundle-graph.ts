// What the CLI bundle is made of, from esbuild's metafile, built with the very options of
// `npm run build` (nothing written): the tests that check what each command loads read this.
import { build, type Metafile } from 'esbuild';
import { sourceGraphOptions } from '../../scripts/build-options.mjs';

export async function cliBundleInputs(): Promise<Metafile['inputs']> {
  const result = await build({ ...sourceGraphOptions, write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
  return result.metafile.inputs;
}
