import { watch } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Resolves once `holds(path)` is true: checked now, then at every change the kernel reports in
 * `path`'s directory (inotify, no polling), so a test waits for the files a process writes rather
 * than for time to pass. A check that throws (a file half-written) counts as false. Fails after
 * `timeoutMs`.
 */
export function untilFile(path: string, holds: (path: string) => boolean, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(path));
    const deadline = AbortSignal.timeout(timeoutMs);
    const finish = (error?: Error): void => {
      watcher.close();
      deadline.removeEventListener('abort', giveUp);
      if (error) reject(error);
      else resolve();
    };
    const check = (): void => {
      let held = false;
      try {
        held = holds(path);
      } catch {
        held = false;
      }
      if (held) finish();
    };
    const giveUp = (): void => finish(new Error(`${path}: the awaited state never came within ${timeoutMs} ms`));
    deadline.addEventListener('abort', giveUp, { once: true });
    watcher.on('change', check);
    watcher.on('error', (error) => finish(error));
    check();
  });
}
