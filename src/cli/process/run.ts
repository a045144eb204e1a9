// The real process's Deps (streams, environment, clock, browser opener, Ctrl-C) and the run.
import { proxyConfigured } from '../../client/proxy.js';
import { systemClock, type Deps } from '../../session/deps.js';
import { runCli } from '../framework/main.js';
import { isTerminal, type ProcessStdout } from './stdio.js';

export async function runWithProcess(stdout: ProcessStdout): Promise<number> {
  // A proxied request goes through undici, which parses HTTP with a WebAssembly module. V8
  // compiles it twice, with its baseline compiler and then again, optimised, on a background
  // thread, and the process cannot exit before that second compilation ends: ~100 ms after the
  // last byte of a one-request command's output. The baseline code alone parses fast enough.
  // A process-wide flag, so the CLI sets it for its own process; the client never does. Only
  // where a proxy is configured: a V8 flag set at run time makes V8 refuse the code cache of
  // every Node module loaded afterwards (node:http and its ~40 modules are then compiled
  // from source, ~35M instructions, a third of `node -e 0`), and node:v8 itself is costly to load.
  if (proxyConfigured(process.env)) process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
  const controller = new AbortController();
  // The first Ctrl-C stops the command, which ends with one line ("interrupted", exit 130). A
  // second one while it winds down ends the process at once, with nothing more said. The
  // listener stays for the whole run: were it removed after the first signal, a prompt's
  // signal-exit handler, finding itself alone, would kill the process by the signal, silently.
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
