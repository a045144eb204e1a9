import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess } from '../../../helpers/cli.js';
import { registerCompletion } from '../../../../src/cli/commands/completion/completion.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

async function script(shell: string): Promise<string> {
  const result = await runInProcess(['completion', shell]);
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  return result.stdout;
}

function bashComplete(source: string, words: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'boxoffice-completion-'));
  const file = join(dir, 'boxoffice.bash');
  writeFileSync(file, source);
  const line = words.map((word) => `'${word}'`).join(' ');
  const output = execFileSync('bash', [
    '-c',
    `source '${file}'; COMP_WORDS=(boxoffice ${line}); COMP_CWORD=${words.length}; _boxoffice; printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]).toString();
  return output.split('\n').filter(Boolean);
}

describe('completion', () => {
  it.skipIf(!existsSync('/usr/bin/bash'))('bash completes groups, verbs and each verb\'s flags', async () => {
    const source = await script('bash');
    expect(bashComplete(source, ['ev'])).toEqual(expect.arrayContaining(['event', 'events']));
    expect(bashComplete(source, ['event', ''])).toEqual(expect.arrayContaining(['create', 'update', 'get', 'list']));
    expect(bashComplete(source, ['--json', 'event', 'create', '--event-ti'])).toEqual(['--event-title']);
    expect(bashComplete(source, ['ticket', 'add', '12', '--service'])).toEqual(['--service-fee']);
  });

  it('zsh and fish scripts name every verb and flag', async () => {
    const zsh = await script('zsh');
    expect(zsh).toContain('compdef _boxoffice boxoffice');
    expect(zsh).toContain('"discount update") echo "');
    const fish = await script('fish');
    expect(fish).toContain("-a 'login'");
    expect(fish).toContain("-n '__fish_seen_subcommand_from event; and __fish_seen_subcommand_from create' -l event-title");
  });

  it('under --json prints one JSON document holding the script', async () => {
    const result = await runInProcess(['--json', 'completion', 'fish']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ shell: 'fish', script: await script('fish') });
  });

  it('refuses an unknown shell with exit 2', async () => {
    const result = await runInProcess(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: unknown shell "tcsh": expected bash, zsh or fish\n');
  });
});

describe('completion: flags → options', () => {
  const verb = verbAt('completion', registerCompletion);

  it('takes the shell', async () => {
    expect(await parseVerb(verb, ['completion', 'zsh'])).toMatchObject({ code: 0, runs: [{ shell: 'zsh' }] });
    const missing = await parseVerb(verb, ['completion']);
    expect(missing).toMatchObject({ code: 2, runs: [] });
    expect(missing.stderr).toContain('SHELL');
  });

  it('the real run refuses an unknown shell with exit 2', async () => {
    const refused = await runAgainstRecorder(['completion', 'tcsh']);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain('unknown shell "tcsh"');
  });
});
