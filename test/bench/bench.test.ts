// The benchmarks stay out of `npm test` (`npm run bench` runs them at full size); what the suite
// runs is `npm run bench -- --smoke`: every benchmark module starts, measures the smallest case
// once and prints its lines, so that none can rot unnoticed. Timing is not asserted here: figures
// are the benchmark's job, on a quiet machine, as ratios within one run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);

/** A figure's line: its name, the median with its spread, then its ratio and target where it has them. */
const MEDIAN = String.raw`[\d.]+ (?:ms|s|MB|req/s|µs|orders/s) \(±[\d.]+\)`;
const RATIO = String.raw`[\d.]+x`;

function figureLine(name: string, tail = ''): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${MEDIAN}${tail}`, 'm');
}

let stdout = '';
let stderr = '';

beforeAll(async () => {
  ({ stdout, stderr } = await exec(process.execPath, ['scripts/bench.mjs', '--smoke', '--no-build'], {
    maxBuffer: 16 * 2 ** 20,
    timeout: 600_000,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: '/dev/null' },
  }));
}, 600_000);

describe('npm run bench -- --smoke', () => {
  it('prints one table with the machine, a section for every benchmark module', () => {
    expect(stdout).toMatch(/^machine: \d+ × .+ GiB, .+Node\.js v[\d.]+ \(measured without NODE_EXTRA_CA_CERTS\) \(smoke run/m);
    for (const section of [
      'Startup (median wall time)',
      'Attendee export',
      'Attendee list batches (E11)',
      'Sandbox seeding',
      'Sandbox under load',
      'Insights from an export',
      'MCP server start-up (median wall time)',
      'Attendee sync into SQLite',
      'Check-in at the door',
      'First attendee sync, CPU against export + bulk load',
    ]) {
      expect(stdout).toContain(`\n${section}`);
    }
    expect(stdout).toMatch(/^total bench time: \d+ s$/m);
  });

  it('start-up: each case beside node -e 0, as a ratio with its target, and peak memory', () => {
    expect(stdout).toMatch(figureLine('boxoffice --help', String.raw`\s+${RATIO}\s+≤ 1\.25x`));
    expect(stdout).toMatch(figureLine('boxoffice event list', String.raw`\s+${RATIO}\s+≤ 2x`));
    expect(stdout).toMatch(figureLine('reference: event get of commander + zod/mini + node:http, nothing else', String.raw`\s+${RATIO}`));
    expect(stdout).toMatch(figureLine('boxoffice event list: peak memory', String.raw`\s+${RATIO}\s+≤ 60 MB`));
  });

  it('export: beside the naive client at 20 ms per call and over loopback, beside the fetch floor, CPU of both sides, with its targets', () => {
    expect(stdout).toMatch(figureLine('export, 120 orders, 20 ms per call: time', String.raw`\s+${RATIO}\s+≤ 0\.5x`));
    expect(stdout).toMatch(figureLine('export, 120 orders, loopback: time vs the fetch-and-parse floor', String.raw`\s+${RATIO}\s+≤ 1\.2x`));
    expect(stdout).toMatch(figureLine('export, 120 orders: peak RSS', String.raw`\s+${RATIO}\s+≤ 0\.5x`));
    expect(stdout).toMatch(figureLine('export peak RSS, 120 vs 60 orders', String.raw`\s+${RATIO}\s+≤ 1\.15x`));
    for (const name of [
      'naive client, 120 orders, loopback: time',
      'export, 120 orders, loopback: time',
      'fetch-and-parse floor, 120 orders, loopback: time',
    ]) {
      expect(stdout).toMatch(figureLine(name, String.raw`.*CPU: client \d+(\.\d)? s.* sandbox \d+(\.\d)? s`));
    }
    expect(stderr).toMatch(/^export run 1\/1: export \d+ ms/m);
    expect(stderr).toMatch(/^export run 1\/1 at 20 ms per call: export \d+ ms, naive \d+ ms$/m);
  });

  it('the other modules: a figure each, with its ratio and target where it has one', () => {
    expect(stdout).toMatch(figureLine('batch at record 200 (151–200)', String.raw`\s+${RATIO}\s+≤ 1\.3`));
    expect(stdout).toMatch(/^seed 200 orders \(\d+ attendees\)\s+[\d.]+ s \(±[\d.]+\)\s+< 60 s/m);
    expect(stdout).toMatch(/^get-event requests per second \(32 concurrent\)\s+\d+ req\/s/m);
    expect(stdout).toMatch(/^get-report requests per second \(50 concurrent\)\s+\d+ req\/s \(±\d+\)\s+≥ 1000 req\/s/m);
    expect(stdout).toMatch(figureLine('insights EVENT_ID (live read), 400 orders, vs that export', String.raw`\s+${RATIO}`));
    expect(stdout).toMatch(figureLine('boxoffice mcp: spawn → initialize answered', String.raw`\s+${RATIO}`));
    expect(stdout).toMatch(/^first \(full\) sync, 400 orders, list oldest-first: reads vs the export's\s+\d+ reads\s+[\d.]+x\s+≤ 1\.0x/m);
    for (const destination of ['SQLite', 'PostgreSQL']) {
      expect(stdout).toMatch(
        new RegExp(`^first sync of [\\d,]+ attendees into ${destination}: CPU vs export \\+ bulk load\\s+[\\d.]+ ms CPU \\(±[\\d.]+\\)\\s+[\\d.]+x`, 'm'),
      );
    }
    expect(stdout).toMatch(/^scan → in \(the answer\), 500 attendees: 95th percentile\s+[\d.]+ ms/m);
  });

  it('refuses an unknown benchmark name', async () => {
    await expect(exec(process.execPath, ['scripts/bench.mjs', '--no-build', '--only', 'no-such-bench'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--only: unknown benchmark no-such-bench'),
    });
  }, 120_000);
});
