import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { runInProcess, testDeps } from '../helpers/cli.js';
import { buildProgram, invokedCommand } from '../../src/cli/framework/main.js';
import { topLevelCommandNames } from '../../src/cli/commands/index.js';
import { TOP_LEVEL_SUMMARIES, type TopLevelName } from '../../src/cli/commands/summaries.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('the program', () => {
  it('prints its version and exits 0, in-process and as a process', async () => {
    const result = await runInProcess(['--version']);
    expect(result).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const child = await exec(process.execPath, ['bin/boxoffice.js', '--version']);
    expect(child.stdout).toBe(`${pkg.version}\n`);
  });

  it('answers --version and -V alone before loading the CLI, and the same as the CLI does with other flags', async () => {
    // `--version` / `-V` alone are answered by the entry (src/cli/process/entry.ts); with another flag, by commander.
    for (const args of [['--version'], ['-V'], ['--json', '--version'], ['-V', '--debug']]) {
      const child = await exec(process.execPath, ['bin/boxoffice.js', ...args]);
      expect({ args, stdout: child.stdout, stderr: child.stderr }).toEqual({ args, stdout: `${pkg.version}\n`, stderr: '' });
    }
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

describe('lazy command registry', () => {
  it('finds the command an argument list runs, past global options and through help', () => {
    expect(invokedCommand(['event', 'list'])).toBe('event');
    expect(invokedCommand(['--profile', 'live', '--json', 'ticket', 'add', '12'])).toBe('ticket');
    expect(invokedCommand(['help', 'apply'])).toBe('apply');
    expect(invokedCommand(['help'])).toBeUndefined();
    expect(invokedCommand(['--version'])).toBeUndefined();
    expect(invokedCommand(['--', 'event'])).toBeUndefined();
  });

  it('loads only the invoked group; the others are placeholders with the same summary', async () => {
    const deps = testDeps();
    const partial = await buildProgram(deps, ['report', '12']);
    const full = await buildProgram(deps, ['completion', 'bash']);
    const names = topLevelCommandNames();
    expect(full.commands.map((command) => command.name()).filter((name) => name !== 'help')).toEqual(names);
    expect(partial.commands.map((command) => command.name())).toEqual(full.commands.map((command) => command.name()));
    for (const command of full.commands) {
      expect(command.description()).toBe(TOP_LEVEL_SUMMARIES[command.name() as TopLevelName]);
    }
    const byName = (program: typeof full, name: string) => program.commands.find((command) => command.name() === name)!;
    expect(byName(partial, 'event').commands).toEqual([]);
    expect(byName(full, 'event').commands.map((command) => command.name())).toContain('create');
    expect(byName(partial, 'report').registeredArguments.map((argument) => argument.name())).toEqual(['EVENT_ID']);
  });
});
