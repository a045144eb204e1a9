// Everything a command touches outside itself. Commands never reach for `process`, `console` or
// the real clock: tests build a Deps with their own streams, env, clock and config directory.
import type { Readable, Writable } from 'node:stream';
import { abortableSleep } from '../util/sleep.js';

export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Writes to stdout in order with `stdout`, without building Node's stdout stream where it can (process-stdio.ts). */
  print?(text: string): void;
  /** Whether stdin / stdout / stderr are terminals (decides prompts, tables, progress bars). */
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The terminal's size, when stdout is one. */
  columns?: number;
  rows?: number;
}

/** The one way a command's text leaves for stdout. */
export function printOut(io: Pick<Io, 'stdout' | 'print'>, text: string): void {
  if (io.print) io.print(text);
  else io.stdout.write(text);
}

export interface Clock {
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface Deps {
  io: Io;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  openBrowser(url: string): Promise<void>;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** Replaces the process's command line as `ps` shows it (a secret was given as an argument). */
  hideArguments?(): void;
  /** A test-only fault hook: the process kills itself (SIGKILL) at the step boundary BOXOFFICE_TEST_CRASH_AT names. */
  crashPoint?(name: string): void;
}

export const systemClock: Clock = { now: () => new Date(), sleep: abortableSleep };
