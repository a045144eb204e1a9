// Deps for building the program without running a command against the world (the docs generator,
// tests of the command tree): closed streams, an empty environment, no browser.
import { PassThrough } from 'node:stream';
import { systemClock, type Deps } from '../../session/deps.js';

/** `browserRefusal`: the error should anything try to open a browser. */
export function closedDeps(browserRefusal: string): Deps {
  const stdin = new PassThrough();
  stdin.end();
  return {
    io: { stdin, stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
    env: {},
    clock: systemClock,
    openBrowser: async () => {
      throw new Error(browserRefusal);
    },
    signal: new AbortController().signal,
  };
}
