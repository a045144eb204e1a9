import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess, type RunOptions } from '../../../helpers/cli.js';
import { answerPrompts } from '../../support/answer-prompts.js';
import { registerConfigSet } from '../../../../src/cli/commands/config/set.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-config-cmd-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[], options: RunOptions = {}) => runInProcess(argv, { ...options, env: { BOXOFFICE_CONFIG_DIR: dir, ...options.env } });

describe('config get, set and list', () => {
  it('reads the local preset without a config file', async () => {
    expect(await run(['config', 'get', 'apiUrl'])).toEqual({ code: 0, stdout: 'http://127.0.0.1:4010\n', stderr: '' });
    expect((await run(['config', 'get', 'client-id'])).stdout).toBe('boxoffice-cli\n');
    const missing = await run(['config', 'get', 'token']);
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'error: token is not set in profile local\n' });
  });

  it('sets up the live profile, writing the file with mode 0600', async () => {
    for (const [key, value] of [
      ['apiUrl', 'https://api.example.com'],
      ['publisherUrl', 'https://publisher.example.com'],
      ['authUrl', 'https://auth.example.com'],
      ['clientId', 'my-app'],
      ['clientSecret', 'very-secret-value'],
    ]) {
      const result = await run(['--profile', 'live', 'config', 'set', key, value]);
      expect(result).toEqual({ code: 0, stdout: '', stderr: `set ${key} in profile live\n` });
    }
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    const listed = await run(['--profile', 'live', 'config', 'list']);
    expect(listed.stdout).toBe(
      'live\tapiUrl\thttps://api.example.com\nlive\tpublisherUrl\thttps://publisher.example.com\nlive\tauthUrl\thttps://auth.example.com\nlive\tclientId\tmy-app\nlive\tclientSecret\t(set)\n',
    );
    expect(listed.stdout).not.toContain('very-secret-value');
    const json = JSON.parse((await run(['--json', 'config', 'list', '--all'])).stdout);
    expect(Object.keys(json.profiles)).toEqual(['local', 'live', 'sandbox']);
    expect(json.profiles.local.clientSecret).toBe('(set)');
    const table = await run(['config', 'list'], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(table.stdout).toMatch(/^Profile +Setting +Value\n─+\n/);
    expect(table.stderr).toBe(`config file: ${join(dir, 'config.json')}\n`);
  });

  it('an empty value removes a setting; a preset value shows again', async () => {
    await run(['config', 'set', 'apiUrl', 'http://127.0.0.1:5000']);
    expect((await run(['config', 'get', 'apiUrl'])).stdout).toBe('http://127.0.0.1:5000\n');
    expect((await run(['config', 'set', 'apiUrl', ''])).stderr).toBe('removed apiUrl from profile local\n');
    expect((await run(['config', 'get', 'apiUrl'])).stdout).toBe('http://127.0.0.1:4010\n');
  });

  it('asks for a secret without echoing it on a terminal', async () => {
    let shown = '';
    const result = await run(['--profile', 'live', 'config', 'set', 'clientSecret'], {
      stdinIsTTY: true,
      keepStdinOpen: true,
      onStart: ({ stdin, stderr }) => {
        stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
        void answerPrompts(stderr, stdin, [{ when: 'clientSecret', type: 'typed-secret-123\r' }]);
      },
    });
    expect(result.code).toBe(0);
    expect(shown).not.toContain('typed-secret-123');
    expect((await run(['--profile', 'live', 'config', 'get', 'clientSecret'])).stdout).toBe('typed-secret-123\n');
  });

  it('refuses unknown settings and bad addresses with exit 2, and warns about plain http to another host', async () => {
    const unknown = await run(['config', 'set', 'colour', 'blue']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown setting "colour"');
    const bad = await run(['config', 'set', 'apiUrl', 'not a url']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: apiUrl: expected an address such as https://api.example.com, not "not a url"\n');
    const plain = await run(['--profile', 'live', 'config', 'set', 'apiUrl', 'http://api.example.com']);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain('warning: apiUrl uses plain http to another host');
    const noValue = await run(['config', 'set', 'apiUrl']);
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toBe('error: missing VALUE: pipe it in (printf %s "$VALUE" | boxoffice config set apiUrl), or give it\n');
  });

  it('says when a profile does not exist', async () => {
    const result = await run(['--profile', 'staging', 'config', 'get', 'apiUrl']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no profile named staging (profiles: local, live, sandbox)');
  });
});

describe('config set: flags → options', () => {
  const verb = verbAt('config set', registerConfigSet);

  it('takes the key and, when given, the value', async () => {
    expect(await parseVerb(verb, ['config', 'set', 'apiUrl', 'http://127.0.0.1:4010'])).toMatchObject({
      code: 0,
      runs: [{ key: 'apiUrl', value: 'http://127.0.0.1:4010' }],
    });
    expect(await parseVerb(verb, ['config', 'set', 'token'])).toMatchObject({ code: 0, runs: [{ key: 'token', value: undefined }] });
    expect(await parseVerb(verb, ['config', 'set'])).toMatchObject({ code: 2, runs: [] });
  });

  it('the real run refuses an unknown key with exit 2, naming it', async () => {
    const refused = await runAgainstRecorder(['config', 'set', 'colour', 'blue']);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain('colour');
  });
});
