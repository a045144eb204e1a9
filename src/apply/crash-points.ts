// A fault-injection hook for tests only: BOXOFFICE_TEST_APPLY_CRASH=N:sent|answered makes the
// apply process kill itself (SIGKILL, no clean-up) at request boundary N, counting every request
// apply makes through its client from 1:
//   N:sent      request N was sent and served; the process dies before apply reads its answer.
//   N:answered  apply read answer N; the process dies just before the next state write (or the
//               next request, or the end of the run, whichever comes first).
// test/apply/crash-points-process.test.ts enumerates every boundary of a clean run with it.
import type { ApplyClient } from './remote.js';

const CRASH_ENV = 'BOXOFFICE_TEST_APPLY_CRASH';

type CrashPoint = 'sent' | 'answered';

export interface CrashHook {
  wrap(client: ApplyClient): ApplyClient;
  /** Called before every state write and at the end of the run. */
  checkpoint(): void;
}

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: killed');
}

export function crashHookFrom(env: Readonly<Record<string, string | undefined>>): CrashHook | undefined {
  const match = /^(\d+):(sent|answered)$/.exec(env[CRASH_ENV] ?? '');
  if (!match) return undefined;
  const target = Number(match[1]);
  const point = match[2] as CrashPoint;
  let requests = 0;
  let armed = false;
  const checkpoint = (): void => {
    if (armed) die();
  };
  function wrapMethod<Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) {
    return async (...args: Args): Promise<Result> => {
      checkpoint();
      requests += 1;
      const settled = await method(...args).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      if (requests === target) {
        if (point === 'sent') die();
        armed = true;
      }
      if ('error' in settled) throw settled.error;
      return settled.value;
    };
  }
  return {
    checkpoint,
    wrap(client) {
      const events = Object.fromEntries(
        Object.entries(client.events).map(([name, method]) => [name, wrapMethod((method as (...args: unknown[]) => Promise<unknown>).bind(client.events))]),
      ) as unknown as ApplyClient['events'];
      return { events, ...(client.listDiscounts ? { listDiscounts: wrapMethod(client.listDiscounts) } : {}) };
    },
  };
}
