// The attendee-list benchmark's deep batch is really the end of the list (its timings are not
// asserted here: `npm run bench` reports them; the suite's smoke run of the bench runs the module).
import { describe, expect, it } from 'vitest';
import { measureAttendeeBatches } from '../../bench/attendee-batches.js';

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
});
