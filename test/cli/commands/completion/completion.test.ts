import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess } from '../../../helpers/cli.js';
import { runCli } from '../../../helpers/process.js';
import { ATTENDEE_STATUSES, DISCOUNT_CATEGORIES, EVENT_CATEGORIES, ORDER_STATUSES_FOR_CONFIRM } from '../../../../src/client/schemas/values.js';
import { EXPORT_FORMATS } from '../../../../src/export/formats.js';
import { PRESET_PROFILES, PROFILE_KEYS } from '../../../../src/session/config/profile.js';
import { registerCompletion, SHELLS } from '../../../../src/cli/commands/completion/completion.js';
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
  it.skipIf(!existsSync('/usr/bin/bash'))("bash completes groups, verbs and each verb's flags", async () => {
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

/**
 * The built CLI's scripts, run in a real shell with its completion function called as the shell
 * calls it: the candidates for fixed values are the lists the CLI checks those values against.
 */
describe('completion of fixed values (the built CLI, a real bash)', { timeout: 60_000 }, () => {
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-completion-config-'));
  const env = { BOXOFFICE_CONFIG_DIR: configDir };
  const built = async (shell: string): Promise<string> => {
    const result = await runCli(['completion', shell], env);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };

  it.skipIf(!existsSync('/usr/bin/bash'))('bash: --format, --status, --category, --role, --profile, config get KEY, completion SHELL', async () => {
    const saved = await runCli(['--profile', 'staging', 'config', 'set', 'apiUrl', 'https://api.staging.example'], env);
    expect(saved.code, saved.stderr).toBe(0);
    const source = await built('bash');
    expect(bashComplete(source, ['attendees', 'export', '12', '--format', ''])).toEqual([...EXPORT_FORMATS]);
    expect(bashComplete(source, ['attendees', 'export', '12', '--status', ''])).toEqual([...ATTENDEE_STATUSES]);
    expect(bashComplete(source, ['attendees', 'export', '12', '--status', 'c'])).toEqual(['cancelled']);
    expect(bashComplete(source, ['order', 'place', '12', '--status', ''])).toEqual([...ORDER_STATUSES_FOR_CONFIRM]);
    expect(bashComplete(source, ['event', 'create', '--category', ''])).toEqual([...EVENT_CATEGORIES]);
    expect(bashComplete(source, ['event', 'create', '--category', 'mu'])).toEqual(['music']);
    expect(bashComplete(source, ['discount', 'add', '1', '2', '--discount-category', ''])).toEqual([...DISCOUNT_CATEGORIES]);
    expect(bashComplete(source, ['sandbox', 'token', '--role', ''])).toEqual(['organizer', 'admin', 'publisher', 'booking']);
    expect(bashComplete(source, ['bookings', 'list', '--format', ''])).toEqual(['table', 'csv']);
    // Profile names: the presets and the saved ones, before a command or after it.
    expect(bashComplete(source, ['--profile', ''])).toEqual([...Object.keys(PRESET_PROFILES), 'staging']);
    expect(bashComplete(source, ['event', 'list', '--profile', 'st'])).toEqual(['staging']);
    expect(bashComplete(source, ['config', 'get', ''])).toEqual([...PROFILE_KEYS]);
    expect(bashComplete(source, ['--profile', 'live', 'config', 'get', 'tok'])).toEqual(['token', 'tokenExpiresAt']);
    expect(bashComplete(source, ['config', 'set', 'pub'])).toEqual(['publisherUrl', 'publisherKey']);
    expect(bashComplete(source, ['completion', ''])).toEqual([...SHELLS]);
    // What was completed before still is: verbs, and a flag's name.
    expect(bashComplete(source, ['config', ''])).toEqual(expect.arrayContaining(['get', 'set', 'list']));
    expect(bashComplete(source, ['attendees', 'export', '12', '--form'])).toEqual(['--format']);
  });

  it.skipIf(!existsSync('/usr/bin/zsh'))('zsh: the same values through compadd', async () => {
    const source = await built('zsh');
    const output = execFileSync('zsh', [
      '-c',
      `compdef() { :; }; compadd() { shift; print -l -- "$@"; }; ${source}\nwords=(boxoffice attendees export 12 --format ''); CURRENT=6; _boxoffice`,
    ]).toString();
    expect(output.split('\n').filter(Boolean)).toEqual([...EXPORT_FORMATS]);
  });

  it('zsh and fish scripts carry the values (checked in a shell where one is installed)', async () => {
    const zsh = await built('zsh');
    expect(zsh).toContain(`"attendees export|--format") echo "${EXPORT_FORMATS.join(' ')}" ;;`);
    expect(zsh).toContain(`"config get|") echo "${PROFILE_KEYS.join(' ')}" ;;`);
    const fish = await built('fish');
    expect(fish).toContain(`-l format -x -a '${EXPORT_FORMATS.join(' ')}'`);
    expect(fish).toContain(`-l status -x -a '${ATTENDEE_STATUSES.join(' ')}'`);
    expect(fish).toContain(`-n '__fish_seen_subcommand_from completion' -a '${SHELLS.join(' ')}'`);
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
