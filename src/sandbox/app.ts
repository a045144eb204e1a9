// createApp: the sandbox as a Hono app, every route reading the injected SandboxContext (no module
// singletons). The order of registration matters: the guards of docs/sandbox-security.md see every
// request; the body limit and the extensions' middleware (the modes) wrap every route after them;
// the core routes come before the extensions' routes. Handlers throw SandboxError; onError answers it.
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { getPath } from 'hono/utils/url';
import type { SandboxDatabase } from './db/index.js';
import {
  systemSandboxClock,
  type AttendeeListOrder,
  type LimitsMode,
  type SandboxApp,
  type SandboxClock,
  type SandboxContext,
  type SandboxEnv,
  type SandboxExtension,
} from './context.js';
import { SandboxError, errorEnvelope } from './errors.js';
import { modesExtension } from './modes/index.js';
import { BOOKING_PATH, bookingExtension } from './routes/booking.js';
import { publisherExtension, QUESTIONS_ENDPOINT } from './routes/publisher.js';
import { seedExtension } from './seed.js';
import { registerOAuthRoutes } from './routes/oauth.js';
import { registerSandboxToolRoutes } from './routes/sandbox-tools.js';
import { registerWriteRoutes } from './routes/writes.js';
import { registerReadRoutes } from './routes/reads.js';
import { registerEventPageRoutes } from './routes/event-page.js';
import { refuseForeignHost } from './security/host.js';
import { addSecurityHeaders } from './security/response-headers.js';
import { refuseCrossSiteForms } from './security/cross-site.js';
import { SANDBOX_TOOLS_PATH, newSandboxSecret, requireSandboxSecret } from './security/sandbox-secret.js';
import { DEFAULT_FAILED_AUTH_POLICY, FailedAuthThrottle, slowFailedAuth, type FailedAuthPolicy } from './security/failed-auth.js';

export interface CreateAppOptions {
  db: SandboxDatabase;
  clock?: SandboxClock;
  limits?: LimitsMode;
  faults?: string;
  quirks?: boolean;
  listOrder?: AttendeeListOrder;
  holdTimeoutMs?: number;
  extensions?: SandboxExtension[];
  /** What /sandbox/* requires as its bearer value; a fresh random one by default. */
  secret?: string;
  /** Tests that fail sign-ins on purpose, hundreds of times, slow them less. */
  failedAuth?: Partial<FailedAuthPolicy>;
}

export interface SandboxAppHandle {
  app: SandboxApp;
  context: SandboxContext;
  extensions: readonly SandboxExtension[];
  secret: string;
  failedAuth: FailedAuthThrottle;
}

/** The parts registered after the core routes, in order. */
export function defaultExtensions(): SandboxExtension[] {
  return [modesExtension(), publisherExtension(), bookingExtension(), seedExtension()];
}

/** Sandbox tools authenticated by an organizer's access token instead of the sandbox secret. */
const TOOLS_TAKING_AN_ACCESS_TOKEN: ReadonlySet<string> = new Set([QUESTIONS_ENDPOINT]);

/** Form posts the service receives from other sites by design (see security/cross-site.ts). */
const CROSS_SITE_ENTRY_PATHS: ReadonlySet<string> = new Set([BOOKING_PATH]);

const DEFAULT_HOLD_TIMEOUT_MS = 30 * 60_000;
const MAX_BODY_BYTES = 1024 * 1024;

const bodyTooLarge = () => new SandboxError('E002', { description: `request body larger than ${MAX_BODY_BYTES} bytes`, httpStatus: 413 });

