// The operating modes as one sandbox extension: its middleware wraps every route. Registration
// order matters: quirks outermost (it reshapes whatever the inner layers answer, errors
// included), then limits (a refused call draws no fault decision), then faults.
import { setTimeout as realSleep } from 'node:timers/promises';
import type { SandboxExtension } from '../context.js';
import { FaultInjector, faultMiddleware, parseFaultSpec } from './faults.js';
import { RateLimiter, limitsMiddleware } from './limits.js';
import { quirksMiddleware } from './quirks.js';

/** The service's APIs, which the modes act on: not OAuth pages or sandbox-only tools. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/publisher/');
}

export interface ModesExtensionOptions {
  /** How a `delay` fault waits; real time by default. */
  sleep?: (ms: number) => Promise<void>;
  /** The limiter of `--limits realistic` (to look at its bookkeeping); one on the context's clock by default. */
  rateLimiter?: RateLimiter;
}

export function modesExtension(options: ModesExtensionOptions = {}): SandboxExtension {
  return {
    name: 'modes',
    middleware(app, context) {
      if (context.quirks) app.use('*', quirksMiddleware());
      if (context.limits === 'realistic') {
        const limiter = options.rateLimiter ?? new RateLimiter({ now: () => context.clock.now().getTime() });
        app.use('*', limitsMiddleware(limiter));
      }
      const spec = context.faults === undefined ? undefined : parseFaultSpec(context.faults);
      if (spec) app.use('*', faultMiddleware(new FaultInjector(spec), options.sleep ?? realSleep));
    },
  };
}
