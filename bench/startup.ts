// Startup time of the CLI beside bare `node -e 0`, measured in the same run (hyperfine when it
// is installed, else a spawn loop), and the everyday commands that make one request, against a
// warm sandbox running in its own process, all on the Node running the benchmark (run it with
// another node binary to measure that line). Targets: --help and --version at most 1.25x, `auth
// status` at most 1.5x, one-request commands at most 2.0x,
// and 60 MB peak memory.
// Reference clients (bench/reference/) are timed with the cases, without a target: the request of
// `event get` alone over node:http, and the least a one-request command built of the CLI's own
// libraries costs (commander and node:http; then with zod checking the answer), each compiled
// with a code cache as the CLI is.
// The cases are timed in interleaved rounds and each ratio is the median of the rounds' ratios,
// so that a slow minute on a noisy machine weighs on every case alike rather than on whichever
// case it happened to fall in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureNode } from './export.js';
import type { BenchModule, Figure } from './types.js';
import { median, round, spread } from './stats.js';

interface Case {
  name: string;
  args: string[];
  target?: number;
  /** Peak memory (RSS) limit in MB, measured in separate runs. */
  peakRssMb?: number;
}

const BENCH_PROFILE = 'bench';
/** The first event of the sandbox's `demo` seed. */
const DEMO_EVENT_ID = '100001';
const ONE_REQUEST = { target: 2.0, peakRssMb: 60 };

const CASES: Case[] = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
  { name: 'boxoffice --version', args: ['bin/boxoffice.js', '--version'], target: 1.25 },
  { name: 'boxoffice --help', args: ['bin/boxoffice.js', '--help'], target: 1.25 },
  { name: 'boxoffice auth status --offline', args: ['bin/boxoffice.js', 'auth', 'status', '--offline'], target: 1.5 },
  { name: 'boxoffice auth status (asks the service)', args: ['bin/boxoffice.js', '--profile', BENCH_PROFILE, 'auth', 'status'], ...ONE_REQUEST },
  { name: 'boxoffice event list', args: ['bin/boxoffice.js', '--profile', BENCH_PROFILE, 'event', 'list'], ...ONE_REQUEST },
  { name: 'boxoffice event get', args: ['bin/boxoffice.js', '--profile', BENCH_PROFILE, 'event', 'get', DEMO_EVENT_ID], ...ONE_REQUEST },
  { name: 'boxoffice report', args: ['bin/boxoffice.js', '--profile', BENCH_PROFILE, 'report', DEMO_EVENT_ID], ...ONE_REQUEST },
  { name: 'boxoffice ticket list', args: ['bin/boxoffice.js', '--profile', BENCH_PROFILE, 'ticket', 'list', DEMO_EVENT_ID], ...ONE_REQUEST },
];

export const startupBench: BenchModule = async ({ quick, smoke, log }) => {
  const runs = smoke ? 1 : quick ? 10 : 40;
  // Runs left out before timing (hyperfine's, and rounds of the spawn loop); in a smoke run none:
  // the check of every case below has already filled the code caches once.
  const warmUps = smoke ? { hyperfine: 0, rounds: 0 } : { hyperfine: 2, rounds: 3 };
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bench-'));
  // The core's code cache (bin/boxoffice.js) in the run's own directory, filled by the warm-up runs.
  const env = { ...process.env, BOXOFFICE_CONFIG_DIR: configDir, XDG_CACHE_HOME: join(configDir, 'cache'), CI: 'true' };
  const sandbox = await startSandboxProcess(env);
  try {
    // A stored token, so `auth status --offline` reports a login rather than "not logged in"
    // (config set stores it unchecked; login --with-token would ask the service first).
    cli(['config', 'set', 'token', 'bench-token-not-a-secret'], env);
    // The one-request commands use a profile pointed at the sandbox, with a token it issued.
    const token = cli(['sandbox', 'token', '--url', sandbox.url], env).trim();
    for (const key of ['apiUrl', 'publisherUrl', 'authUrl']) cli(['--profile', BENCH_PROFILE, 'config', 'set', key, sandbox.url], env);
    cli(['--profile', BENCH_PROFILE, 'login', '--with-token'], env, `${token}\n`);
    // The request reference takes the token from the environment (a name the CLI does not read), not its arguments.
    Object.assign(env, { REFERENCE_TOKEN: token });
    const cases = [...CASES, ...referenceCases(sandbox.url)];
    for (const testCase of cases) spawnChecked(testCase.args, env);

    const rounds = hasHyperfine() ? timeWithHyperfine(cases, runs, warmUps.hyperfine, env, configDir) : timeWithSpawn(cases, runs, warmUps.rounds, env);
    const samples = cases.map((_, index) => rounds.flatMap((times) => times[index]));
    log(`startup: ${runs} runs each in ${rounds.length} rounds, baseline median ${round(median(samples[0]))} ms`);
    const figures: Figure[] = cases.map((testCase, index) => {
      const ratio = median(rounds.map((times) => median(times[index]) / median(times[0])));
      return {
        name: testCase.name,
        value: round(median(samples[index])),
        unit: 'ms',
        spread: round(spread(samples[index])),
        ratio: round(ratio),
        ...(testCase.target ? { target: `≤ ${testCase.target}x` } : {}),
      };
    });
    const memoryRuns = smoke ? 1 : quick ? 3 : 7;
    const peaksOf = async (args: string[]) => {
      const peaks: number[] = [];
      for (let run = 0; run < memoryRuns; run++) peaks.push((await measureNode(args, env, configDir)).peakRssMb);
      return peaks;
    };
    const floorPeak = median(await peaksOf(CASES[0].args));
    for (const testCase of CASES) {
      if (testCase.peakRssMb === undefined) continue;
      const peaks = await peaksOf(testCase.args);
      figures.push({
        name: `${testCase.name}: peak memory`,
        value: round(median(peaks), 1),
        unit: 'MB',
        spread: round(spread(peaks), 1),
        ratio: round(median(peaks) / floorPeak),
        target: `≤ ${testCase.peakRssMb} MB`,
      });
    }
    return { section: 'Startup (median wall time)', figures };
  } finally {
    // The sandbox writes its code cache as it stops: remove the directory after it has.
    if (sandbox.process.exitCode === null && sandbox.process.signalCode === null) {
      const stopped = once(sandbox.process, 'exit');
      sandbox.process.kill();
      await stopped;
    }
    rmSync(configDir, { recursive: true, force: true });
  }
};

