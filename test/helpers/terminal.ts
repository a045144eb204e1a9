// The built CLI on a real terminal, seen as a person sees it: `node bin/boxoffice.js` runs in a
// pseudo-terminal (python3's pty module owns it: test/helpers/pty-host.py), TERM=xterm-256color,
// colour on, and its output is rendered by a terminal emulator (@xterm/headless), so tests read
// the screen (wrapped lines, redraws, cursor moves) rather than the raw bytes.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import xterm from '@xterm/headless';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin', 'boxoffice.js');
const HOST = join(ROOT, 'test', 'helpers', 'pty-host.py');

export interface TerminalOptions {
  columns?: number;
  rows?: number;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Kills the CLI after this long (a test that waits on a screen that never comes). */
  timeoutMs?: number;
  /** Runs this program with `argv` instead of the built CLI (a shell, to test completion). */
  program?: string;
}

interface ScreenLine {
  text: string;
  /** The line continues the one above: the terminal wrapped it. */
  wrapped: boolean;
}

/** Text the screen shows, or a check of the session run as each output is rendered. */
type ScreenCondition = string | RegExp | ((screen: string) => boolean);

export interface TerminalSession {
  /** Types into the terminal (keys as bytes: '\r' is Enter, '\x03' Ctrl-C, '\x1b[B' arrow down). */
  type(text: string): void;
  /** Every line the terminal holds, scrollback included, as rendered (trailing blanks trimmed). */
  lines(): ScreenLine[];
  /** The visible window: `rows` lines. */
  viewport(): string[];
  /** The whole rendered text, scrollback included, a line the terminal wrapped joined back to the one it continues. */
  text(): string;
  /** Resolves once the rendered screen contains `what`, or `what(screen)` holds (checked as each output is rendered). */
  waitFor(what: ScreenCondition, timeoutMs?: number): Promise<void>;
  /** Resolves when the CLI has exited, with its status; all its output rendered. */
  exit: Promise<number>;
  /** The raw bytes the CLI wrote (for colour checks the rendered text cannot show). */
  raw(): string;
  kill(): void;
  /** Sends SIGINT to the CLI (as `kill -INT` does; a typed '\x03' is a key while a prompt reads raw keys). */
  interrupt(): void;
}

/** Terminal colour and size of a person's terminal; the CLI's environment otherwise as given. */
function terminalEnvironment(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('BOXOFFICE_') && !['CI', 'BROWSER', 'NO_COLOR', 'FORCE_COLOR', 'COLUMNS', 'LINES'].includes(name)) env[name] = value;
  }
  Object.assign(env, { TERM: 'xterm-256color', COLORTERM: 'truecolor' }, extra);
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Runs `boxoffice ARGV` (the built bundle) in a pseudo-terminal of `columns` x `rows`. */
export function runInTerminal(argv: readonly string[], options: TerminalOptions = {}): TerminalSession {
  const columns = options.columns ?? 80;
  const rows = options.rows ?? 30;
  const terminal = new xterm.Terminal({ cols: columns, rows, scrollback: 5000, allowProposedApi: true });
  const command = options.program === undefined ? [process.execPath, BIN] : [options.program];
  const child = spawn('python3', [HOST, String(columns), String(rows), ...command, ...argv], {
    cwd: options.cwd ?? ROOT,
    env: terminalEnvironment(options.env ?? {}),
    stdio: ['pipe', 'pipe', 'inherit'],
    // The deadline: a session still running then is killed.
    timeout: options.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
  });
  // The terminal's own answers (cursor position reports) go back to the program, as a real one's do.
  terminal.onData((data) => {
    if (!child.stdin.destroyed) child.stdin.write(data);
  });
  let raw = '';
  let pending = Promise.resolve();
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    raw += text;
    pending = pending
      .then(() => new Promise<void>((resolve) => terminal.write(text, resolve)))
      .then(() => {
        for (const listener of listeners) listener();
      });
  });
  const exit = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      void pending.then(() => resolve(code ?? 128 + (signal === 'SIGKILL' ? 9 : 15)));
    });
  });
  child.stdin.on('error', () => {});

  const lines = (): ScreenLine[] => {
    const buffer = terminal.buffer.active;
    const result: ScreenLine[] = [];
    for (let index = 0; index < buffer.length; index += 1) {
      const line = buffer.getLine(index);
      if (line) result.push({ text: line.translateToString(true), wrapped: line.isWrapped });
    }
    while (result.length > 0 && result[result.length - 1].text === '') result.pop();
    return result;
  };
  const viewport = (): string[] => {
    const buffer = terminal.buffer.active;
    const result: string[] = [];
    for (let index = buffer.viewportY; index < buffer.viewportY + rows; index += 1) result.push(buffer.getLine(index)?.translateToString(true) ?? '');
    return result;
  };
  const text = (): string => {
    const joined: string[] = [];
    for (const line of lines()) {
      if (line.wrapped && joined.length > 0) joined[joined.length - 1] += line.text;
      else joined.push(line.text);
    }
    return joined.join('\n');
  };
  const matches = (what: ScreenCondition): boolean =>
    typeof what === 'string' ? text().includes(what) : what instanceof RegExp ? what.test(text()) : what(text());

  return {
    type: (keys) => child.stdin.write(keys),
    lines,
    viewport,
    text,
    raw: () => raw,
    exit,
    kill: () => child.kill('SIGKILL'),
    interrupt: () => child.kill('SIGINT'),
    waitFor: (what, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (!matches(what)) return;
          cleanup();
          resolve();
        };
        const deadline = AbortSignal.timeout(timeoutMs);
        const giveUp = (): void => {
          cleanup();
          child.kill('SIGKILL');
          reject(new Error(`the screen never showed ${String(what)}; it shows:\n${text()}`));
        };
        deadline.addEventListener('abort', giveUp, { once: true });
        const onExit = (): void => {
          if (matches(what)) {
            check();
            return;
          }
          cleanup();
          reject(new Error(`the CLI exited before the screen showed ${String(what)}; it shows:\n${text()}`));
        };
        const cleanup = (): void => {
          deadline.removeEventListener('abort', giveUp);
          listeners.delete(check);
        };
        listeners.add(check);
        void exit.then(onExit, onExit);
        check();
      }),
  };
}

/** The rendered lines that the terminal had to wrap (wider than its columns). */
export function wrappedLines(session: TerminalSession): string[] {
  const all = session.lines();
  return all.flatMap((line, index) => (line.wrapped ? [`${all[index - 1]?.text ?? ''}⏎${line.text}`] : []));
}
