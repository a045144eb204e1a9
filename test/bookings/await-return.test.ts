import { describe, expect, it } from 'vitest';
import { awaitReturn, BookingTimeoutError } from '../../src/bookings/request-payment.js';

/** A sleep that ends only when the test says so (or is aborted): no real waiting. */
function manualSleep() {
  const pending: { ms: number; resolve(): void }[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ ms, resolve });
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return { sleep, pending };
}

describe('awaitReturn', () => {
  it('gives the return when it comes first, and stops the timer', async () => {
    const { sleep, pending } = manualSleep();
    const result = await awaitReturn(Promise.resolve('paid'), {
      timeoutMs: 300_000,
      timeoutText: '5m',
      sleep,
      signal: new AbortController().signal,
    });
    expect(result).toBe('paid');
    expect(pending).toHaveLength(1);
    expect(pending[0].ms).toBe(300_000);
  });

  it('says it timed out, naming the limit, when the timer ends first', async () => {
    const { sleep, pending } = manualSleep();
    const never = new Promise<string>(() => undefined);
    const waiting = awaitReturn(never, { timeoutMs: 1000, timeoutText: '1s', sleep, signal: new AbortController().signal });
    pending[0].resolve();
    await expect(waiting).rejects.toBeInstanceOf(BookingTimeoutError);
    await expect(waiting).rejects.toThrow('no booking return within 1s');
  });

  it('passes on the error of a refused return', async () => {
    const { sleep } = manualSleep();
    await expect(
      awaitReturn(Promise.reject(new Error('E022')), { timeoutMs: 1000, timeoutText: '1s', sleep, signal: new AbortController().signal }),
    ).rejects.toThrow('E022');
  });

  it('stops on Ctrl-C', async () => {
    const { sleep } = manualSleep();
    const controller = new AbortController();
    const waiting = awaitReturn(new Promise<string>(() => undefined), { timeoutMs: 1000, timeoutText: '1s', sleep, signal: controller.signal });
    controller.abort(new Error('interrupted'));
    await expect(waiting).rejects.toThrow('interrupted');
  });
});
