// The linter and the formatter (Biome, biome.jsonc) run as part of the suite, over the same
// folders as `npm run lint` and `npm run format`.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const FOLDERS = ['src', 'test', 'scripts', 'bench'];
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** Biome's exit code and its report (the diagnostics go to stderr). */
async function biomeRun(args: string[]): Promise<{ code: number; report: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [biome, ...args, '--colors=off', ...FOLDERS], { maxBuffer: 64 * 2 ** 20, timeout: 120_000 });
    return { code: 0, report: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, report: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('lint and format (Biome)', () => {
  it('biome lint finds nothing in src/, test/, scripts/ and bench/', async () => {
    const { code, report } = await biomeRun(['lint', '--error-on-warnings', '--max-diagnostics=50']);
    expect(code, report).toBe(0);
  }, 120_000);

  it('biome format finds every file formatted', async () => {
    const { code, report } = await biomeRun(['format', '--max-diagnostics=0']);
    const unformatted = /Found (\d+) error/.exec(report)?.[1] ?? 'some';
    expect(code, `${unformatted} files are not formatted: run \`npm run format\` (biome format --write), then commit`).toBe(0);
  }, 120_000);
});
