// Every shell example in README.md and docs/**/*.md runs against a fresh sandbox with the built
// CLI: one bash session per file, examples in order (variables set by one are seen by the next),
// stopped at the first that fails. Markers (docs/testing.md) skip an example that cannot run
// here, replace literal ids, add hidden setup, or expect an error status.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractExamples, runnableCode, type DocExample } from './support/doc-examples.js';
import { BIN, FAKE_BROWSER, ROOT, startE2e } from './support/built-cli.js';

function markdownFiles(): string[] {
  const docs = join(ROOT, 'docs');
  let inDocs: string[] = [];
  try {
    inDocs = readdirSync(docs, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(docs, name));
  } catch {
    // no docs/ yet
  }
  return [join(ROOT, 'README.md'), ...inDocs.sort()];
}

const files = markdownFiles().map((path) => ({
  path,
  name: relative(ROOT, path),
  examples: extractExamples(relative(ROOT, path), readFileSync(path, 'utf8')),
}));
const totals = { run: 0 };
const runnableTotal = files.reduce((sum, file) => sum + file.examples.filter((example) => example.skip === undefined).length, 0);
const skippedTotal = files.reduce((sum, file) => sum + file.examples.filter((example) => example.skip !== undefined).length, 0);
afterAll(() => {
  // The count the issue asks for: visible in the test output.
  console.log(
    `docs examples: ${totals.run} of ${runnableTotal} ran against the sandbox without failing, ${skippedTotal} marked skip, in ${files.length} files`,
  );
});

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The bash script for one file: the prelude, then each example, each announced in $LABELS. */
function sessionScript(examples: DocExample[]): string {
  const parts = [
    'exec 2>&1', // one stream, in order: the failing example's output follows its label
    'set -e -o pipefail',
    // The ids examples may name (docs/testing.md), made as a user would: an event of the
    // organizer, two tickets and a discount code EARLYBIRD this profile created (so updates know
    // their serviceFee and discount fields), and an order so that its attendee list is not empty.
    'EVENT_ID=$(boxoffice event create --event-type public --type ticketing --event-title "Docs Night" --url docs-night --segment technology --category technology --start-date 2030-04-01 --end-date 2030-04-01 --start-time 18:00 --end-time 22:00 --about-event "Talks" --listing-image https://img.example/l.png --header-image https://img.example/h.png --contact-info docs@example.com)',
    'TICKET_ID=$(boxoffice ticket add "$EVENT_ID" --ticket-name General --price 500 --currency INR --quantity 100 --status active --service-fee 1 --allow-cancellation false)',
    'TICKET2_ID=$(boxoffice ticket add "$EVENT_ID" --ticket-name VIP --price 1500 --currency INR --quantity 20 --status active --service-fee 2 --allow-cancellation true)',
    'DISCOUNT_ID=$(boxoffice discount add "$EVENT_ID" "$TICKET_ID" --discount-category code --code EARLYBIRD --discount 10 --discount-type percentage)',
    'boxoffice order place "$EVENT_ID" --ticket "$TICKET2_ID:2" --fake > /dev/null',
    'export EVENT_ID TICKET_ID TICKET2_ID DISCOUNT_ID',
  ];
  for (const example of examples) {
    const label = `${example.file}:${example.line}`;
    parts.push(`printf '%s\\n' ${shellQuote(label)} >> "$LABELS"; printf '\\n::: %s\\n' ${shellQuote(label)}`);
    const code = runnableCode(example);
    if (example.exit === 0) parts.push(code);
    else
      parts.push(
        `set +e\n(\n${code}\n)\n__status=$?\nset -e\n[ "$__status" -eq ${example.exit} ] || { echo "expected exit ${example.exit}, got $__status" >&2; exit 1; }`,
      );
  }
  parts.push(`printf 'done\\n' >> "$LABELS"`);
  return `${parts.join('\n')}\n`;
}

function runSession(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const deadline = AbortSignal.timeout(240_000);
    const killGroup = () => process.kill(-(child.pid as number), 'SIGKILL');
    deadline.addEventListener('abort', killGroup, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      deadline.removeEventListener('abort', killGroup);
      // Anything an example left running in the background (a sandbox, say) goes too.
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // the group is gone already
      }
      resolve({ code, output });
    });
  });
}

describe.concurrent('docs examples (built CLI, fresh sandbox per file)', () => {
  it('finds the examples of README.md', () => {
    expect(files[0].examples.length).toBeGreaterThan(0);
  });

  // A file whose examples are all marked skip (or that has none) adds no test.
  for (const file of files.filter((candidate) => candidate.examples.some((example) => example.skip === undefined))) {
    const runnable = file.examples.filter((example) => example.skip === undefined);
    it(`${file.name}: ${runnable.length} examples run, ${file.examples.length - runnable.length} marked skip`, { timeout: 260_000 }, async () => {
      const e2e = await startE2e();
      try {
        const work = join(e2e.dir, 'work');
        const shim = join(e2e.dir, 'bin');
        mkdirSync(work);
        mkdirSync(shim);
        cpSync(join(ROOT, 'examples'), join(work, 'examples'), { recursive: true });
        writeFileSync(join(shim, 'boxoffice'), `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(BIN)} "$@"\n`, { mode: 0o755 });
        const labels = join(e2e.dir, 'labels');
        writeFileSync(labels, '');
        const env: Record<string, string> = {
          PATH: `${shim}:${process.env.PATH ?? ''}`,
          HOME: e2e.dir,
          LANG: 'C.UTF-8',
          TMPDIR: e2e.dir,
          ...e2e.env,
          ADMIN_TOKEN: e2e.sandbox.tokens.admin,
          SANDBOX_URL: e2e.sandbox.url,
          BROWSER: `${shellQuote(process.execPath)} ${shellQuote(FAKE_BROWSER)}`,
          LABELS: labels,
        };
        const result = await runSession(sessionScript(runnable), work, env);
        const reached = readFileSync(labels, 'utf8').trim().split('\n').filter(Boolean);
        const last = reached[reached.length - 1];
        if (result.code !== 0 || last !== 'done') {
          const failed = runnable.find((example) => `${example.file}:${example.line}` === last);
          const where = failed ? `the example at ${last}:\n${runnableCode(failed)}` : 'the prelude (seeding the sandbox)';
          const output = result.output.slice(result.output.lastIndexOf(`\n::: ${last}\n`) + 1);
          expect.fail(`${file.name}: ${where}\nexited ${result.code}; its output:\n${output.slice(-4000)}`);
        }
        totals.run += runnable.length;
      } finally {
        await e2e.close();
      }
    });
  }
});
