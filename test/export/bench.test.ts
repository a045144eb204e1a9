// What the benchmarks measure a child process with (bench/export.ts): its peak memory and CPU
// time, read two ways. The export benchmark itself runs in the suite's smoke run of the bench
// (test/bench/bench.test.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureNode } from '../../bench/export.js';

describe('measureNode', () => {
  // A child that holds ~80 MB and spins for ~300 ms of CPU.
  const script =
    'const held = Buffer.alloc(80 * 1024 * 1024, 1); const end = process.cpuUsage().user + 300_000; ' +
    'while (process.cpuUsage().user < end); if (held[0] !== 1) process.exit(1);';

  async function expectMeasured(useTime: boolean): Promise<void> {
    const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-measure-'));
    try {
      const measured = await measureNode(['-e', script], process.env, scratch, useTime);
      expect(measured.peakRssMb).toBeGreaterThan(80);
      expect(measured.peakRssMb).toBeLessThan(400);
      expect(measured.cpuMs).toBeGreaterThanOrEqual(250);
      expect(measured.wallMs).toBeGreaterThanOrEqual(measured.cpuMs * 0.5);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  it.skipIf(!existsSync('/usr/bin/time'))('reads peak memory and CPU time through GNU time', () => expectMeasured(true));
  it('reads peak memory and CPU time through the child exit hook', () => expectMeasured(false));
});
