// BROWSER as a command line (src/cli/process/open-browser.ts): split as a shell splits words.
import { describe, expect, it } from 'vitest';
import { browserCommand } from '../../src/cli/process/open-browser.js';

const url = 'http://127.0.0.1:8976/a?x=1&y=2';

describe('browserCommand', () => {
  it('appends the address to a program with arguments, keeping quoted words whole', () => {
    expect(browserCommand('firefox', url, {})).toEqual(['firefox', url]);
    expect(browserCommand(`node "/opt/my tools/open.js" --new-window`, url, {})).toEqual(['node', '/opt/my tools/open.js', '--new-window', url]);
    expect(browserCommand(`'/Applications/Google Chrome' --incognito`, url, {})).toEqual(['/Applications/Google Chrome', '--incognito', url]);
    expect(browserCommand(String.raw`/opt/my\ browser`, url, {})).toEqual(['/opt/my browser', url]);
  });

  it('replaces %s with the address instead of appending it', () => {
    expect(browserCommand('w3m -o open=%s -dump', url, {})).toEqual(['w3m', '-o', `open=${url}`, '-dump']);
  });

  it('expands variables as a shell would, and drops a comment', () => {
    expect(browserCommand('$HOME/bin/open # my opener', url, { HOME: '/home/asha' })).toEqual(['/home/asha/bin/open', url]);
  });

  it('refuses shell operators and an empty command, naming BROWSER', () => {
    expect(() => browserCommand('firefox | tee log', url, {})).toThrow('BROWSER="firefox | tee log": "|" is shell syntax');
    expect(() => browserCommand('# nothing', url, {})).toThrow('names no command');
  });
});
