// Help as people and a docs generator see it: grouped top-level commands with examples, the
// global flags under "Inherited flags" on every command, wrapped to the terminal's width (80
// when unknown), printed on stdout with exit 0 also for a bare `boxoffice` or a bare group.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/framework/main.js';
import { runInProcess, testDeps } from '../helpers/cli.js';

const exec = promisify(execFile);

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

describe('top-level help', () => {
  it('groups the commands, shows examples and a get-started line (snapshot at width 80)', async () => {
    const result = await runInProcess(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatchSnapshot();
    const headings = result.stdout.split('\n').filter((line) => /^[A-Z][A-Za-z ]+:$/.test(line));
    expect(headings).toEqual([
      'Flags:',
      'Getting started:',
      'Events and tickets:',
      'Sales and attendees:',
      'Automation:',
      'Sandbox:',
      'Settings:',
      'Examples:',
    ]);
    expect(result.stdout).toMatch(/^Get started: boxoffice login/m);
  });

  it('is what a bare `boxoffice` prints, on stdout, exit 0', async () => {
    const bare = await runInProcess([]);
    expect(bare).toEqual({ code: 0, stdout: (await runInProcess(['--help'])).stdout, stderr: '' });
  });

  it('a group without its verb prints the group help on stdout, exit 0', async () => {
    const group = await runInProcess(['ticket']);
    expect(group.code).toBe(0);
    expect(group.stderr).toBe('');
    expect(group.stdout).toMatch(/^Usage: boxoffice ticket /);
    expect(group.stdout).toContain('Inherited flags:');
  });

  it('an unknown option or command still fails with exit 2', async () => {
    expect((await runInProcess(['--no-such-flag'])).code).toBe(2);
    expect((await runInProcess(['evnt'])).code).toBe(2);
  });
});

describe("every command's help", () => {
  it('lists the global flags under "Inherited flags" (snapshot of ticket list at width 80)', async () => {
    const result = await runInProcess(['ticket', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchSnapshot();
  });

  it('has the Inherited flags part on every command of the tree, rendered from the tree itself', async () => {
    const program = await buildProgram(testDeps(), ['completion', 'bash']);
    const commands = everyCommand(program).filter((command) => command !== program);
    expect(commands.length).toBeGreaterThan(40);
    for (const command of commands) {
      const help = command.helpInformation();
      const inherited = help.slice(help.indexOf('Inherited flags:'));
      expect(inherited, command.name()).toMatch(/^Inherited flags:\n/);
      for (const flag of ['--json', '--profile <name>', '--no-input', '--debug', '--header']) expect(inherited, command.name()).toContain(`  ${flag}`);
      expect(inherited).not.toContain('--version');
    }
  });

  it('wraps to the terminal width, and to 80 columns when it is unknown', async () => {
    const longest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));
    const narrow = await buildProgram({ ...testDeps(), io: { ...testDeps().io, columns: 60 } }, ['event', 'create']);
    const create = narrow.commands.find((command) => command.name() === 'event')!.commands.find((command) => command.name() === 'create')!;
    const options = create.helpInformation().split('\nExample')[0];
    expect(longest(options)).toBeLessThanOrEqual(60);
    const unknown = await runInProcess(['event', 'create', '--help']);
    expect(longest(unknown.stdout.split('\nExample')[0])).toBeLessThanOrEqual(80);
    expect(longest(unknown.stdout.split('\nExample')[0])).toBeGreaterThan(60);
  });

  it('names the command after a usage error: (see boxoffice ticket list --help)', async () => {
    const result = await runInProcess(['ticket', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: missing required argument 'EVENT_ID'\n(see boxoffice ticket list --help)\n");
  });
});

describe('as a process (the built CLI)', () => {
  it('bare boxoffice prints the grouped help on stdout and exits 0', async () => {
    const child = await exec(process.execPath, ['bin/boxoffice.js'], { env: { ...process.env, CI: 'true' } });
    expect(child.stderr).toBe('');
    expect(child.stdout).toContain('Events and tickets:\n  event ');
    expect(child.stdout).toContain('Get started: boxoffice login');
  });

  it('an unknown option names the command whose help to read', async () => {
    const failure = await exec(process.execPath, ['bin/boxoffice.js', 'ticket', 'list', '--event-id', '12']).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stdout: '' });
    expect(failure.stderr).toBe(
      "error: unknown option '--event-id': EVENT_ID goes after the command, not in a flag, as in boxoffice ticket list 12\n" +
        '(see boxoffice ticket list --help)\n',
    );
  });
});
