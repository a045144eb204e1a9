// startSandbox: the sandbox on a real HTTP server (@hono/node-server), bound to loopback.
// Node's own request timeout is the body deadline: a request (headers and body) not received in
// full within `requestDeadlineMs` is answered 408 and its connection closed.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, runSeed, type CreateAppOptions, type SandboxAppHandle } from './app.js';
import { openDatabase, type SandboxDatabase } from './db/index.js';
import { SANDBOX_DEFAULT_PORT } from './fixtures.js';
import { acceptSpacedHeaderNames } from './lenient-head.js';

export interface StartSandboxOptions extends Omit<CreateAppOptions, 'db'> {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** A database file, or ':memory:'. */
  dbPath: string;
  /** A named data set to load once the server is up (`--seed demo`). */
  seed?: string;
  /** Time allowed to receive a whole request, body included. */
  requestDeadlineMs?: number;
}

export const REQUEST_DEADLINE_MS = 30_000;

export interface RunningSandbox {
  url: string;
  port: number;
  db: SandboxDatabase;
  handle: SandboxAppHandle;
  /** The bearer value /sandbox/* requires. */
  secret: string;
  server: Server;
  seededEventIds: string[];
  close(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const db = openDatabase({ path: options.dbPath, now: options.clock?.now() });
  const deadline = options.requestDeadlineMs ?? REQUEST_DEADLINE_MS;
  let handle: SandboxAppHandle;
  let server: Server;
  try {
    handle = createApp({ ...options, db });
    server = await listen(handle, options.port ?? SANDBOX_DEFAULT_PORT, host, deadline, options.quirks === true);
  } catch (error) {
    db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    db.close();
  };
  let seededEventIds: string[] = [];
  if (options.seed) {
    try {
      seededEventIds = await runSeed(handle, options.seed);
    } catch (error) {
      await close();
      throw error;
    }
  }
  return { url: `http://${urlHost}:${port}`, port, db, handle, secret: handle.secret, server, seededEventIds, close };
}

function listen(handle: SandboxAppHandle, port: number, hostname: string, deadlineMs: number, quirks: boolean): Promise<Server> {
  const serverOptions = {
    requestTimeout: deadlineMs,
    headersTimeout: Math.min(deadlineMs, 60_000),
    // Node checks the deadlines on this interval (30 s by default, which would double ours).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(deadlineMs / 4))),
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: handle.app.fetch, port, hostname, serverOptions }) as Server;
    // The reference's header is `Authorization: Bearer`; the old library's spaced one is live-like.
    if (quirks) acceptSpacedHeaderNames(server);
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
