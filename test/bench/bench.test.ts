// `npm run bench` runs end to end at the smallest sizes. Timing is not asserted here: figures are
// the benchmark's job, on a quiet machine, as ratios within one run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);

describe('npm run bench', () => {
  it('runs every benchmark at the smoke size and prints one table with the machine', async () => {
    const { stdout } = await exec(process.execPath, ['scripts/bench.mjs', '--smoke', '--no-build'], {
      maxBuffer: 16 * 2 ** 20,
      timeout: 540_000,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: '/dev/null' },
    });
    expect(stdout).toMatch(/^machine: \d+ × .+ GiB, .+Node\.js v[\d.]+ \(measured without NODE_EXTRA_CA_CERTS\)/m);
    for (const section of [
      'Startup (median wall time)',
      'Attendee list batches (E11)',
      'Attendee export',
      'Sandbox seeding',
      'Sandbox under load',
      'Insights from an export',
      'MCP server start-up (median wall time)',
      'Check-in at the door',
      'First attendee sync, CPU against export + bulk load',
    ]) {
      expect(stdout).toContain(section);
    }
    expect(stdout).toMatch(/boxoffice --help\s+[\d.]+ ms \(±[\d.]+\)\s+[\d.]+x\s+≤ 1\.25x/);
    expect(stdout).toMatch(/boxoffice event list\s+[\d.]+ ms \(±[\d.]+\)\s+[\d.]+x\s+≤ 2x/);
    expect(stdout).toMatch(/reference: event get of commander \+ zod\/mini \+ node:http, nothing else\s+[\d.]+ ms/);
    expect(stdout).toMatch(/boxoffice event list: peak memory\s+[\d.]+ MB \(±[\d.]+\)\s+[\d.]+x\s+≤ 60 MB/);
    expect(stdout).toMatch(/get-event requests per second \(32 concurrent\)\s+\d+ req\/s/);
    expect(stdout).toMatch(/get-report requests per second \(50 concurrent\)\s+\d+ req\/s \(±\d+\)\s+≥ 1000 req\/s/);
    expect(stdout).toMatch(/first sync of [\d,]+ attendees into PostgreSQL: CPU vs export \+ bulk load\s+[\d.]+ ms CPU \(±[\d.]+\)\s+[\d.]+x/);
    expect(stdout).toMatch(/boxoffice mcp: spawn → initialize answered\s+[\d.]+ ms \(±[\d.]+\)\s+[\d.]+x/);
  }, 600_000);

  it('refuses an unknown benchmark name', async () => {
    await expect(exec(process.execPath, ['scripts/bench.mjs', '--no-build', '--only', 'no-such-bench'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--only: unknown benchmark no-such-bench'),
    });
  }, 120_000);
});
