// `boxoffice insights --from FILE` on large exports: time and peak memory of the built CLI as a
// child process. The exports are real ones: a sandbox seeded with `sandbox seed`'s data (six
// weeks of sales, cancellations, answers), exported by the CLI. Target (issue 22): peak memory at
// 100,000 orders at most 1.15x that at 10,000 (quick: 10,000 against 1,000) — the file streams.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedData } from '../src/sandbox/seed.js';
import { startSandbox } from '../src/sandbox/server.js';
import { mintForRole } from '../src/sandbox/routes/sandbox-tools.js';
import { measureNode, snapshotCli, type Measurement } from './export.js';
import { median, round, spread } from './stats.js';
import type { BenchModule, Figure } from './types.js';

const FORMATS = ['csv', 'json', 'ndjson'] as const;

export const insightsBench: BenchModule = async (options) => {
  const { log } = options;
  const sizes = options.smoke
    ? { large: 400, small: 100, runs: 1 }
    : options.quick
      ? { large: 10_000, small: 1_000, runs: 3 }
      : { large: 100_000, small: 10_000, runs: 3 };
  const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-insights-bench-'));
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dbPath: join(scratch, 'sandbox.db') });
  try {
    const cli = snapshotCli(scratch);
    const env = {
      ...process.env,
      CI: 'true',
      BOXOFFICE_CONFIG_DIR: join(scratch, 'config'),
      BOXOFFICE_API_URL: sandbox.url,
      BOXOFFICE_PUBLISHER_URL: sandbox.url,
      BOXOFFICE_AUTH_URL: sandbox.url,
      BOXOFFICE_TOKEN: mintForRole(sandbox.handle.context, 'admin').value,
    };
    const files: Record<string, Record<string, string>> = {};
    for (const [label, orders] of [['large', sizes.large], ['small', sizes.small]] as const) {
      const [eventId] = seedData(sandbox.handle.context, { events: 1, orders }).eventIds;
      files[label] = {};
      for (const format of FORMATS) {
        const file = join(scratch, `${label}.${format}`);
        await measureNode([cli, 'attendees', 'export', eventId, '-o', file], env, scratch);
        files[label][format] = file;
      }
      log(`insights: exported ${orders.toLocaleString('en')} orders (${Math.round(statSync(files[label].csv).size / 2 ** 20)} MB as CSV)`);
    }
    const insights = (file: string) => measureNode([cli, 'insights', '--from', file, '--currency', 'INR', '--timezone', 'UTC'], env, scratch);
    const figures: Figure[] = [];
    const largeLabel = sizes.large.toLocaleString('en');
    const smallLabel = sizes.small.toLocaleString('en');
    for (const format of FORMATS) {
      const large: Measurement[] = [];
      const small: Measurement[] = [];
      for (let run = 0; run < sizes.runs; run += 1) {
        // alternate which size goes first, so neither always runs on a warmer machine
        const pair = run % 2 === 0 ? ['large', 'small'] : ['small', 'large'];
        for (const size of pair) (size === 'large' ? large : small).push(await insights(files[size][format]));
        log(`insights --from ${format} run ${run + 1}/${sizes.runs}: ${Math.round(large[run].wallMs)} ms / ${Math.round(large[run].peakRssMb)} MB at ${largeLabel}, ${Math.round(small[run].peakRssMb)} MB at ${smallLabel}`);
      }
      const seconds = large.map((value) => value.wallMs / 1000);
      const largeRss = median(large.map((value) => value.peakRssMb));
      const smallRss = median(small.map((value) => value.peakRssMb));
      figures.push(
        { name: `insights --from ${format}, ${largeLabel} orders: time`, value: round(seconds.length > 0 ? median(seconds) : 0), unit: 's', spread: round(spread(seconds)) },
        {
          name: `insights --from ${format}, peak RSS, ${largeLabel} vs ${smallLabel} orders`,
          value: round(largeRss, 1),
          unit: 'MB',
          spread: round(spread(large.map((value) => value.peakRssMb)), 1),
          ratio: round(largeRss / smallRss),
          ...(options.smoke ? {} : { target: '≤ 1.15x' }),
          note: `${round(smallRss, 1)} MB at ${smallLabel}`,
        },
      );
    }
    const scope = options.quick ? '; quick sizes' : '';
    return { section: `Insights from an export (${sizes.runs} runs, median; the built CLI as a child process${scope})`, figures };
  } finally {
    await sandbox.close();
    rmSync(scratch, { recursive: true, force: true });
  }
};
