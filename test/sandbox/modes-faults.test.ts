import { describe, expect, it } from 'vitest';
import { FaultInjector, FaultSpecError, parseFaultDelay, parseFaultSpec, seededRandom } from '../../src/sandbox/modes/faults.js';

describe('--faults grammar', () => {
  it('parses every key', () => {
    expect(parseFaultSpec('rate=0.25,kinds=E011+T005+503+reset+delay,delay=200ms,seed=42')).toEqual({
      rate: 0.25,
      kinds: ['E011', 'T005', '503', 'reset', 'delay'],
      delayMs: 200,
      seed: 42,
    });
  });

  it('fills defaults and accepts keys in any order, kinds in any case', () => {
    expect(parseFaultSpec('seed=7,kinds=reset+t005')).toEqual({ rate: 0.1, kinds: ['reset', 'T005'], delayMs: 200, seed: 7 });
    expect(parseFaultSpec('delay=2s')?.delayMs).toBe(2000);
  });

  it('reads none and an empty value as no faults', () => {
    expect(parseFaultSpec('none')).toBeUndefined();
    expect(parseFaultSpec('  ')).toBeUndefined();
  });

  it.each([
    ['rate=2', 'rate'],
    ['rate=abc', 'rate'],
    ['kinds=E011+boom', 'kinds'],
    ['delay=5', 'delay'],
    ['delay=61s', 'delay'],
    ['seed=-1', 'seed'],
    ['colour=red', 'colour'],
    ['rate', 'rate'],
    ['rate=0.1,rate=0.2', 'rate'],
  ])('refuses %s naming %s', (spec, field) => {
    let caught: unknown;
    try {
      parseFaultSpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FaultSpecError);
    expect((caught as FaultSpecError).field).toBe(field);
    expect((caught as Error).message.startsWith(`${field}: `)).toBe(true);
  });

  it('parses durations', () => {
    expect(parseFaultDelay('0ms', 'delay')).toBe(0);
    expect(parseFaultDelay('15s', 'delay')).toBe(15_000);
  });
});

describe('fault decisions', () => {
  const spec = { rate: 0.3, kinds: ['E011', 'T005', '503', 'reset', 'delay'] as const, delayMs: 10, seed: 42 };

  function decisions(seed: number, count: number): string[] {
    const injector = new FaultInjector({ ...spec, kinds: [...spec.kinds], seed });
    return Array.from({ length: count }, () => injector.next());
  }

  it('is the same sequence for the same seed', () => {
    expect(decisions(42, 500)).toEqual(decisions(42, 500));
  });

  it('differs for another seed', () => {
    expect(decisions(43, 500)).not.toEqual(decisions(42, 500));
  });

  it('hits close to the rate and uses every kind', () => {
    const drawn = decisions(42, 10_000);
    const faults = drawn.filter((kind) => kind !== 'none');
    expect(faults.length / drawn.length).toBeGreaterThan(0.27);
    expect(faults.length / drawn.length).toBeLessThan(0.33);
    expect(new Set(faults)).toEqual(new Set(spec.kinds));
  });

  it('never faults at rate 0 and always at rate 1', () => {
    const never = new FaultInjector({ ...spec, kinds: ['reset'], rate: 0 });
    const always = new FaultInjector({ ...spec, kinds: ['reset'], rate: 1 });
    for (let index = 0; index < 100; index += 1) {
      expect(never.next()).toBe('none');
      expect(always.next()).toBe('reset');
    }
    expect(always.decided).toBe(100);
  });

  it('has a seeded generator in [0, 1)', () => {
    const random = seededRandom(1);
    const values = Array.from({ length: 1000 }, random);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(seededRandom(1)()).toBe(values[0]);
  });
});
