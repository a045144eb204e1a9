// `sandbox token` and `sandbox seed` find the sandbox the same way, and refuse a bad --url before
// sending anything.
import { describe, expect, it } from 'vitest';
import { sandboxUrl } from '../../src/cli/commands/sandbox/shared.js';
import { runInProcess } from '../helpers/cli.js';

describe('the sandbox address of sandbox token and sandbox seed', () => {
  it('takes --url, else BOXOFFICE_API_URL, else the default port, without a trailing slash', () => {
    expect(sandboxUrl('http://127.0.0.1:5000/', {})).toBe('http://127.0.0.1:5000');
    expect(sandboxUrl(undefined, { BOXOFFICE_API_URL: 'http://127.0.0.1:6000' })).toBe('http://127.0.0.1:6000');
    expect(sandboxUrl(undefined, {})).toBe('http://127.0.0.1:4010');
  });

  it.each([['token'], ['seed']])('sandbox %s refuses an address that is not http(s), exit 2', async (verb) => {
    const notAnAddress = await runInProcess(['sandbox', verb, '--url', 'not a url']);
    expect(notAnAddress).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: --url: expected an address like http://127.0.0.1:4010, got "not a url"\n',
    });
    const wrongScheme = await runInProcess(['sandbox', verb, '--url', 'ftp://127.0.0.1:4010']);
    expect(wrongScheme.code).toBe(2);
    expect(wrongScheme.stderr).toBe('error: --url: expected an http or https address, got "ftp://127.0.0.1:4010"\n');
  });
});
