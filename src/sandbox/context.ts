// What every sandbox route and middleware receives: the injected effects and the modes.
import type { Hono } from 'hono';
import type { SandboxDatabase } from './db/index.js';
import type { Account } from './db/accounts.js';

export type SandboxClock = { now(): Date };

export const systemSandboxClock: SandboxClock = { now: () => new Date() };

export type LimitsMode = 'none' | 'realistic';

export type AttendeeListOrder = 'oldest-first' | 'newest-first';

export interface SandboxContext {
  db: SandboxDatabase;
  clock: SandboxClock;
  limits: LimitsMode;
  /** The `--faults` spec as given (e.g. "rate=0.1,seed=7"). */
  faults: string | undefined;
  quirks: boolean;
  /** Which end of the attendee list new orders join (newest-first: as the live service's list was captured). */
  listOrder: AttendeeListOrder;
  /** How long an order that is not confirmed holds its tickets before it is failed. */
  holdTimeoutMs: number;
}

/** `account`: set by the routes' authentication (access token, publisher key). */
export type SandboxEnv = { Variables: { account: Account } };
export type SandboxApp = Hono<SandboxEnv>;

/** A part of the sandbox registered by app.ts after its core: middleware, routes, named data sets (`--seed NAME`: the new event ids). */
export interface SandboxExtension {
  name: string;
  middleware?(app: SandboxApp, context: SandboxContext): void;
  routes?(app: SandboxApp, context: SandboxContext): void;
  seeds?: Record<string, (context: SandboxContext) => Promise<string[]> | string[]>;
}
