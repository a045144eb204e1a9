// A lock beside an export's `-o FILE` (FILE.lock), the same kind apply keeps beside its state
// file (src/util/file-lock.ts): two exports to the same file would write the same spool and
// checkpoint. The second refuses at once, naming the first; a lock whose process has died (a
// crash, kill -9), or left empty by a crash before its holder was written, is taken over.
// Creating it is also the check that the directory is writable, before any request.
import { dirname, resolve } from 'node:path';
import { describeHolder, lockPathFor, tryLock, type FileLock } from '../util/file-lock.js';
import { UsageError } from '../client/errors.js';

/** `now`: the clock an unreadable lock's grace is judged by. */
export async function lockOutput(output: string, now: () => number): Promise<FileLock> {
  let attempt: Awaited<ReturnType<typeof tryLock>>;
  try {
    attempt = await tryLock(lockPathFor(output), undefined, now);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--output ${output}: cannot write in ${dirname(resolve(output))} (${reason})`, '--output');
  }
  if (attempt.acquired) return attempt.lock;
  throw new UsageError(
    `--output ${output}: another export to this file is running (${describeHolder(attempt.holder)}); wait for it to finish, or choose another -o`,
    '--output',
  );
}
