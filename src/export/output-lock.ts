// A lock beside an export's `-o FILE` (FILE.lock): two exports to the same file would write the
// same spool and checkpoint. The second refuses at once, naming the first; a lock whose process
// has died (a crash, kill -9) is taken over. Creating it is also the check that the directory is
// writable, before any request.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../client/errors.js';
import { PRIVATE_FILE_MODE } from './spool.js';

interface LockHolder {
  pid: number;
  startedAt: string;
}

export interface OutputLock {
  path: string;
  release(): void;
}

/** A lock file too fresh to hold its contents yet may be one being written right now. */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

export function lockPath(output: string): string {
  return `${output}.lock`;
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.startedAt === 'string' ? { pid: parsed.pid, startedAt: parsed.startedAt } : undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file; false when it exists already. */
function create(path: string, holder: LockHolder, output: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    throw new UsageError(`--output ${output}: cannot write in ${dirname(resolve(output))} (${code ?? (error as Error).message})`, '--output');
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function busy(output: string, holder: LockHolder | undefined, path: string): UsageError {
  const who = holder ? `pid ${holder.pid}, started ${holder.startedAt}` : `its lock ${path} is being written`;
  return new UsageError(`--output ${output}: another export to this file is running (${who}); wait for it to finish, or choose another -o`, '--output');
}

export function lockOutput(output: string, now: Date): OutputLock {
  const path = lockPath(output);
  const holder: LockHolder = { pid: process.pid, startedAt: now.toISOString() };
  if (!create(path, holder, output)) {
    const existing = readHolder(path);
    const writtenAt = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const alive = existing ? processAlive(existing.pid) : Date.now() - writtenAt < UNREADABLE_LOCK_GRACE_MS;
    if (alive) throw busy(output, existing, path);
    // Left by an export that died: take it over.
    rmSync(path, { force: true });
    if (!create(path, holder, output)) throw busy(output, readHolder(path), path);
  }
  return {
    path,
    release() {
      if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}
