import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { runInProcess } from '../helpers/cli.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('the program', () => {
  it('prints its version and exits 0, in-process and as a process', async () => {
    const result = await runInProcess(['--version']);
    expect(result).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const child = await exec(process.execPath, ['bin/boxoffice.js', '--version']);
    expect(child.stdout).toBe(`${pkg.version}\n`);
  });

  it('prints help on stdout and exits 0', async () => {
    const result = await runInProcess(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: boxoffice');
  });

  it('rejects an unknown option with exit 2 and a message on stderr', async () => {
    const result = await runInProcess(['--no-such-flag']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unknown option '--no-such-flag'");
  });
});
