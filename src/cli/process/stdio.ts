// The real process's standard streams, touched as little as a command allows: building
// process.stdout loads Node's streams (net, tty or fs), an eighth of `node -e 0` on Node 24, which
// `--help` and the commands that send nothing need not pay.
import { fstatSync, statSync, writeSync } from 'node:fs';

/** node:tty loads net and the streams; a file, pipe or socket, or /dev/null (cron, CI, hyperfine), is known from its status alone. */
export function isTerminal(fd: number): boolean {
  if (process.platform !== 'win32') {
    let status: ReturnType<typeof fstatSync>;
    try {
      status = fstatSync(fd);
    } catch {
      return false; // closed (`<&-`)
    }
    // No /dev/null in a bare chroot or container.
    if (!status.isCharacterDevice() || status.rdev === statSync('/dev/null', { throwIfNoEntry: false })?.rdev) return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}

export type ProcessStdout = ReturnType<typeof processStdout>;

/** `boxoffice event list | head -1`: the reader went away (EPIPE); stop quietly, as Unix tools do. */
function exitIfReaderGone(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
}

export function processStdout() {
  let stream: NodeJS.WriteStream | undefined;
  const opened = (): NodeJS.WriteStream => {
    if (stream === undefined) {
      stream = process.stdout;
      stream.on('error', exitIfReaderGone);
    }
    return stream;
  };
  return {
    stream: opened,
    // In order with what went through `stream()`: straight to the descriptor until the stream exists (on Windows, always
    // through it); a full non-blocking pipe hands the rest to the stream.
    print(text: string): void {
      if (stream !== undefined || process.platform === 'win32') {
        opened().write(text);
        return;
      }
      const bytes = Buffer.from(text, 'utf8');
      let offset = 0;
      try {
        while (offset < bytes.length) offset += writeSync(1, bytes, offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') exitIfReaderGone(error as NodeJS.ErrnoException);
        opened().write(bytes.subarray(offset));
      }
    },
  };
}
