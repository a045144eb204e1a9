// The attendee-list benchmark runs end to end at a tiny size (its timings are not asserted here:
// `npm run bench` reports them), and its deep batch is really the end of the list.
import { describe, expect, it } from 'vitest';
import { attendeeBatchesBench, measureAttendeeBatches } from '../../bench/attendee-batches.js';

describe('bench/attendee-batches', () => {
  it('seeds orders through the db layer and reads the first and the last batch over HTTP', async () => {
    const lines: string[] = [];
    const result = await measureAttendeeBatches({ orders: 120, runs: 2, log: (line) => lines.push(line) });
    expect(result.orders).toBe(120);
    expect(result.deepFrom).toBe(71);
    expect(result.firstRecords).toBe(50);
    expect(result.deepRecords).toBe(50);
    expect(result.firstMs).toHaveLength(2);
    expect(result.deepMs).toHaveLength(2);
    expect(lines.join('\n')).toContain('seeding 120 orders');
  });

  it('reports a ratio against the 1.3 target as a BenchModule', async () => {
    const section = await attendeeBatchesBench({ quick: true, smoke: true, log: () => undefined });
    expect(section.section).toMatch(/Attendee list/);
    const deep = section.figures.find((figure) => figure.target !== undefined);
    expect(deep?.target).toBe('≤ 1.3');
    expect(deep?.ratio).toBeGreaterThan(0);
  });
});
