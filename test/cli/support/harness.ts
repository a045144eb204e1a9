// A real sandbox on an ephemeral port that records every request it receives, a fresh config
// directory, and ways to run the CLI against both: in-process (injected streams) or as a process.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultExtensions } from '../../../src/sandbox/app.js';
import type { SandboxExtension } from '../../../src/sandbox/context.js';
import { runInProcess, type RunOptions, type RunResult } from '../../helpers/cli.js';
import { organizerEnv, startTestSandbox, type TestSandbox, type TestSandboxOptions } from '../../helpers/sandbox.js';

export interface Harness {
  sandbox: TestSandbox;
  configDir: string;
  /** Every request the sandbox received, as "METHOD /path". */
  requests: string[];
  /** Environment pointing the CLI at the sandbox, with the organizer's token in BOXOFFICE_TOKEN. */
  env: Record<string, string>;
  run(argv: string[], options?: RunOptions): Promise<RunResult>;
  /** Runs `node bin/boxoffice.js` (the bundle: build first). */
  runProcess(argv: string[], options?: { env?: Record<string, string | undefined>; stdin?: string }): Promise<RunResult>;
  close(): Promise<void>;
}

export async function startHarness(options: TestSandboxOptions = {}): Promise<Harness> {
  const requests: string[] = [];
  const recorder: SandboxExtension = {
    name: 'request-recorder',
    middleware(app) {
      app.use('*', async (c, next) => {
        requests.push(`${c.req.method} ${c.req.path}`);
        await next();
      });
    },
  };
  const sandbox = await startTestSandbox({ ...options, extensions: [recorder, ...(options.extensions ?? defaultExtensions())] });
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-cli-'));
  const env: Record<string, string> = {
    ...organizerEnv(sandbox, configDir),
    BOXOFFICE_SANDBOX_SECRET: sandbox.secret,
  };
  return {
    sandbox,
    configDir,
    requests,
    env,
    run: (argv, runOptions = {}) => runInProcess(argv, { ...runOptions, env: { ...env, ...runOptions.env } }),
    runProcess: (argv, processOptions = {}) => runProcess(argv, { ...env, ...processOptions.env }, processOptions.stdin),
    close: async () => {
      await sandbox.close();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

function runProcess(argv: string[], env: Record<string, string | undefined>, stdin?: string): Promise<RunResult> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BOXOFFICE_') && name !== 'CI'));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['bin/boxoffice.js', ...argv],
      { env: { ...inherited, ...env }, cwd: new URL('../../../', import.meta.url).pathname },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin ?? '');
  });
}

/** Event parameters that E1 accepts, dated well in the future. */
export function eventFlags(overrides: Record<string, string> = {}): string[] {
  const values: Record<string, string> = {
    'event-type': 'public',
    type: 'ticketing',
    'event-title': 'Spring Gala',
    url: `spring-gala-${Math.random().toString(36).slice(2, 8)}`,
    segment: 'entertainment',
    category: 'music',
    'start-date': '2030-05-01',
    'end-date': '2030-05-02',
    'start-time': '18:00',
    'end-time': '23:00',
    'about-event': '<p>An evening of music</p>',
    'listing-image': 'https://img.example/listing.png',
    'header-image': 'https://img.example/header.png',
    'contact-info': 'hello@gala.example',
    ...overrides,
  };
  return Object.entries(values).flatMap(([flag, value]) => [`--${flag}`, value]);
}
