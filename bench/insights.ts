// `boxoffice insights --from FILE` on large exports: time and peak memory of the built CLI as a
// child process. The exports are real ones: a sandbox seeded with `sandbox seed`'s data (six
// weeks of sales, cancellations, answers), exported by the CLI. Targets: peak memory at 100,000
// orders at most 1.15x that at 10,000 (quick: 10,000 against 1,000) — the file streams (issue
// 22); reading the CSV at most 1.5x the time of one pass of Python's csv module over the same
// file counting the same figures (bench/insights-floor.py; issue 34); the live read (`insights
// EVENT_ID`, which performs an NDJSON export, counting the rows as it writes them) at most 1.15x
// that export on its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedData } from '../src/sandbox/seed.js';
import { startSandbox } from '../src/sandbox/server.js';
import { measureNode, sandboxCliEnv, snapshotCli, type Measurement } from './export.js';
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
    const env = sandboxCliEnv(scratch, sandbox);
    const files: Record<string, Record<string, string>> = {};
    const eventIds: Record<string, string> = {};
    for (const [label, orders] of [
      ['large', sizes.large],
      ['small', sizes.small],
    ] as const) {
      const [eventId] = seedData(sandbox.handle.context, { events: 1, orders }).eventIds;
      eventIds[label] = eventId;
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
    if (!options.smoke) figures.push(...(await againstPython(cli, files.large.csv, largeLabel, sizes.runs, insights, env, scratch, log)));
    figures.push(...(await liveAgainstExport(cli, eventIds.large, largeLabel, sizes.runs, env, scratch, log, options.smoke === true)));
    for (const format of FORMATS) {
      const large: Measurement[] = [];
      const small: Measurement[] = [];
      for (let run = 0; run < sizes.runs; run += 1) {
        // alternate which size goes first, so neither always runs on a warmer machine
        const pair = run % 2 === 0 ? ['large', 'small'] : ['small', 'large'];
        for (const size of pair) (size === 'large' ? large : small).push(await insights(files[size][format]));
        log(
          `insights --from ${format} run ${run + 1}/${sizes.runs}: ${Math.round(large[run].wallMs)} ms / ${Math.round(large[run].peakRssMb)} MB at ${largeLabel}, ${Math.round(small[run].peakRssMb)} MB at ${smallLabel}`,
        );
      }
      const seconds = large.map((value) => value.wallMs / 1000);
      const largeRss = median(large.map((value) => value.peakRssMb));
      const smallRss = median(small.map((value) => value.peakRssMb));
      figures.push(
        {
          name: `insights --from ${format}, ${largeLabel} orders: time`,
          value: round(seconds.length > 0 ? median(seconds) : 0),
          unit: 's',
          spread: round(spread(seconds)),
        },
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

const PYTHON = 'python3';

/**
 * `insights --from` the CSV beside the Python floor, in alternating runs; the floor's totals must
 * be the CLI's. Needs python3 and GNU time (for the floor's CPU time); without them, no figure.
 */
async function againstPython(
  cliPath: string,
  file: string,
  label: string,
  runs: number,
  insights: (file: string) => Promise<Measurement>,
  env: NodeJS.ProcessEnv,
  scratch: string,
  log: (line: string) => void,
): Promise<Figure[]> {
  const floorScript = resolve('bench/insights-floor.py');
  const check = spawnSync(PYTHON, [floorScript, file], { encoding: 'utf8' });
  const gnuTime = spawnSync('/usr/bin/time', ['-v', 'true']).status === 0;
  if (check.status !== 0 || !gnuTime) {
    log(`insights: no Python floor (${gnuTime ? (check.error?.message ?? check.stderr.trim()) : 'GNU time is missing'})`);
    return [];
  }
  const floorTotals = JSON.parse(check.stdout) as Record<string, unknown>;
  const cliTotals = spawnSync(process.execPath, [cliPath, 'insights', '--from', file, '--currency', 'INR', '--timezone', 'UTC', '--json'], {
    encoding: 'utf8',
    env,
  });
  const totals = (JSON.parse(cliTotals.stdout) as { totals: Record<string, unknown> }).totals;
  for (const name of ['orders', 'attendees', 'revenue', 'cancelled', 'checkedIn']) {
    if (totals[name] !== floorTotals[name])
      throw new Error(`insights and the Python floor count ${name} differently: ${String(totals[name])} vs ${String(floorTotals[name])}`);
  }
  const cli: Measurement[] = [];
  const floor: Measurement[] = [];
  for (let run = 0; run < runs; run += 1) {
    const python = () => measureNode([floorScript, file], env, scratch, true, PYTHON);
    if (run % 2 === 0) {
      cli.push(await insights(file));
      floor.push(await python());
    } else {
      floor.push(await python());
      cli.push(await insights(file));
    }
    log(`insights --from csv vs Python run ${run + 1}/${runs}: ${Math.round(cli[run].wallMs)} ms vs ${Math.round(floor[run].wallMs)} ms`);
  }
  const seconds = (values: Measurement[]) => values.map((value) => value.wallMs / 1000);
  const cpuSeconds = (values: Measurement[]) => median(values.map((value) => value.cpuMs / 1000));
  const time = median(seconds(cli));
  const floorTime = median(seconds(floor));
  return [
    { name: `Python csv pass, ${label} orders (the floor): time`, value: round(floorTime), unit: 's', spread: round(spread(seconds(floor))) },
    {
      name: `insights --from csv, ${label} orders, vs the Python pass`,
      value: round(time),
      unit: 's',
      spread: round(spread(seconds(cli))),
      ratio: round(time / floorTime),
      target: '≤ 1.5x',
      note: `CPU ${round(cpuSeconds(cli), 1)} s vs ${round(cpuSeconds(floor), 1)} s (${round(cpuSeconds(cli) / cpuSeconds(floor))}x); same totals`,
    },
  ];
}

/**
 * `insights EVENT_ID` (the live read: three reads of the event, then an NDJSON export of the
 * attendee list into a work file, its rows counted as they are written) beside `attendees export EVENT_ID
 * -o FILE.ndjson` (the export it performs), in alternating runs.
 */
async function liveAgainstExport(
  cli: string,
  eventId: string,
  label: string,
  runs: number,
  env: NodeJS.ProcessEnv,
  scratch: string,
  log: (line: string) => void,
  smoke: boolean,
): Promise<Figure[]> {
  const file = join(scratch, 'live-floor.ndjson');
  const exportRun = () => measureNode([cli, 'attendees', 'export', eventId, '-o', file, '--force'], env, scratch);
  const liveRun = () => measureNode([cli, 'insights', eventId, '--currency', 'INR', '--timezone', 'UTC', '--json'], env, scratch);
  const live: Measurement[] = [];
  const exported: Measurement[] = [];
  for (let run = 0; run < runs; run += 1) {
    if (run % 2 === 0) {
      live.push(await liveRun());
      exported.push(await exportRun());
    } else {
      exported.push(await exportRun());
      live.push(await liveRun());
    }
    log(`insights live run ${run + 1}/${runs}: ${Math.round(live[run].wallMs)} ms vs the export's ${Math.round(exported[run].wallMs)} ms`);
  }
  const seconds = (values: Measurement[]) => values.map((value) => value.wallMs / 1000);
  const cpuSeconds = (values: Measurement[]) => median(values.map((value) => value.cpuMs / 1000));
  const time = median(seconds(live));
  const floorTime = median(seconds(exported));
  return [
    {
      name: `attendees export --format ndjson, ${label} orders (the floor): time`,
      value: round(floorTime),
      unit: 's',
      spread: round(spread(seconds(exported))),
    },
    {
      name: `insights EVENT_ID (live read), ${label} orders, vs that export`,
      value: round(time),
      unit: 's',
      spread: round(spread(seconds(live))),
      ratio: round(time / floorTime),
      ...(smoke ? {} : { target: '≤ 1.15x' }),
      note: `CPU ${round(cpuSeconds(live), 1)} s vs ${round(cpuSeconds(exported), 1)} s (${round(cpuSeconds(live) / cpuSeconds(exported))}x)`,
    },
  ];
}
