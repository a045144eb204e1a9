// Starts a real sandbox on an ephemeral loopback port with its own database, and hands out the
// tokens tests need. useTestSandbox() starts and closes one around a file or describe block;
// startTestSandbox() is for tests that close it themselves. Its /sandbox/* secret is
// TEST_SANDBOX_SECRET, which `boxoffice sandbox token|seed` run by the tests find in
// BOXOFFICE_SANDBOX_SECRET.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { AttendeeListOrder, SandboxClock, LimitsMode, SandboxExtension } from '../../src/sandbox/context.js';
import type { SandboxDatabase } from '../../src/sandbox/db/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { mintForRole, type SandboxTokenRole } from '../../src/sandbox/routes/sandbox-tools.js';
import type { FailedAuthPolicy } from '../../src/sandbox/security/failed-auth.js';
import { TEST_SANDBOX_SECRET } from './sandbox-secret.js';

export interface TestSandboxOptions {
  clock?: SandboxClock;
  limits?: LimitsMode;
  faults?: string;
  quirks?: boolean;
  listOrder?: AttendeeListOrder;
  holdTimeoutMs?: number;
  extensions?: SandboxExtension[];
  /** A database file in a fresh temp directory instead of ':memory:'. */
  fileDatabase?: boolean;
  seed?: string;
  /** Default TEST_SANDBOX_SECRET. */
  secret?: string;
  /** Changes to the slowdown of failed sign-ins, for tests that fail on purpose hundreds of times. */
  failedAuth?: Partial<FailedAuthPolicy>;
  /** Time allowed to receive a whole request (default 30 s). */
  requestDeadlineMs?: number;
}

export interface TestSandbox {
  url: string;
  /** The bearer value of /sandbox/token and /sandbox/seed. */
  secret: string;
  tokens: { organizer: string; admin: string; publisher: string; bookingKey: string };
  /** A fresh value as `boxoffice sandbox token --role ROLE [--account EMAIL]` prints it. */
  mintToken(role: SandboxTokenRole, account?: string): string;
  db: SandboxDatabase;
  /** The event ids the named seed created. */
  seededEventIds: string[];
  close(): Promise<void>;
}

/** The environment that points the CLI at this sandbox as its organizer, with its own config directory. */
export function organizerEnv(sandbox: Pick<TestSandbox, 'url' | 'tokens'>, configDir: string): Record<string, string> {
  return {
    BOXOFFICE_CONFIG_DIR: configDir,
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_TOKEN: sandbox.tokens.organizer,
  };
}

export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const directory = options.fileDatabase ? mkdtempSync(join(tmpdir(), 'boxoffice-sandbox-')) : undefined;
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    dbPath: directory ? join(directory, 'sandbox.db') : ':memory:',
    clock: options.clock,
    limits: options.limits,
    faults: options.faults,
    quirks: options.quirks,
    listOrder: options.listOrder,
    holdTimeoutMs: options.holdTimeoutMs,
    extensions: options.extensions,
    seed: options.seed,
    secret: options.secret ?? TEST_SANDBOX_SECRET,
    failedAuth: options.failedAuth,
    requestDeadlineMs: options.requestDeadlineMs,
  });
  const mintToken = (role: SandboxTokenRole, account?: string) => mintForRole(sandbox.handle.context, role, account).value;
  return {
    url: sandbox.url,
    secret: sandbox.secret,
    tokens: {
      organizer: mintToken('organizer'),
      admin: mintToken('admin'),
      publisher: mintToken('publisher'),
      bookingKey: mintToken('booking'),
    },
    mintToken,
    db: sandbox.db,
    seededEventIds: sandbox.seededEventIds,
    close: async () => {
      await sandbox.close();
      if (directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A sandbox for the enclosing file or describe block: started in its beforeAll, closed in its
 * afterAll. The handle reads the running sandbox, so it can be captured at collection time and
 * used inside tests and later hooks.
 */
export function useTestSandbox(options: TestSandboxOptions = {}): TestSandbox {
  let started: TestSandbox | undefined;
  beforeAll(async () => {
    started = await startTestSandbox(options);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  const running = (): TestSandbox => {
    if (!started) throw new Error('useTestSandbox: the sandbox runs only between its beforeAll and afterAll');
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get secret() {
      return running().secret;
    },
    get tokens() {
      return running().tokens;
    },
    mintToken: (role, account) => running().mintToken(role, account),
    get db() {
      return running().db;
    },
    get seededEventIds() {
      return running().seededEventIds;
    },
    close: async () => {
      await started?.close();
      started = undefined;
    },
  };
}
