// What every sandbox route and middleware receives: the injected effects and the modes.
import type { Hono } from 'hono';
import type { SandboxDatabase } from './db/index.js';
import type { Account } from './db/accounts.js';

export interface SandboxClock {
  now(): Date;
}

export const systemSandboxClock: SandboxClock = { now: () => new Date() };

/** `--limits`: none applies no quota; realistic applies the live service's. */
export type LimitsMode = 'none' | 'realistic';

export type AttendeeListOrder = 'oldest-first' | 'newest-first';

export interface SandboxContext {
  db: SandboxDatabase;
  clock: SandboxClock;
  limits: LimitsMode;
  /** The `--faults` spec as given (e.g. "rate=0.1,seed=7"); parsed by the faults mode. */
  faults: string | undefined;
  /** `--quirks`: serve the live service's odd shapes and its 0-based attendee-list counting. */
  quirks: boolean;
  /**
   * `--list-order`: which end of the attendee list new orders join. oldest-first (the default)
   * appends them; newest-first puts them at the head, as the live service's list was captured.
   */
  listOrder: AttendeeListOrder;
  /** How long an order that is not confirmed holds its tickets before it is failed and they are released. */
  holdTimeoutMs: number;
}

interface SandboxVariables {
  /** Set by requireAccessToken on the Event & Registration API routes. */
  account: Account;
}

export type SandboxEnv = { Variables: SandboxVariables };
export type SandboxApp = Hono<SandboxEnv>;

/**
 * A part of the sandbox registered from outside app.ts (the publisher and booking routes, the
 * modes, seeding). Each hook is optional; see the comment at the top of app.ts for the order.
 */
export interface SandboxExtension {
  name: string;
  /** Runs before any route is registered: middleware for every request (limits, faults, quirks). */
  middleware?(app: SandboxApp, context: SandboxContext): void;
  /** Registers routes (Publisher API, booking endpoints, sandbox-only endpoints). */
  routes?(app: SandboxApp, context: SandboxContext): void;
  /** Named data sets for `sandbox start --seed NAME`; returns the ids of the events created. */
  seeds?: Record<string, (context: SandboxContext) => Promise<string[]> | string[]>;
}
