// Bundled with code splitting, a CommonJS package reached through `await import()` arrives only as
// its chunk's default export: a named import from it is undefined in dist/ although it works
// under vitest (how `event create --from-file x.yaml` once failed with "e is not a function").
// Each such import must read the default export; this list names the ones that do.
import { describe, expect, it } from 'vitest';
import { cliBundleInputs } from '../helpers/bundle-graph.js';

const READ_THROUGH_DEFAULT = [
  'src/cli/output/rows.ts -> cli-table3', // `const { default: Table } = await import('cli-table3')`
  'src/insights/read-export.ts -> papaparse', // `const { default: Papa } = await import('papaparse')`
];

describe('CommonJS packages loaded with import()', () => {
  it('are only the ones known to read the default export', async () => {
    const inputs = await cliBundleInputs();
    const dynamicCommonJs = Object.entries(inputs).flatMap(([file, input]) =>
      input.imports
        .filter((imported) => imported.kind === 'dynamic-import' && inputs[imported.path]?.format === 'cjs')
        .map((imported) => `${file} -> ${imported.original ?? imported.path}`),
    );
    expect(dynamicCommonJs.sort()).toEqual([...READ_THROUGH_DEFAULT].sort());
  });
});
