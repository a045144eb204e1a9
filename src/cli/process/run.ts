// The real process's Deps (streams, environment, clock, browser opener, Ctrl-C) and the run.
import { proxyConfigured } from '../../client/proxy.js';
import { systemClock, type Deps } from '../../session/deps.js';
import { runCli } from '../framework/main.js';
import { isTerminal, type ProcessStdout } from './stdio.js';

export async function runWithProcess(stdout: ProcessStdout): Promise<number> {
  // undici (proxied requests) parses HTTP with a WebAssembly module that V8 compiles again,
  // optimised, on a background thread the process waits for at exit: ~100 ms after a one-request
  // command's output. Process-wide, so set by the CLI, never the client; and only with a proxy, as
  // a V8 flag set at run time makes V8 refuse the code cache of every Node module loaded afterwards
  // (node:http and its ~40 modules compiled from source, a third of `node -e 0`).
  if (proxyConfigured(process.env)) process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
  const controller = new AbortController();
  // The first Ctrl-C stops the command ("interrupted", exit 130); a second one while it winds down
  // ends the process at once. The listener stays for the whole run: were it removed after the
  // first signal, a prompt's signal-exit handler, finding itself alone, would kill the process silently.
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSigint);
  const deps: Deps = {
    // Getters: Node builds each standard stream on first use (stdio.ts), and most commands need
    // none but stdout, and that only as text.
    io: {
      get stdin() {
        return process.stdin;
      },
      get stdout() {
        return stdout.stream();
      },
      get stderr() {
        return process.stderr;
      },
      print: stdout.print,
      get stdinIsTTY() {
        return isTerminal(0);
      },
      get stdoutIsTTY() {
        return isTerminal(1);
      },
      get stderrIsTTY() {
        return isTerminal(2);
      },
      get columns() {
        return isTerminal(1) ? stdout.stream().columns : undefined;
      },
      get rows() {
        return isTerminal(1) ? stdout.stream().rows : undefined;
      },
    },
    env: process.env,
    clock: systemClock,
    openBrowser: async (url) => {
      const { openInBrowser } = await import('./open-browser.js');
      await openInBrowser(url, process.env);
    },
    signal: controller.signal,
    hideArguments: () => {
      process.title = 'boxoffice';
    },
    crashPoint: (name) => {
      if (process.env.BOXOFFICE_TEST_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
    },
  };
  try {
    return await runCli(process.argv.slice(2), deps);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
