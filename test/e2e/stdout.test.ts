// What the built CLI writes on stdout reaches it whole however stdout is attached: a pipe nobody
// reads yet, left non-blocking by whoever made it (as Node parents and some shells do); a pipe
// whose reader went away (`| head -1`); a file. Text goes straight to the descriptor until Node's
// stdout stream exists (src/cli/process/stdio.ts), so each of these is its own path.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const BIN = join(root, 'bin/boxoffice.js');
const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-stdout-'));
const env = { PATH: process.env.PATH ?? '', BOXOFFICE_CONFIG_DIR: scratch, XDG_CACHE_HOME: scratch };
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Longer than a pipe holds (64 KiB on Linux), so that a pipe nobody reads fills up.
const LONG = ['completion', 'fish'];

/**
 * Runs the CLI with stdout a pipe made by Python: `nonBlocking` sets O_NONBLOCK on its write end
 * and reads nothing until the pipe is full to within a page (a write finds it full, EAGAIN);
 * `readerGone` closes the read end before the CLI writes (EPIPE). Prints a JSON summary.
 */
function throughPipe(args: string[], mode: 'nonBlocking' | 'readerGone'): { code: number; stdout: string; stderr: string } {
  const script = `
import array, fcntl, json, os, subprocess, sys, termios, time
r, w = os.pipe()
mode = sys.argv[1]
if mode == 'nonBlocking':
    os.set_blocking(w, False)
if mode == 'readerGone':
    os.close(r)
child = subprocess.Popen(sys.argv[2:], stdout=w, stderr=subprocess.PIPE)
os.close(w)
data = b''
if mode == 'nonBlocking':
    capacity = fcntl.fcntl(r, 1032)  # F_GETPIPE_SZ
    deadline = time.monotonic() + 20
    buffered = array.array('i', [0])
    while child.poll() is None and time.monotonic() < deadline:
        fcntl.ioctl(r, termios.FIONREAD, buffered)
        if buffered[0] > capacity - 4096:
            break
        time.sleep(0.005)  # timer under test: a slow reader; nothing announces a full pipe, so its fill level is polled
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
stderr = child.stderr.read()
print(json.dumps({'code': child.wait(), 'stdout': data.decode(), 'stderr': stderr.decode()}))
`;
  const run = spawnSync('python3', ['-c', script, mode, process.execPath, BIN, ...args], { encoding: 'utf8', env, timeout: 30_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { code: number; stdout: string; stderr: string };
}

describe('stdout of the built CLI', { timeout: 60_000 }, () => {
  const expected = execFileSync(process.execPath, [BIN, ...LONG], { encoding: 'utf8', env });

  it('prints more than a pipe holds', () => {
    expect(expected.length).toBeGreaterThan(64 * 1024);
  });

  it('writes everything to a full non-blocking pipe, in order', () => {
    const result = throughPipe(LONG, 'nonBlocking');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(expected);
  });

  it('ends quietly, with 0, when the reader went away', () => {
    for (const args of [LONG, ['--help'], ['--version']]) {
      const result = throughPipe(args, 'readerGone');
      expect(result, args.join(' ')).toEqual({ code: 0, stdout: '', stderr: '' });
    }
  });

  it('writes to a file', () => {
    const file = join(scratch, 'out.fish');
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${LONG.join(' ')} > "${file}"`], { encoding: 'utf8', env });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
