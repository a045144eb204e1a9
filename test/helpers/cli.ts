// Runs the CLI in-process with injected streams, environment, clock and browser opener.
import { PassThrough } from 'node:stream';
import type { Clock, Deps } from '../../src/session/deps.js';
import { systemClock } from '../../src/session/deps.js';
import { closedDeps } from '../../src/cli/process/closed-deps.js';
import { runCli, type RegisterCommands } from '../../src/cli/framework/main.js';
import { TEST_SANDBOX_SECRET } from './sandbox-secret.js';

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Text written to stdin before it is closed (unless `keepStdinOpen`). */
  stdin?: string;
  keepStdinOpen?: boolean;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  clock?: Clock;
  openBrowser?: (url: string) => Promise<void>;
  signal?: AbortSignal;
  /** Called with the live streams once the command starts (to answer prompts, for example). */
  onStart?: (streams: { stdin: PassThrough; stdout: PassThrough; stderr: PassThrough }) => void;
  /** What adds the commands (default: the real registration; test/cli/support/verb.ts swaps one verb's run). */
  register?: RegisterCommands;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Deps with closed streams and an empty environment, for tests that only build the program. */
export function testDeps(): Deps {
  return closedDeps('this test did not expect a browser to be opened');
}

export async function runInProcess(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  if (options.stdin !== undefined) stdin.write(options.stdin);
  if (!options.keepStdinOpen) stdin.end();
  const deps: Deps = {
    io: {
      stdin,
      stdout,
      stderr,
      stdinIsTTY: options.stdinIsTTY ?? false,
      stdoutIsTTY: options.stdoutIsTTY ?? false,
      stderrIsTTY: options.stderrIsTTY ?? false,
    },
    env: { CI: undefined, BOXOFFICE_SANDBOX_SECRET: TEST_SANDBOX_SECRET, ...options.env },
    clock: options.clock ?? systemClock,
    openBrowser:
      options.openBrowser ??
      (async () => {
        throw new Error('this test did not expect a browser to be opened');
      }),
    signal: options.signal ?? new AbortController().signal,
  };
  options.onStart?.({ stdin, stdout, stderr });
  const code = await runCli(argv, deps, options.register);
  return { code, stdout: out, stderr: err };
}
