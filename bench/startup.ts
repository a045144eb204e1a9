// Startup time of the CLI beside bare `node -e 0`, measured in the same run (hyperfine when it
// is installed, else a spawn loop). Targets (issue 10): --help and --version at most 1.3x,
// `auth status` at most 1.8x. The cases are timed in interleaved rounds and each ratio is the
// median of the rounds' ratios, so that a slow minute on a noisy machine weighs on every case
// alike rather than on whichever case it happened to fall in.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchModule, Figure } from './types.js';
import { median, round, spread } from './stats.js';

interface Case {
  name: string;
  args: string[];
  target?: number;
}

const CASES: Case[] = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
  { name: 'boxoffice --version', args: ['bin/boxoffice.js', '--version'], target: 1.3 },
  { name: 'boxoffice --help', args: ['bin/boxoffice.js', '--help'], target: 1.3 },
  { name: 'boxoffice auth status', args: ['bin/boxoffice.js', 'auth', 'status'], target: 1.8 },
];

export const startupBench: BenchModule = async ({ quick, smoke, log }) => {
  const runs = smoke ? 2 : quick ? 10 : 40;
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bench-'));
  const env = { ...process.env, BOXOFFICE_CONFIG_DIR: configDir, CI: 'true' };
  try {
    // A stored token, so `auth status` reports a real login rather than "not logged in".
    spawnSync(process.execPath, ['bin/boxoffice.js', 'login', '--with-token'], {
      input: 'bench-token-not-a-secret\n',
      env,
    });
    const rounds = hasHyperfine() ? timeWithHyperfine(runs, env, configDir) : timeWithSpawn(runs, env);
    const samples = CASES.map((_, index) => rounds.flatMap((times) => times[index]));
    log(`startup: ${runs} runs each in ${rounds.length} rounds, baseline median ${round(median(samples[0]))} ms`);
    const figures: Figure[] = CASES.map((testCase, index) => {
      const ratio = median(rounds.map((times) => median(times[index]) / median(times[0])));
      return {
        name: testCase.name,
        value: round(median(samples[index])),
        unit: 'ms',
        spread: round(spread(samples[index])),
        ...(testCase.target ? { ratio: round(ratio), target: `≤ ${testCase.target}x` } : {}),
      };
    });
    return { section: 'Startup (median wall time)', figures };
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
};

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version']).status === 0;
}

/** Rounds of hyperfine runs, every case in each: round → case → times (ms). */
function timeWithHyperfine(runs: number, env: NodeJS.ProcessEnv, scratch: string): number[][][] {
  const report = join(scratch, 'hyperfine.json');
  const commands = CASES.map((testCase) => [process.execPath, ...testCase.args].map(shellQuote).join(' '));
  const perRound = Math.min(runs, 5);
  const rounds: number[][][] = [];
  for (let done = 0; done < runs; done += perRound) {
    const result = spawnSync(
      'hyperfine',
      ['-N', '--warmup', '2', '--runs', String(Math.min(perRound, runs - done)), '--export-json', report, '--style', 'none', ...commands],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`hyperfine failed with status ${result.status}`);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as { results: { times: number[] }[] };
    rounds.push(parsed.results.map((entry) => entry.times.map((seconds) => seconds * 1000)));
  }
  return rounds;
}

/** One spawn of every case per round, after three rounds of warm-up: round → case → [time]. */
function timeWithSpawn(runs: number, env: NodeJS.ProcessEnv): number[][][] {
  const rounds: number[][][] = [];
  for (let run = 0; run < runs + 3; run++) {
    const timesByCase = CASES.map((testCase) => {
      const started = process.hrtime.bigint();
      spawnSync(process.execPath, testCase.args, { env, stdio: 'ignore' });
      return [Number(process.hrtime.bigint() - started) / 1e6];
    });
    if (run >= 3) rounds.push(timesByCase);
  }
  return rounds;
}

function shellQuote(word: string): string {
  return /^[\w./=-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
