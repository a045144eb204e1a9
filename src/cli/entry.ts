// The bundle's entry: real streams, environment, clock and browser opener.
import { systemClock, type Deps } from './deps.js';
import { runCli } from './main.js';

export async function runFromProcess(): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  const deps: Deps = {
    io: {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      stdinIsTTY: process.stdin.isTTY === true,
      stdoutIsTTY: process.stdout.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
    },
    env: process.env,
    clock: systemClock,
    openBrowser: async (url) => {
      const { openInBrowser } = await import('./open-browser.js');
      await openInBrowser(url, process.env);
    },
    signal: controller.signal,
  };
  try {
    return await runCli(process.argv.slice(2), deps);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
