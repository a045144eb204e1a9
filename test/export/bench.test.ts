// The export benchmark module at a tiny size: it seeds, runs both clients as processes, checks
// their files are identical and reports every figure (timings themselves are not asserted).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureNode, runExportBench } from '../../bench/export.js';

describe('export benchmark module', () => {
  it('measures the export beside the naive client at 20 ms per call and over loopback, and beside the fetch floor, and reports every comparison', async () => {
    const lines: string[] = [];
    const figures = await runExportBench({ quick: false, log: (line) => lines.push(line) }, { large: 120, small: 60, runs: 1 });
    expect(figures.map((figure) => figure.name)).toEqual([
      'naive client, 120 orders, 20 ms per call: time',
      'export, 120 orders, 20 ms per call: time',
      'naive client, 120 orders, loopback: time',
      'export, 120 orders, loopback: time',
      'fetch-and-parse floor, 120 orders, loopback: time',
      'export, 120 orders, loopback: time vs the fetch-and-parse floor',
      'naive client, 120 orders: peak RSS',
      'export, 120 orders: peak RSS',
      'export peak RSS, 120 vs 60 orders',
    ]);
    for (const figure of figures) expect(figure.value).toBeGreaterThan(0);
    // CPU times are read for both clients (GNU time, or the child's own exit hook without it).
    const cpuNotes = figures.filter((figure) => figure.name.includes('loopback')).map((figure) => figure.note ?? '');
    for (const note of cpuNotes) expect(note).toMatch(/CPU: client \d+(\.\d)? s.* sandbox \d+(\.\d)? s/);
    expect(figures.filter((figure) => figure.target).map((figure) => [figure.name, figure.target])).toEqual([
      ['export, 120 orders, 20 ms per call: time', '≤ 0.5x'],
      ['export, 120 orders, loopback: time vs the fetch-and-parse floor', '≤ 1.2x'],
      ['export, 120 orders: peak RSS', '≤ 0.5x'],
      ['export peak RSS, 120 vs 60 orders', '≤ 1.15x'],
    ]);
    expect(lines.some((line) => /^export run 1\/1: export \d+ ms/.test(line))).toBe(true);
    expect(lines.some((line) => /^export run 1\/1 at 20 ms per call: export \d+ ms, naive \d+ ms$/.test(line))).toBe(true);
  }, 120_000);
});

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
