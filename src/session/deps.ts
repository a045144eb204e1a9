// Everything a command touches outside itself. Commands never reach for `process`, `console` or
// the real clock: tests build a Deps with their own streams, env, clock and config directory.
import type { Readable, Writable } from 'node:stream';
import { abortableSleep } from '../util/sleep.js';

export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /**
   * Writes text to stdout, in order with what went through `stdout`. The process's own
   * (process-stdio.ts) does it without building Node's stdout stream where it can; where it is
   * absent, the text goes to `stdout`. Commands print through `printOut`.
   */
  print?(text: string): void;
  /** Whether stdin / stdout / stderr are terminals (decides prompts, tables, progress bars). */
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The terminal's width in columns, when stdout is a terminal (help wraps to it; 80 when unknown). */
  columns?: number;
  /** The terminal's height in lines, when stdout is a terminal (a watch view fits it). */
  rows?: number;
}

/** Writes a command's text to stdout (its answer, help, a value): the one way output leaves as text. */
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
  /** The environment the command sees (BOXOFFICE_*, CI, BROWSER, NO_COLOR, proxies). */
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  /** Opens an address in the user's browser (`open`, or $BROWSER); tests inject their own. */
  openBrowser(url: string): Promise<void>;
  /** Aborted on Ctrl-C; long-running commands stop cleanly when it fires. */
  signal: AbortSignal;
  /** Replaces the process's command line as `ps` shows it (a secret was given as an argument). */
  hideArguments?(): void;
  /**
   * Told at each named step boundary of a command that changes the service. A test-only fault
   * hook: the process kills itself (SIGKILL) at the boundary named by BOXOFFICE_TEST_CRASH_AT.
   */
  crashPoint?(name: string): void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: abortableSleep,
};
