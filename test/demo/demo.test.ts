// `npm start` (scripts/demo.mjs) as a process: it runs to completion against its own sandbox,
// leaves the attendee CSV with the expected attendees, and leaves nothing else behind, also
// when it is interrupted.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../helpers/csv.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAttendee } from '../../src/orders/attendee-data.js';

const root = new URL('../..', import.meta.url).pathname;
const directories: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  directories.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface DemoRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the demo; `onOutput` sees stdout as it grows and may signal the process. */
function runDemo(args: string[], env: Record<string, string>, onOutput?: (stdout: string, kill: (signal: NodeJS.Signals) => void) => void): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'demo.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env, BOXOFFICE_TOKEN: '', BOXOFFICE_PUBLISHER_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      onOutput?.(stdout, (signal) => child.kill(signal));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Whether anything accepts connections at the address. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('boxoffice-demo-'));

describe('npm start (the demo)', () => {
  it('runs a whole organizer session and leaves the attendee CSV', { timeout: 90_000 }, async () => {
    const out = tempDir('boxoffice-demo-test-out-');
    const tmp = tempDir('boxoffice-demo-test-tmp-');
    const run = await runDemo(['--out', out], { TMPDIR: tmp });
    expect(run.stderr).not.toContain('demo failed');
    expect(run.code).toBe(0);

    // Every step is shown as a command before its output.
    for (const command of ['sandbox start --port 0', 'event create', 'ticket add', 'discount add', 'order place', 'report', 'attendees export', 'insights']) {
      expect(run.stdout).toContain(`$ boxoffice ${command}`);
    }
    expect(run.stdout).toMatch(/:EARLYBIRD/);
    // One token does everything: the tour reads the attendee list with the organizer's own token.
    expect(run.stdout).not.toContain('--role admin');

    const csvPath = /The attendee list is at:\n(.+\.csv)\n/.exec(run.stdout)?.[1];
    expect(csvPath).toBeDefined();
    expect(csvPath?.startsWith(out)).toBe(true);
    expect(existsSync(csvPath as string)).toBe(true);
    const rows = csvRecords(readFileSync(csvPath as string, 'utf8'));
    const attendees = rows.map((row) => [row.attendeeName, row.attendeeEmail, row.ticketName]);
    const vipOrder = rows.find((row) => row.ticketName === 'VIP')?.orderNo as string;
    expect(attendees).toEqual([
      ['Asha Rao', 'asha.rao@example.com', 'General'],
      ['Ben Okafor', 'ben.okafor@example.com', 'General'],
      ['Chioma Mensah', 'chioma.mensah@example.com', 'General'],
      [fakeAttendee(vipOrder, 0).name, fakeAttendee(vipOrder, 0).email, 'VIP'],
      [fakeAttendee(vipOrder, 1).name, fakeAttendee(vipOrder, 1).email, 'VIP'],
    ]);

    // It ends with the demo event's insights page: its path is the last line printed.
    const pagePath = /The insights page \(open it in a browser\) is at:\n(.+\.html)\n$/.exec(run.stdout)?.[1];
    expect(pagePath?.startsWith(out)).toBe(true);
    const page = readFileSync(pagePath as string, 'utf8');
    expect(page).toContain('<h1>Boxoffice Demo Night</h1>');
    expect(page).toContain('<dt>orders</dt><dd>3</dd>');
    expect(page).toContain('<dt>attendees</dt><dd>5</dd>');

    // The sandbox is stopped and its temporary database and config are gone.
    const url = /listening on (http:\/\/\S+)/.exec(run.stdout)?.[1] as string;
    expect(await listening(url)).toBe(false);
    expect(leftovers(tmp)).toEqual([]);
  });

  it('stops the sandbox and cleans up when interrupted', { timeout: 60_000 }, async () => {
    const tmp = tempDir('boxoffice-demo-test-tmp-');
    let url = '';
    // No --out, as `npm start` is run: the CSV's own temporary directory must not be left either.
    const run = await runDemo([], { TMPDIR: tmp }, (stdout, kill) => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match && !url) {
        url = match[1] as string;
        kill('SIGINT');
      }
    });
    expect(url).not.toBe('');
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('demo interrupted; stopping the sandbox');
    expect(await listening(url)).toBe(false);
    expect(leftovers(tmp)).toEqual([]);
  });
});
