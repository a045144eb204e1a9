// The built CLI (node bin/boxoffice.js) as a child process whose stderr can be waited on while it
// runs: for tests that kill it, interrupt it or drive a browser from what it prints.
import { spawn, type ChildProcess } from 'node:child_process';

const root = new URL('../../', import.meta.url).pathname;

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  done: Promise<ProcessResult>;
  stderr(): string;
  /** Resolves with the first match of `pattern` on stderr; rejects if the process ends first. */
  waitForStderr(pattern: RegExp): Promise<RegExpExecArray>;
}

export function startCli(args: string[], env: Record<string, string>, stdin?: string): RunningCli {
  const child = spawn(process.execPath, ['bin/boxoffice.js', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin?.end(stdin);
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve(match: RegExpExecArray): void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(stderr);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  });
  const done = new Promise<ProcessResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    child,
    done,
    stderr: () => stderr,
    waitForStderr: (pattern) => {
      const now = pattern.exec(stderr);
      if (now) return Promise.resolve(now);
      return new Promise<RegExpExecArray>((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void done.then((result) => reject(new Error(`the CLI ended (${result.code ?? result.signal}) before ${pattern}: ${result.stderr}`)));
      });
    },
  };
}

export function runCli(args: string[], env: Record<string, string>, stdin?: string): Promise<ProcessResult> {
  return startCli(args, env, stdin).done;
}

/** The results of the first `count` of `runs` to end, in the order they ended. */
export function firstToEnd(runs: readonly RunningCli[], count: number): Promise<ProcessResult[]> {
  return new Promise((resolve) => {
    const ended: ProcessResult[] = [];
    for (const run of runs) {
      void run.done.then((result) => {
        ended.push(result);
        if (ended.length === count) resolve([...ended]);
      });
    }
  });
}
