// `attendees export -o FILE` as users run it (the built CLI, a real sandbox): every check of the
// destination happens before the first request; an existing file is replaced only with --force;
// the extension and --format agree; a lock beside the output keeps a second export to the same
// file out; the files hold personal data and are created 0600.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilFile } from '../helpers/file-event.js';
import { NOBODY, runningAsRoot, startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let eventId: string;
let admin: { env: Record<string, string> };
beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  eventId = e2e.sandbox.seededEventIds[0];
  admin = { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } };
});
afterAll(async () => e2e?.close());

/** A fresh directory for one test, and what it holds afterwards. */
function workDirectory(name: string): { path: string; contents(): string[] } {
  const path = join(e2e.dir, name);
  mkdirSync(path, { recursive: true });
  return { path, contents: () => readdirSync(path).sort() };
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe.concurrent('attendees export -o: the destination is checked before the first request', { timeout: 120_000 }, () => {
  it('refuses -o DIR/ (a directory name) at once, leaving nothing behind', async () => {
    const work = workDirectory('slash');
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'out/'], { ...admin, cwd: work.path });
    expect(result.stderr).toBe('error: --output out/ is a directory; name a file in it, e.g. out/attendees.csv\n');
    expect(result.code).toBe(2);
    expect(work.contents()).toEqual([]);
  });

  it('refuses -o naming an existing directory', async () => {
    const work = workDirectory('existing-dir');
    mkdirSync(join(work.path, 'exports'));
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'exports'], { ...admin, cwd: work.path });
    expect(result.stderr).toMatch(/^error: --output exports is a directory; name a file in it/);
    expect(result.code).toBe(2);
    expect(work.contents()).toEqual(['exports']);
    expect(readdirSync(join(work.path, 'exports'))).toEqual([]);
  });

  it('refuses a missing parent directory, naming it and how to create it', async () => {
    const work = workDirectory('missing-parent');
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'missing/attendees.csv'], { ...admin, cwd: work.path });
    expect(result.stderr).toBe(`error: --output: the directory ${work.path}/missing does not exist; create it first (mkdir -p ${work.path}/missing)\n`);
    expect(result.code).toBe(2);
    expect(work.contents()).toEqual([]);
  });

  it('refuses a directory it cannot write in', async () => {
    const work = workDirectory('read-only');
    const configDir = join(e2e.dir, 'config-nobody');
    mkdirSync(configDir, { recursive: true });
    chmodSync(configDir, 0o777);
    chmodSync(work.path, 0o555);
    // Root may write anywhere: run the CLI as nobody then.
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'attendees.csv'], {
      env: { ...admin.env, BOXOFFICE_CONFIG_DIR: configDir },
      cwd: work.path,
      ...(runningAsRoot ? { uid: NOBODY } : {}),
    });
    expect(result.stderr).toBe(`error: --output attendees.csv: cannot write in ${work.path} (EACCES)\n`);
    expect(result.code).toBe(2);
    expect(work.contents()).toEqual([]);
  });

  it('refuses an existing output without --force (exit 2, one line), replaces it with --force, files 0600', async () => {
    const work = workDirectory('existing-file');
    const output = join(work.path, 'attendees.csv');
    writeFileSync(output, 'keep me\n');
    const refused = await e2e.run(['--no-input', 'attendees', 'export', eventId, '-o', output], admin);
    expect(refused.stderr).toBe(`error: --output ${output} exists; add --force to replace it, or choose another -o\n`);
    expect(refused.code).toBe(2);
    expect(readFileSync(output, 'utf8')).toBe('keep me\n');
    expect(work.contents()).toEqual(['attendees.csv']);

    const forced = await e2e.run(['attendees', 'export', eventId, '-o', output, '--force'], admin);
    expect(forced.stderr).toMatch(/^exported \d+ attendees from 1[23] orders/);
    expect(forced.code).toBe(0);
    expect(readFileSync(output, 'utf8')).toMatch(/^orderNo,purchaseDate,/);
    expect(work.contents()).toEqual(['attendees.csv']);
  });

  it('creates the output 0600', async () => {
    const work = workDirectory('private');
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'attendees.ndjson'], { ...admin, cwd: work.path });
    expect(result.code).toBe(0);
    expect(work.contents()).toEqual(['attendees.ndjson']);
    expect(mode(join(work.path, 'attendees.ndjson'))).toBe(0o600);
  });

  it('refuses an extension that contradicts --format, or names no format it writes', async () => {
    const work = workDirectory('extension');
    const xlsx = await e2e.run(['attendees', 'export', eventId, '-o', 'a.xlsx'], { ...admin, cwd: work.path });
    expect(xlsx.stderr).toBe(
      'error: --output a.xlsx: the extension .xlsx contradicts the format (csv, the default); write to a.csv, or choose --format csv|json|ndjson to match\n',
    );
    expect(xlsx.code).toBe(2);
    const json = await e2e.run(['attendees', 'export', eventId, '-o', 'a.json', '--format', 'csv'], { ...admin, cwd: work.path });
    expect(json.stderr).toBe(
      'error: --output a.json: the extension .json contradicts --format csv; write to a.csv, or choose --format csv|json|ndjson to match\n',
    );
    expect(json.code).toBe(2);
    expect(work.contents()).toEqual([]);
  });

  it('takes the format from .jsonl when --format is absent', async () => {
    const work = workDirectory('jsonl');
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'attendees.jsonl'], { ...admin, cwd: work.path });
    expect(result.code).toBe(0);
    const lines = readFileSync(join(work.path, 'attendees.jsonl'), 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0])).toHaveProperty('orderNo');
  });

  it('takes over the lock of an export whose process died', async () => {
    const work = workDirectory('stale-lock');
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    writeFileSync(join(work.path, 'attendees.csv.lock'), `${JSON.stringify({ pid: dead, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' })}\n`);
    const result = await e2e.run(['attendees', 'export', eventId, '-o', 'attendees.csv'], { ...admin, cwd: work.path });
    expect(result.stderr).toMatch(/^exported /);
    expect(result.code).toBe(0);
    expect(work.contents()).toEqual(['attendees.csv']);
  });
});

