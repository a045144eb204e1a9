// A hook for tests only: with BOXOFFICE_TEST_CHECKIN_BARRIER=FILE, a scan from a script says
// "checkin: at the barrier" on stderr once its database is open, and waits until FILE exists.
// test/checkin/doors-at-once.test.ts starts eight doors, waits until each has said so, then
// creates FILE: the eight scans of one ticket run together, not one after another.
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';

const BARRIER_ENV = 'BOXOFFICE_TEST_CHECKIN_BARRIER';
const POLL_MS = 2;

export async function testBarrier(
  env: Readonly<Record<string, string | undefined>>,
  stderr: Writable,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const file = env[BARRIER_ENV];
  if (file === undefined || file === '') return;
  stderr.write('checkin: at the barrier\n');
  while (!existsSync(file)) await sleep(POLL_MS, signal);
}
