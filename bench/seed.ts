// Seeding: a running sandbox (file database, as `sandbox start` uses) generates N confirmed
// orders with 1–4 attendees each and custom answers when POST /sandbox/seed asks it to — the
// same request `boxoffice sandbox seed` sends. Timed end to end over loopback HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/server.js';
import type { BenchModule, BenchSection } from './types.js';
import { median, round, spread } from './stats.js';

export interface SeedBenchOptions {
  orders: number;
  events: number;
  runs: number;
  log(line: string): void;
}

export interface SeedBenchResult {
  orders: number;
  attendees: number;
  seconds: number[];
}

interface SeedAnswer {
  status: string;
  eventIds: string[];
  orders: number;
  attendees: number;
}

/** Seeds `orders` orders into a fresh sandbox per run; returns the seconds each run took. */
export async function measureSeeding({ orders, events, runs, log }: SeedBenchOptions): Promise<SeedBenchResult> {
  const seconds: number[] = [];
  let attendees = 0;
  for (let run = 1; run <= runs; run += 1) {
    const directory = mkdtempSync(join(tmpdir(), 'boxoffice-seed-bench-'));
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dbPath: join(directory, 'sandbox.db') });
    try {
      const started = performance.now();
      const response = await fetch(`${sandbox.url}/sandbox/seed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.secret}` },
        body: new URLSearchParams({ events: String(events), orders: String(orders) }),
      });
      const answer = (await response.json()) as SeedAnswer;
      const elapsed = (performance.now() - started) / 1000;
      if (answer.status !== 'success' || answer.orders !== orders) throw new Error(`seeding failed: ${JSON.stringify(answer)}`);
      seconds.push(elapsed);
      attendees = answer.attendees;
      log(`seed run ${run}/${runs}: ${orders} orders, ${answer.attendees} attendees in ${elapsed.toFixed(2)}s`);
    } finally {
      await sandbox.close();
      rmSync(directory, { recursive: true, force: true });
    }
  }
  return { orders, attendees, seconds };
}

export const seedBench: BenchModule = async ({ quick, smoke, log }): Promise<BenchSection> => {
  const orders = smoke ? 200 : quick ? 10_000 : 100_000;
  const runs = smoke ? 1 : 3;
  const result = await measureSeeding({ orders, events: 10, runs, log });
  const seconds = median(result.seconds);
  return {
    section: 'Sandbox seeding (sandbox seed)',
    figures: [
      {
        name: `seed ${orders.toLocaleString('en')} orders (${result.attendees.toLocaleString('en')} attendees)`,
        value: round(seconds, 2),
        unit: 's',
        spread: round(spread(result.seconds), 2),
        target: '< 60 s',
        note: `median of ${runs} runs, POST /sandbox/seed, file database`,
      },
      { name: 'orders per second', value: Math.round(orders / seconds), unit: 'orders/s' },
    ],
  };
};
