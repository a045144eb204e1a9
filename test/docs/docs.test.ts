// The documents: a short README, a command reference that matches the command tree and the
// CLI's own help, a man page, and links that lead somewhere.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateReference, GENERATED_DIRS } from '../../scripts/docs/reference.js';
import { examplesIn } from '../../scripts/docs/tree.js';
import { roffText } from '../../scripts/docs/man.js';
import { brokenLinks, headingAnchors, linksIn, markdownFilesUnder } from './links.js';

const exec = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const README_LIMIT = 15 * 1024;

describe('README', () => {
  it(`is at most ${README_LIMIT} bytes`, () => {
    expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(README_LIMIT);
  });

  it('holds the two commands a newcomer needs', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
  });
});

describe('links', () => {
  const files = [join(root, 'README.md'), join(root, 'bench/README.md'), ...markdownFilesUnder(join(root, 'docs'))];

  it('every relative link in README.md, docs/ and bench/README.md resolves to a file or heading', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => brokenLinks(file, root))).toEqual([]);
  });

  it('every project path named in code spans (src/…, test/…, scripts/…, bench/…) exists', () => {
    const named = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/`((?:src|test|scripts|bench)\/[\w./-]+\.(?:ts|mjs|js))`/g)].map((match) => ({ file, path: match[1]! })),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ path }) => !existsSync(join(root, path))).map(({ file, path }) => `${file.slice(root.length + 1)}: ${path}`)).toEqual([]);
  });

  it('the checker finds a missing file and a missing heading, with GitHub anchors', () => {
    expect(headingAnchors('# A title\n\n## `boxoffice bookings list`\n\n## Exit codes\n\n## Exit codes\n')).toEqual(
      new Set(['a-title', 'boxoffice-bookings-list', 'exit-codes', 'exit-codes-1']),
    );
    expect(linksIn('[a](x.md#y) and ![i](i.png) and <https://example.com>')).toEqual(['x.md#y', 'i.png', 'https://example.com']);
    const anchors = [...headingAnchors(read('README.md'))];
    expect(anchors.length).toBeGreaterThan(3);
  });

  it('reports a link to a missing file or heading', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'boxoffice-links-'));
    writeFileSync(join(dir, 'b.md'), '# Here\n');
    writeFileSync(join(dir, 'a.md'), '# A\n\n[ok](b.md#here) [self](#a) [gone](c.md) [wrong](b.md#there) [web](https://example.com/x)\n');
    expect(brokenLinks(join(dir, 'a.md'), dir)).toEqual(['a.md: c.md (no such file)', 'a.md: b.md#there (no heading #there)']);
  });
});

describe('generated reference', () => {
  it('the committed docs/commands pages and man page are what `npm run docs` generates', async () => {
    const files = await generateReference();
    const stale = GENERATED_DIRS.flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`)).filter(
      (path) => !files.some((file) => file.path === path),
    );
    const differing = files.filter((file) => !existsSync(join(root, file.path)) || read(file.path) !== file.content).map((file) => file.path);
    expect({ differing, stale }, 'run: npm run docs').toEqual({ differing: [], stale: [] });
  });

  it('has a page for every command of the tree, leaves and groups', async () => {
    const pages = (await generateReference()).map((file) => file.path);
    for (const page of [
      'boxoffice.md',
      'boxoffice-event.md',
      'boxoffice-event-create.md',
      'boxoffice-attendees-export.md',
      'boxoffice-apply.md',
      'boxoffice-sandbox-start.md',
    ]) {
      expect(pages).toContain(`docs/commands/${page}`);
    }
    const page = read('docs/commands/boxoffice-sandbox-start.md');
    expect(page).toMatch(/\| `--limits <mode>` \| quotas of the live service \| `"none"` \| `none`, `realistic`/);
    expect(page).toContain('## Inherited flags');
    expect(page).toContain('| `--profile <name>` |');
    expect(page).toContain('| 130 | interrupted');
    expect(page).toContain('boxoffice sandbox start --port 0 --db :memory: --seed demo');
  });

  it('`npm run docs -- --check` passes as a process', async () => {
    const result = await exec(process.execPath, ['scripts/gen-docs.mjs', '--check'], { cwd: root });
    expect(result.stderr).toBe('');
  }, 60_000);

  it('reads the examples under an Example(s): heading only', () => {
    expect(examplesIn('\nPlan lines: x\n  not an example\n\nExamples:\n  boxoffice a\n  boxoffice b   # note\n\nCSV cells: y\n')).toEqual([
      'boxoffice a',
      'boxoffice b   # note',
    ]);
  });
});

/** The ```text block under "## Help" of a page. */
function helpBlock(page: string): string {
  const match = /## Help\n\n[^\n]*\n\n(`{3,})text\n([\s\S]*?)\n\1\n/.exec(page);
  if (!match) throw new Error('no help block');
  return `${match[2]}\n`;
}

describe('the pages show what the built CLI prints for --help and help', () => {
  const pages = readdirSync(join(root, 'docs/commands')).filter((name) => name.startsWith('boxoffice'));
  const pathOf = (page: string) =>
    /^# (.*)$/m
      .exec(read(`docs/commands/${page}`))![1]!
      .split(' ')
      .slice(1);
  const env = { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1', COLUMNS: undefined };
  const run = async (args: string[]) => (await exec(process.execPath, ['bin/boxoffice.js', ...args], { cwd: root, env })).stdout;

  it.each(pages)('%s', async (page) => {
    const path = pathOf(page);
    const expected = helpBlock(read(`docs/commands/${page}`));
    expect(await run([...path, '--help'])).toBe(expected);
    if (path.length > 0) {
      // `boxoffice help event` and `boxoffice event help create`: commander's help command takes one name.
      expect(await run([...path.slice(0, -1), 'help', path[path.length - 1]!])).toBe(expected);
    }
  });
});

describe('man page', () => {
  it('is installed through package.json and shipped', () => {
    const pkg = JSON.parse(read('package.json')) as { man: string[]; files: string[] };
    expect(pkg.man).toEqual(['./man/boxoffice.1']);
    expect(pkg.files).toContain('man');
    expect(read('man/boxoffice.1')).toContain('.SS boxoffice attendees export [flags]'.replace(/-/g, '\\-'));
  });

  it('escapes what roff would take as markup', () => {
    expect(roffText(".hidden\n'quote\nC:\\dir --flag 1–2")).toBe("\\&.hidden\n\\&'quote\nC:\\edir \\-\\-flag 1\\[u2013]2");
  });

  it.runIf(existsSync('/usr/bin/groff'))('formats without a groff warning', async () => {
    const result = await exec('groff', ['-man', '-Tutf8', '-ww', '-z', 'man/boxoffice.1'], { cwd: root });
    expect(result.stderr).toBe('');
  });
});
