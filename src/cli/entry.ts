// The bundle's entry: real streams, environment, clock and browser opener.
import { systemClock, type Deps } from './deps.js';
import { runCli } from './main.js';

export async function runFromProcess(): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  // `boxoffice event list | head -1`: the reader went away; stop quietly, as Unix tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
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
