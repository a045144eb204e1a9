// What the CLI trusts on disk, run as a process: a config directory or file that another user
// could change is refused before any token is sent (a listener shows nothing arrives), an empty
// HOME never puts a token under the current directory, a secret can come from stdin, and the
// sandbox keeps its database owner-only.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const BIN = resolve('bin/boxoffice.js');
/** Another user: who could have swapped the file in. */
const OTHER_UID = 65534;
const STOLEN = 'token-for-the-other-users-listener';

let dir: string;
let listener: Server;
let listenerUrl: string;
const received: IncomingMessage[] = [];

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', ...extra };
  for (const name of [
    'BOXOFFICE_TOKEN',
    'BOXOFFICE_API_URL',
    'BOXOFFICE_PUBLISHER_URL',
    'BOXOFFICE_AUTH_URL',
    'BOXOFFICE_PROFILE',
    'XDG_CONFIG_HOME',
    'XDG_DATA_HOME',
  ]) {
    delete env[name];
  }
  return env;
}

function cli(args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string; stdin?: string } = {}): Promise<ProcessResult> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [BIN, ...args], { env, cwd: options.cwd }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin?.end(options.stdin ?? '');
  });
}

/** A config directory holding a config.json that sends the `local` profile to the listener. */
function plantedConfig(name: string): { directory: string; file: string } {
  const directory = join(dir, name);
  mkdirSync(directory, { mode: 0o700 });
  const file = join(directory, 'config.json');
  const profile = { apiUrl: listenerUrl, publisherUrl: listenerUrl, authUrl: listenerUrl, token: STOLEN };
  writeFileSync(file, JSON.stringify({ profiles: { local: profile } }), { mode: 0o600 });
  return { directory, file };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'config-trust-'));
  listener = createServer((request, response) => {
    received.push(request);
    response.setHeader('content-type', 'application/json');
    response.end('{"status":"success","events":[]}');
  });
  await new Promise<void>((ready) => listener.listen(0, '127.0.0.1', ready));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((closed) => listener.close(closed));
  await rm(dir, { recursive: true, force: true });
});

describe("the config is trusted only when it is the user's alone", () => {
  const canChown = process.getuid?.() === 0;

  it.skipIf(!canChown)('refuses a config directory of mode 0777 with a config.json another user swapped in, and sends nothing', async () => {
    const { directory, file } = plantedConfig('open-dir');
    chmodSync(directory, 0o777);
    chownSync(file, OTHER_UID, OTHER_UID);
    const result = await cli(['event', 'list'], cleanEnv({ BOXOFFICE_CONFIG_DIR: directory }));
    expect(result.stderr).toContain(`the config directory ${directory} is writable by every user (mode 0777)`);
    expect(result.stderr).toContain(`chmod 700 ${directory}`);
    expect(result.stderr).not.toContain(STOLEN);
    expect(result.code).toBe(2);
    expect(received).toHaveLength(0);
  });

  it.skipIf(!canChown)("refuses a config.json that belongs to another user, in a directory of the user's", async () => {
    const { directory, file } = plantedConfig('foreign-file');
    chownSync(file, OTHER_UID, OTHER_UID);
    const result = await cli(['event', 'list'], cleanEnv({ BOXOFFICE_CONFIG_DIR: directory }));
    expect(result.stderr).toContain(`the config file ${file} belongs to another user (uid ${OTHER_UID})`);
    expect(result.code).toBe(2);
    expect(received).toHaveLength(0);
  });

  it('refuses a config.json its group or others may write, naming the chmod to run', async () => {
    const { directory, file } = plantedConfig('group-writable');
    chmodSync(file, 0o664);
    const result = await cli(['event', 'list'], cleanEnv({ BOXOFFICE_CONFIG_DIR: directory }));
    expect(result.stderr).toContain(`the config file ${file} is writable by its group (mode 0664)`);
    expect(result.stderr).toContain(`chmod 600 ${file}`);
    expect(result.code).toBe(2);
    expect(received).toHaveLength(0);
    chmodSync(file, 0o600);
    const trusted = await cli(['event', 'list'], cleanEnv({ BOXOFFICE_CONFIG_DIR: directory }));
    expect(trusted.code).toBe(0);
    expect(received.length).toBeGreaterThan(0);
    received.length = 0;
  });
});

describe('no token is written under the current directory', () => {
  it('HOME="" is refused with a clear error, and nothing appears in the working directory', async () => {
    const cwd = join(dir, 'cwd');
    mkdirSync(cwd);
    const result = await cli(['config', 'set', 'token', '-'], cleanEnv({ HOME: '' }), { cwd, stdin: 'a-token-from-stdin\n' });
    expect(result.stderr).toContain('HOME gives the relative directory');
    expect(result.stderr).toContain('set HOME to an absolute directory');
    expect(result.code).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
    const start = await cli(['sandbox', 'start', '--port', '0'], cleanEnv({ HOME: '' }), { cwd });
    expect(start.code).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('config set KEY - reads the secret from stdin, so it is never in argv', async () => {
    const directory = join(dir, 'stdin-config');
    const env = cleanEnv({ BOXOFFICE_CONFIG_DIR: directory });
    const set = await cli(['--profile', 'live', 'config', 'set', 'clientSecret', '-'], env, { stdin: 'secret-from-stdin\n' });
    expect(set.code).toBe(0);
    expect((await cli(['--profile', 'live', 'config', 'get', 'clientSecret'], env)).stdout).toBe('secret-from-stdin\n');
    expect(statSync(join(directory, 'config.json')).mode & 0o777).toBe(0o600);
    const empty = await cli(['--profile', 'live', 'config', 'set', 'clientSecret', '-'], env, { stdin: '' });
    expect(empty.stderr).toContain('VALUE -: nothing on stdin');
    expect(empty.code).toBe(2);
  });
});

describe('the sandbox keeps its database to its user', () => {
  it('creates the data directory 0700 and the database 0600, and tightens ones an older version left open', async () => {
    const data = join(dir, 'data');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'sandbox.db'), '', { mode: 0o644 });
    chmodSync(join(data, 'sandbox.db'), 0o644);
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0'], { env: cleanEnv({ BOXOFFICE_DATA_DIR: data }) });
    try {
      await new Promise<void>((ready, failed) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && ready());
        child.on('exit', (code) => failed(new Error(`sandbox start exited ${code}`)));
      });
      expect(statSync(data).mode & 0o777).toBe(0o700);
      for (const file of ['sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm']) {
        if (existsSync(join(data, file))) expect(statSync(join(data, file)).mode & 0o777, file).toBe(0o600);
      }
      expect(existsSync(join(data, 'sandbox.db-wal'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((exited) => child.once('exit', exited));
    }
  }, 30_000);

  it('gives a database file named with --db mode 0600 and its new directory 0700', async () => {
    const db = join(dir, 'elsewhere', 'nested', 'box.db');
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--db', db], { env: cleanEnv({ BOXOFFICE_DATA_DIR: join(dir, 'data2') }) });
    try {
      await new Promise<void>((ready) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && ready()));
      expect(statSync(join(dir, 'elsewhere', 'nested')).mode & 0o777).toBe(0o700);
      expect(statSync(db).mode & 0o777).toBe(0o600);
    } finally {
      child.kill('SIGTERM');
      await new Promise((exited) => child.once('exit', exited));
    }
  }, 30_000);
});
