// Attacks on the files of `attendees export -o FILE`, run against the built CLI as a process and
// a real sandbox: a symbolic link planted at each work file, -o a FIFO or a device with --force,
// a directory anyone may write to, and --resume against another service with the same event id.
// Nothing outside the export's own files may be written, replaced or re-moded.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { TEST_SANDBOX_SECRET } from '../helpers/sandbox-secret.js';
import { untilFile } from '../helpers/file-event.js';
import { nextRecordOf } from './fixtures.js';
import { seedAttendeeEvent, type SeededEvent } from './sandbox-seed.js';

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let sandbox: TestSandbox;
let event: SeededEvent;

function envFor(target: TestSandbox): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: 'true',
    BOXOFFICE_SANDBOX_SECRET: TEST_SANDBOX_SECRET,
    BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
    BOXOFFICE_API_URL: target.url,
    BOXOFFICE_PUBLISHER_URL: target.url,
    BOXOFFICE_AUTH_URL: target.url,
    BOXOFFICE_TOKEN: target.tokens.admin,
  };
}

function exportAs(args: string[], target: TestSandbox = sandbox): Promise<ProcessResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/boxoffice.js', 'attendees', 'export', ...args],
      { env: envFor(target), maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

/** A file someone else cares about: its content and mode must survive the export. */
function precious(name: string): { path: string; untouched(): void } {
  const path = join(dir, name);
  writeFileSync(path, 'not yours\n');
  chmodSync(path, 0o644);
  return {
    path,
    untouched: () => {
      expect(readFileSync(path, 'utf8')).toBe('not yours\n');
      expect(statSync(path).mode & 0o777).toBe(0o644);
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-files-'));
  sandbox = await startTestSandbox();
  event = seedAttendeeEvent(sandbox.db, { orders: 120 });
});

afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('work files are created, never followed', () => {
  it.each(['spool', 'partial', 'orders.ndjson', 'checkpoint.json.tmp', 'checkpoint.json'])(
    'refuses a symbolic link planted at FILE.%s, before any request, and leaves its target as it was',
    async (suffix) => {
      const target = precious(`target-${suffix}`);
      const file = join(dir, `linked-${suffix}.csv`);
      symlinkSync(target.path, `${file}.${suffix}`);
      const result = await exportAs([event.eventId, '-o', file]);
      expect(result.stderr).toContain(`${file}.${suffix} is a symbolic link`);
      expect(result.code).toBe(2);
      target.untouched();
      expect(lstatSync(`${file}.${suffix}`).isSymbolicLink()).toBe(true);
      expect(existsSync(file)).toBe(false);
    },
  );

  it('replaces a leftover work file of its own (a crash left FILE.partial): the export completes', async () => {
    const file = join(dir, 'leftover.csv');
    writeFileSync(`${file}.partial`, 'half a file');
    writeFileSync(`${file}.checkpoint.json.tmp`, '{');
    const result = await exportAs([event.eventId, '-o', file]);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^orderNo,/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(existsSync(`${file}.checkpoint.json.tmp`)).toBe(false);
  });

  it('refuses a directory any user may write to without the sticky bit', async () => {
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const result = await exportAs([event.eventId, '-o', join(open, 'a.csv')]);
    expect(result.stderr).toContain(`the directory ${open} is writable by every user and has no sticky bit`);
    expect(result.stderr).toContain(`chmod o-w ${open}`);
    expect(result.code).toBe(2);
    expect(existsSync(join(open, 'a.csv.lock'))).toBe(false);
    chmodSync(open, 0o1777);
    expect((await exportAs([event.eventId, '-o', join(open, 'a.csv')])).code).toBe(0);
  });
});

describe('the lock beside FILE', () => {
  it('takes over an empty FILE.lock (a crash between creating and writing it) once it is past the grace', async () => {
    const file = join(dir, 'empty-lock.csv');
    writeFileSync(`${file}.lock`, '');
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    utimesSync(`${file}.lock`, tenSecondsAgo, tenSecondsAgo);
    const result = await exportAs([event.eventId, '-o', file]);
    expect(result.stderr).not.toContain('another export to this file is running');
    expect(result.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('-o a FIFO or a device is written as a stream, never replaced', () => {
  it('writes the rows into a FIFO (with --force) and leaves the FIFO in place', async () => {
    const fifo = join(dir, 'rows.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A FIFO replaced by a file would leave the reader waiting for a writer for ever: the deadline kills it.
    const reader = spawn('cat', [fifo], { timeout: 30_000 });
    let received = '';
    reader.stdout.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const readerDone = new Promise((resolve) => reader.on('close', resolve));
    const result = await exportAs([event.eventId, '-o', fifo, '--force']);
    expect(result.code).toBe(0);
    await readerDone;
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(received.split('\n')[0]).toMatch(/^orderNo,purchaseDate,/);
    expect(received.trimEnd().split('\n')).toHaveLength(event.attendees + 1);
    expect(existsSync(`${fifo}.partial`) || existsSync(`${fifo}.lock`) || existsSync(`${fifo}.spool`)).toBe(false);
  });

  it('writes into a full device with --force: the write fails (exit 1), the device stays a device', async () => {
    // As root, a private copy of /dev/full (char 1,7): a broken build must not replace the real one.
    const device = process.getuid?.() === 0 ? join(dir, 'full') : '/dev/full';
    if (device !== '/dev/full') expect(spawnSync('mknod', [device, 'c', '1', '7']).status).toBe(0);
    const result = await exportAs([event.eventId, '-o', device, '--force']);
    expect(result.stderr).toMatch(/ENOSPC|no space left/i);
    expect(result.code).toBe(1);
    const stats = lstatSync(device);
    expect(stats.isCharacterDevice()).toBe(true);
    expect(stats.rdev).toBe(statSync('/dev/full').rdev);
    expect(existsSync(`${device}.partial`)).toBe(false);
  });

  it('refuses --resume to a FIFO (a stream keeps no checkpoint)', async () => {
    const fifo = join(dir, 'resume.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const result = await exportAs([event.eventId, '-o', fifo, '--resume']);
    expect(result.stderr).toContain('is a pipe or a device, written as a stream');
    expect(result.code).toBe(2);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});

describe('a checkpoint resumes only against the service and account it was written for', () => {
  it('refuses --resume against another sandbox whose event has the same id, and keeps the work files', async () => {
    // Every call held 60 ms, so the first export checkpoints before it is killed.
    const slow = await startTestSandbox({ faults: 'rate=1,kinds=delay,delay=60ms' });
    const other = await startTestSandbox();
    try {
      const slowEvent = seedAttendeeEvent(slow.db, { orders: 1_500 });
      const otherEvent = seedAttendeeEvent(other.db, { orders: 1_500 });
      expect(otherEvent.eventId).toBe(slowEvent.eventId);
      const file = join(dir, 'two-services.csv');
      const child = spawn(process.execPath, ['bin/boxoffice.js', 'attendees', 'export', slowEvent.eventId, '-o', file], { env: envFor(slow), stdio: 'ignore' });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await untilFile(`${file}.checkpoint.json`, (path) => nextRecordOf(path) >= 200);
      child.kill('SIGKILL');
      await exited;
      const spoolBefore = readFileSync(`${file}.spool`);

      const result = await exportAs([slowEvent.eventId, '-o', file, '--resume'], other);
      expect(result.stderr).toContain(`was written for the service at ${slow.url}, not this one (${other.url})`);
      expect(result.code).toBe(2);
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(`${file}.spool`).equals(spoolBefore)).toBe(true);

      const resumed = await exportAs([slowEvent.eventId, '-o', file, '--resume'], slow);
      expect(resumed.code).toBe(0);
      expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(slowEvent.attendees + 1);
    } finally {
      await slow.close();
      await other.close();
    }
  }, 90_000);
});