/** The reference clients (bundled by scripts/bench.mjs into .bench/reference/), run through bench/reference/cached-run.cjs. */
function referenceCases(url: string): Case[] {
  const run = 'bench/reference/cached-run.cjs';
  const minimalCli = '.bench/reference/minimal-cli.cjs';
  return [
    { name: 'reference: the request of event get over node:http, no CLI', args: [run, '.bench/reference/http-post.cjs', url, DEMO_EVENT_ID] },
    {
      name: 'reference: event get of commander + node:http, nothing else',
      args: [run, minimalCli, '--profile', BENCH_PROFILE, '--unchecked', 'event', 'get', DEMO_EVENT_ID],
    },
    {
      name: 'reference: event get of commander + zod/mini + node:http, nothing else',
      args: [run, minimalCli, '--profile', BENCH_PROFILE, 'event', 'get', DEMO_EVENT_ID],
    },
  ];
}

/** `boxoffice sandbox start` on a free port with the demo data, as its own process. */
async function startSandboxProcess(env: NodeJS.ProcessEnv): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['bin/boxoffice.js', 'sandbox', 'start', '--port', '0', '--db', ':memory:', '--seed', 'demo'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening: ${output}`)));
  });
  return { url, process: child };
}

function cli(args: string[], env: NodeJS.ProcessEnv, input?: string): string {
  return spawnChecked(['bin/boxoffice.js', ...args], env, input);
}

function spawnChecked(args: string[], env: NodeJS.ProcessEnv, input?: string): string {
  const result = spawnSync(process.execPath, args, { env, input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version']).status === 0;
}

/** Rounds of hyperfine runs, every case in each: round → case → times (ms). */
function timeWithHyperfine(cases: readonly Case[], runs: number, warmUps: number, env: NodeJS.ProcessEnv, scratch: string): number[][][] {
  const report = join(scratch, 'hyperfine.json');
  const commands = cases.map((testCase) => [process.execPath, ...testCase.args].map(shellQuote).join(' '));
  const perRound = Math.min(runs, 5);
  const rounds: number[][][] = [];
  for (let done = 0; done < runs; done += perRound) {
    const result = spawnSync(
      'hyperfine',
      ['-N', '--warmup', String(warmUps), '--runs', String(Math.min(perRound, runs - done)), '--export-json', report, '--style', 'none', ...commands],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`hyperfine failed with status ${result.status}`);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as { results: { times: number[] }[] };
    rounds.push(parsed.results.map((entry) => entry.times.map((seconds) => seconds * 1000)));
  }
  return rounds;
}

/** One spawn of every case per round, after `warmUps` rounds of warm-up: round → case → [time]. */
function timeWithSpawn(cases: readonly Case[], runs: number, warmUps: number, env: NodeJS.ProcessEnv): number[][][] {
  const rounds: number[][][] = [];
  for (let run = 0; run < runs + warmUps; run++) {
    const timesByCase = cases.map((testCase) => {
      const started = process.hrtime.bigint();
      spawnSync(process.execPath, testCase.args, { env, stdio: 'ignore' });
      return [Number(process.hrtime.bigint() - started) / 1e6];
    });
    if (run >= warmUps) rounds.push(timesByCase);
  }
  return rounds;
}

function shellQuote(word: string): string {
  return /^[\w./=-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
