// The end-to-end layer runs what users run: `node bin/boxoffice.js` over the esbuild bundle in
// dist/, as a child process, against a real sandbox. Nothing here imports src/: the sandbox is
// started through test/helpers/sandbox.ts, everything else goes through the built CLI.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { organizerEnv, startTestSandbox, type TestSandbox, type TestSandboxOptions } from '../../helpers/sandbox.js';

export const ROOT = new URL('../../../', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin', 'boxoffice.js');
export const FAKE_BROWSER = join(ROOT, 'test', 'e2e', 'support', 'fake-browser.mjs');

function newestModification(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Refuses to test a bundle older than the sources: `npm test` builds first, so under it this
 * always holds; a stale dist/ would test code that is not the checkout's.
 */
function assertBundleIsFresh(): void {
  const bundle = join(ROOT, 'dist', 'cli.cjs');
  let built: number;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    throw new Error(`${bundle} is missing: run npm run build (npm test builds before testing)`);
  }
  const sources = Math.max(
    newestModification(join(ROOT, 'src')),
    ...['build.mjs', 'build-cli.mjs', 'build-options.mjs', 'build-loader.mjs', 'build-client.mjs'].map(
      (script) => statSync(join(ROOT, 'scripts', script)).mtimeMs,
    ),
  );
  if (sources > built) throw new Error(`dist/ is older than src/: run npm run build (npm test builds before testing)`);
}

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  cwd?: string;
  /** Run as another user (only when the tests run as root). */
  uid?: number;
  timeoutMs?: number;
  /** Sees stdout and stderr as they grow; may stop the process. */
  onOutput?: (output: { stdout: string; stderr: string }, kill: (signal: NodeJS.Signals) => void) => void;
}

/** The environment of the test process without anything that would steer the CLI. */
export function cleanEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('BOXOFFICE_') && !['CI', 'BROWSER'].includes(entry[0]),
    ),
  );
}

/** `node bin/boxoffice.js ARGV` with exactly `env` on top of a clean environment. */
export function runBuilt(argv: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const env = { ...cleanEnvironment(), ...options.env };
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd: options.cwd ?? ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // The deadline: a run still going then is killed.
      timeout: options.timeoutMs ?? 90_000,
      killSignal: 'SIGKILL',
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    });
    let stdout = '';
    let stderr = '';
    const kill = (signal: NodeJS.Signals) => child.kill(signal);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      options.onOutput?.({ stdout, stderr }, kill);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      options.onOutput?.({ stdout, stderr }, kill);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.on('error', () => {}); // a CLI that does not read stdin may close it first
    child.stdin.end(options.stdin ?? '');
  });
}

export interface E2e {
  sandbox: TestSandbox;
  /** A fresh directory for the files of this test file (removed on close). */
  dir: string;
  configDir: string;
  /** Points the CLI at the sandbox, with the organizer's token, publisher key, booking key and the sandbox's tool secret. */
  env: Record<string, string>;
  run(argv: readonly string[], options?: RunOptions): Promise<ProcessResult>;
  close(): Promise<void>;
}

export async function startE2e(options: TestSandboxOptions = {}): Promise<E2e> {
  assertBundleIsFresh();
  const sandbox = await startTestSandbox(options);
  const dir = mkdtempSync(join(tmpdir(), 'boxoffice-e2e-'));
  chmodSync(dir, 0o755);
  const configDir = join(dir, 'config');
  const env: Record<string, string> = {
    ...organizerEnv(sandbox, configDir),
    BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher,
    BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey,
    // What `boxoffice sandbox token|seed` send to the sandbox's own /sandbox/* tools.
    BOXOFFICE_SANDBOX_SECRET: sandbox.secret,
  };
  return {
    sandbox,
    dir,
    configDir,
    env,
    run: (argv, runOptions = {}) => runBuilt(argv, { cwd: dir, ...runOptions, env: { ...env, ...runOptions.env } }),
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The uid of `nobody`, to run a process that root's permissions do not cover. */
export const NOBODY = 65534;
export const runningAsRoot = process.getuid?.() === 0;
