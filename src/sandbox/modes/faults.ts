// `sandbox start --faults SPEC`: reproducible failure injection, with the grammar and the kinds of
// docs/sandbox.md ("Operating modes"). One decision is drawn per API request, in arrival order,
// from a seeded generator: the same seed and the same request sequence give the same faults.
import type { MiddlewareHandler } from 'hono';
import { SandboxError } from '../errors.js';
import { requestSocket } from '../security/host.js';
import { isApiPath } from './index.js';

const FAULT_KINDS = ['E011', 'T005', '503', 'reset', 'delay'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  rate: number;
  kinds: FaultKind[];
  delayMs: number;
  seed: number;
}

const MAX_DELAY_MS = 60_000;

/** A --faults value that does not follow the grammar; `field` names the offending key. */
export class FaultSpecError extends Error {
  override name = 'FaultSpecError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export function parseFaultDelay(text: string, field: string): number {
  const match = /^(\d+)(ms|s)$/.exec(text.trim());
  if (!match) throw new FaultSpecError(field, `expected a duration like 200ms or 2s, got "${text}"`);
  const ms = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
  if (ms > MAX_DELAY_MS) throw new FaultSpecError(field, `at most ${MAX_DELAY_MS / 1000}s`);
  return ms;
}

/** Each key's parser: the part of the spec the key's value sets. */
const KEY_PARSERS: Readonly<Record<string, (value: string) => Partial<FaultSpec>>> = {
  rate(value) {
    if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(value)) throw new FaultSpecError('rate', `expected a fraction from 0 to 1, got "${value}"`);
    return { rate: Number(value) };
  },
  kinds(value) {
    const kinds = value.split('+').map((part) => {
      const kind = FAULT_KINDS.find((known) => known.toLowerCase() === part.trim().toLowerCase());
      if (!kind) throw new FaultSpecError('kinds', `unknown kind "${part}" (expected ${FAULT_KINDS.join(', ')})`);
      return kind;
    });
    return { kinds: [...new Set(kinds)] };
  },
  delay: (value) => ({ delayMs: parseFaultDelay(value, 'delay') }),
  seed(value) {
    if (!/^\d{1,10}$/.test(value)) throw new FaultSpecError('seed', `expected a whole number, got "${value}"`);
    return { seed: Number(value) >>> 0 };
  },
};

/** Parses a --faults value; `none` (or an empty value) gives undefined: no faults. */
export function parseFaultSpec(text: string): FaultSpec | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'none') return undefined;
  const spec: FaultSpec = { rate: 0.1, kinds: [...FAULT_KINDS], delayMs: 200, seed: 1 };
  const seen = new Set<string>();
  for (const pair of trimmed.split(',')) {
    const equals = pair.indexOf('=');
    if (equals < 0) throw new FaultSpecError(pair.trim() || '(empty)', 'expected key=value');
    const key = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    if (seen.has(key)) throw new FaultSpecError(key, 'given twice');
    seen.add(key);
    if (!Object.hasOwn(KEY_PARSERS, key)) throw new FaultSpecError(key, 'unknown key (expected rate, kinds, delay or seed)');
    Object.assign(spec, KEY_PARSERS[key](value));
  }
  return spec;
}

/** mulberry32: small, fast, and the same sequence on every platform for a given seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws one decision per call; two draws per request so the kind never shifts the rate. */
export class FaultInjector {
  private readonly random: () => number;
  private count = 0;

  constructor(readonly spec: FaultSpec) {
    this.random = seededRandom(spec.seed);
  }

  get decided(): number {
    return this.count;
  }

  next(): FaultKind | 'none' {
    this.count += 1;
    const hit = this.random();
    const pick = this.random();
    if (this.spec.kinds.length === 0 || hit >= this.spec.rate) return 'none';
    return this.spec.kinds[Math.floor(pick * this.spec.kinds.length)];
  }
}

export function faultMiddleware(injector: FaultInjector, sleep: (ms: number) => Promise<void>): MiddlewareHandler {
  return async (c, next) => {
    if (!isApiPath(c.req.path)) return next();
    switch (injector.next()) {
      case 'none':
        return next();
      case 'E011':
        throw new SandboxError('E011', { description: 'injected fault: unspecified failure; retry later' });
      case 'T005':
        throw new SandboxError('T005', { description: 'injected fault: system busy; retry later' });
      case '503':
        return c.html('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', 503);
      case 'reset':
        requestSocket(c)?.destroy();
        return c.body(null, 503);
      case 'delay':
        await sleep(injector.spec.delayMs);
        return next();
    }
  };
}