export function createApp(options: CreateAppOptions): SandboxAppHandle {
  const context: SandboxContext = {
    db: options.db,
    clock: options.clock ?? systemSandboxClock,
    limits: options.limits ?? 'none',
    faults: options.faults,
    quirks: options.quirks ?? false,
    // The live list was captured newest first: --quirks serves it so unless told otherwise.
    listOrder: options.listOrder ?? (options.quirks ? 'newest-first' : 'oldest-first'),
    holdTimeoutMs: options.holdTimeoutMs ?? DEFAULT_HOLD_TIMEOUT_MS,
  };
  const extensions = options.extensions ?? defaultExtensions();
  const secret = options.secret ?? newSandboxSecret();
  const failedAuth = new FailedAuthThrottle({ ...DEFAULT_FAILED_AUTH_POLICY, ...options.failedAuth }, () => Date.now());
  // The Publisher API under `/api` (where an integration platform's docs put it) is counted, failed
  // and reshaped as `/publisher/…` is.
  const app: SandboxApp = new Hono<SandboxEnv>({
    getPath: (request) => getPath(request).replace(/^\/api(?=\/publisher\/)/, ''),
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    const known = error instanceof SandboxError ? error : new SandboxError('E011', { description: 'internal sandbox failure; retry later', httpStatus: 500 });
    if (!(error instanceof SandboxError)) console.error('sandbox: unexpected error:', error);
    for (const [name, value] of Object.entries(known.headers)) c.header(name, value);
    return c.json(errorEnvelope(known), known.httpStatus as 400);
  });
  // Answered, not thrown: Hono calls this outside the routes' error handling, and a throw would
  // pass by the --quirks reshaping.
  app.notFound((c) => {
    const error = new SandboxError('NOT_FOUND', { description: `no such endpoint: ${c.req.method} ${c.req.path}` });
    return c.json(errorEnvelope(error), 404);
  });

  app.use('*', refuseForeignHost());
  app.use('*', slowFailedAuth(failedAuth));
  app.use('*', addSecurityHeaders());
  app.use('*', refuseCrossSiteForms(CROSS_SITE_ENTRY_PATHS));
  app.use(SANDBOX_TOOLS_PATH, requireSandboxSecret(secret, TOOLS_TAKING_AN_ACCESS_TOKEN));
  app.use('*', refuseOversizedBody);
  app.use('*', limitChunkedBody);
  for (const extension of extensions) extension.middleware?.(app, context);

  registerOAuthRoutes(app, context);
  registerSandboxToolRoutes(app, context);
  registerWriteRoutes(app, context);
  registerReadRoutes(app, context);
  registerEventPageRoutes(app, context);

  for (const extension of extensions) extension.routes?.(app, context);

  return { app, context, extensions, secret, failedAuth };
}

/** Reads at most this much of an oversized body before answering, so the client sees the answer. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A body declared over the limit is refused with E002 (413) after reading it: answering while the
 * client still sends makes the server close the connection, and the client sees a reset instead.
 */
const refuseOversizedBody: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const declared = Number(c.req.header('content-length'));
  if (!(declared > MAX_BODY_BYTES)) return next();
  const reader = c.req.raw.body?.getReader();
  let read = 0;
  while (reader && read <= DRAIN_LIMIT_BYTES) {
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (chunk.done) break;
    read += chunk.value.byteLength;
  }
  if (read > DRAIN_LIMIT_BYTES) await reader?.cancel().catch(() => undefined);
  throw bodyTooLarge();
};

const countChunkedBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw bodyTooLarge();
  },
});

/**
 * A chunked body (no declared length) is counted as it is read and refused past the limit. Only
 * then: hono's bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a whole
 * web Request (stream, abort signal, headers) for every request, a third of a small read's CPU.
 */
const limitChunkedBody: MiddlewareHandler<SandboxEnv> = (c, next) => (c.req.header('transfer-encoding') === undefined ? next() : countChunkedBody(c, next));

/** Runs the named data set (`sandbox start --seed NAME`) of whichever extension provides it; returns the new event ids. */
export async function runSeed(handle: SandboxAppHandle, name: string): Promise<string[]> {
  for (const extension of handle.extensions) {
    const seed = extension.seeds?.[name];
    if (seed) return seed(handle.context);
  }
  const known = handle.extensions.flatMap((extension) => Object.keys(extension.seeds ?? {}));
  throw new Error(`unknown seed "${name}"${known.length ? ` (known: ${known.join(', ')})` : ' (no seeds are installed)'}`);
}
