// docs/architecture.md, checked against the tree: the bin it quotes is the bin, each hop of the
// walk of one command names something defined where it says, and the dependency table lists
// every package of package.json once, with the kind package.json and the imports of src/ give it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const architecture = read('docs/architecture.md');

/** The text of the `## heading` section, up to the next heading of its level. */
function section(heading: string): string {
  const start = architecture.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/architecture.md has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = architecture.indexOf('\n## ', start + 1);
  return architecture.slice(start, end < 0 ? undefined : end);
}

type Kind = 'installed' | 'bundled' | 'dev';

interface Row {
  packages: string[];
  kind: string;
  why: string;
}

function dependencyRows(): Row[] {
  return section('Dependencies')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| package |'))
    .map((line) => {
      const [packages, kind, why] = line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim());
      return { packages: packages.split(',').map((name) => name.trim()), kind, why: why ?? '' };
    });
}

/** The packages src/ imports (`from 'x'`, `import('x')`, `require('x')`, subpaths included), by name. */
function importedBySource(): Set<string> {
  const imported = new Set<string>();
  const specifier = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]((?:@[\w.-]+\/)?[\w.-]+)[^'"]*['"]/g;
  for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    for (const match of read(join('src', file)).matchAll(specifier)) imported.add(match[1]);
  }
  return imported;
}

describe('docs/architecture.md', () => {
  it('quotes bin/boxoffice.js whole, and it is the two lines that start the loader', () => {
    const bin = read('bin/boxoffice.js');
    expect(bin).toBe("#!/usr/bin/env node\nrequire('../dist/loader.cjs');\n");
    const quoted = /1\. \*\*`bin\/boxoffice\.js`\*\*[^\n]*\n\n {3}```js\n((?: {3}[^\n]*\n)+?) {3}```/.exec(architecture);
    expect(quoted?.[1].replace(/^ {3}/gm, '')).toBe(bin);
  });

  it('walks one command in numbered hops, each naming what it reaches and the file that defines it', () => {
    const walk = section('How one command runs, from argv to HTTP');
    const hops = [...walk.matchAll(/^(\d+)\. \*\*`([^`]+)`\*\*(?: \(`([^`]+)`)?/gm)];
    expect(hops.map((hop) => Number(hop[1]))).toEqual(hops.map((_, index) => index + 1));
    expect(walk.replace(/\s+/g, ' ')).toContain(`${hops.length} hops from the shell to the socket`);
    const wrong = hops.flatMap(([, step, name, file]) => {
      if (file === undefined) return existsSync(join(root, name)) ? [] : [`hop ${step}: ${name} does not exist`];
      if (!existsSync(join(root, file))) return [`hop ${step}: ${file} does not exist`];
      const declared = new RegExp(`(?:function\\*?|class|const|let|interface|type)\\s+${name}\\b|^\\s+(?:async\\s+)?${name}[:(]`, 'm');
      return declared.test(read(file)) ? [] : [`hop ${step}: ${file} does not define ${name}`];
    });
    expect(wrong, 'update the walk in docs/architecture.md to the code').toEqual([]);
    expect(hops.length).toBeGreaterThan(10);
  });

  it('lists every dependency and devDependency of package.json once, and nothing else', () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const declared = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})].sort();
    const listed = dependencyRows().flatMap((row) => row.packages);
    const twice = listed.filter((name, index) => listed.indexOf(name) !== index);
    expect(twice, 'listed more than once in the table of docs/architecture.md').toEqual([]);
    expect(
      declared.filter((name) => !listed.includes(name)),
      'in package.json but not in the table of docs/architecture.md: add a row with its kind and why',
    ).toEqual([]);
    expect(
      listed.filter((name) => !declared.includes(name)),
      'in the table of docs/architecture.md but not in package.json: remove its row',
    ).toEqual([]);
    expect(
      listed.filter((name) => !existsSync(join(root, 'node_modules', name, 'package.json'))),
      'listed but not installed',
    ).toEqual([]);
  });

  it("gives each package the kind package.json and src/'s imports say, and a reason", () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies?: Record<string, string> };
    const imported = importedBySource();
    const kindOf = (name: string): Kind => (name in (manifest.dependencies ?? {}) ? 'installed' : imported.has(name) ? 'bundled' : 'dev');
    const wrong = dependencyRows().flatMap((row) =>
      row.packages.filter((name) => row.kind !== kindOf(name)).map((name) => `${name}: listed as ${row.kind}, is ${kindOf(name)}`),
    );
    expect(wrong, 'installed: in dependencies; bundled: a devDependency src/ imports; dev: any other devDependency').toEqual([]);
    expect(dependencyRows().filter((row) => row.why.length < 10)).toEqual([]);
  });
});