describe('two exports to the same -o at once', { timeout: 120_000 }, () => {
  let slow: E2e;
  beforeAll(async () => {
    // Every request takes 5 s here, so the first export is still running when the second starts,
    // even on a loaded machine.
    slow = await startE2e({ seed: 'demo', faults: 'rate=1,kinds=delay,delay=5s' });
  });
  afterAll(async () => slow?.close());

  it('the second refuses at once naming the running one (pid, host, start); the first finishes untouched; work files are 0600', async () => {
    const work = join(slow.dir, 'concurrent');
    mkdirSync(work);
    const output = join(work, 'attendees.csv');
    const env = { BOXOFFICE_TOKEN: slow.sandbox.tokens.admin };
    const lock = `${output}.lock`;
    let firstRunning = true;
    const first = slow.run(['attendees', 'export', slow.sandbox.seededEventIds[0], '-o', output, '--prefetch', '0'], { env }).finally(() => {
      firstRunning = false;
    });
    // Wait until the first run has its lock and work files, then start the second.
    const workFiles = [lock, `${output}.spool`, `${output}.orders.ndjson`];
    const lockPid = () => (JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid;
    await untilFile(lock, () => workFiles.every((file) => existsSync(file)) && lockPid() > 0);
    const firstPid = lockPid();
    const workModes = workFiles.map(mode);
    const refused = await slow.run(['attendees', 'export', slow.sandbox.seededEventIds[0], '-o', output], { env });
    expect(firstRunning).toBe(true); // refused at once: without waiting for the first to finish
    expect(refused.stderr).toMatch(
      new RegExp(
        `^error: --output ${output}: another export to this file is running \\(pid ${firstPid} on ${hostname()}, started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); wait for it to finish, or choose another -o\\n$`,
      ),
    );
    expect(refused.code).toBe(2);

    const finished = await first;
    expect(finished.stderr).toMatch(/^exported \d+ attendees from 1[23] orders/);
    expect(finished.code).toBe(0);
    expect(readdirSync(work)).toEqual(['attendees.csv']);
    expect(readFileSync(output, 'utf8').trimEnd().split('\n').length).toBeGreaterThan(12);
    expect(workModes).toEqual([0o600, 0o600, 0o600]);
    expect(mode(output)).toBe(0o600);
  });
});
