// The export benchmark module at a tiny size: it seeds, runs both clients as processes, checks
// their files are identical and reports every figure (timings themselves are not asserted).
import { describe, expect, it } from 'vitest';
import { runExportBench } from '../../bench/export.js';

describe('export benchmark module', () => {
  it('measures the export beside the naive client at 20 ms per call and over loopback, and reports every comparison', async () => {
    const lines: string[] = [];
    const figures = await runExportBench({ quick: false, log: (line) => lines.push(line) }, { large: 120, small: 60, runs: 1 });
    expect(figures.map((figure) => figure.name)).toEqual([
      'naive client, 120 orders, 20 ms per call: time',
      'export, 120 orders, 20 ms per call: time',
      'naive client, 120 orders, loopback: time',
      'export, 120 orders, loopback: time',
      'naive client, 120 orders: peak RSS',
      'export, 120 orders: peak RSS',
      'export peak RSS, 120 vs 60 orders',
    ]);
    for (const figure of figures) expect(figure.value).toBeGreaterThan(0);
    expect(figures.filter((figure) => figure.target).map((figure) => [figure.name, figure.target])).toEqual([
      ['export, 120 orders, 20 ms per call: time', '≤ 0.5x'],
      ['export, 120 orders: peak RSS', '≤ 0.5x'],
      ['export peak RSS, 120 vs 60 orders', '≤ 1.15x'],
    ]);
    expect(lines.some((line) => /^export run 1\/1: export \d+ ms/.test(line))).toBe(true);
    expect(lines.some((line) => /^export run 1\/1 at 20 ms per call: export \d+ ms, naive \d+ ms$/.test(line))).toBe(true);
  }, 120_000);
});
