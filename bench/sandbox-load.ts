// Sandbox throughput on get-event (E7) under concurrent load. The sandbox runs as its own
// process (`boxoffice sandbox start`), as organizers run it; this process drives a bounded
// number of requests at a fixed concurrency over keep-alive connections on loopback.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { createClient } from '../src/client/index.js';
import type { BenchModule } from './types.js';
import { median, round, spread } from './stats.js';

const CONCURRENCY = 32;

export const sandboxLoadBench: BenchModule = async ({ quick, smoke, log }) => {
  const requestsPerRun = smoke ? 100 : quick ? 2_000 : 10_000;
  const runs = smoke ? 1 : quick ? 3 : 5;
  const sandbox = await startSandboxProcess();
  try {
    const token = mintToken(sandbox);
    const client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token });
    const { eventId } = await client.events.createEvent({
      eventType: 'public', type: 'ticketing', eventTitle: 'Load test', url: 'load-test', segment: 'technology',
      category: 'technology', startDate: '2099-01-10', endDate: '2099-01-11', startTime: '09:00', endTime: '18:00',
      aboutEvent: 'Load', listingImage: 'https://example.invalid/l.png', headerImage: 'https://example.invalid/h.png',
      contactInfo: 'load@example.invalid',
    });
    await client.close();

    const pool = new Pool(sandbox.url, { connections: CONCURRENCY, pipelining: 1 });
    const body = new URLSearchParams({ eventId: String(eventId) }).toString();
    const rates: number[] = [];
    const p99s: number[] = [];
    try {
      await drive(pool, token, body, 200); // warm-up
      for (let run = 0; run < runs; run++) {
        const { seconds, latencies } = await drive(pool, token, body, requestsPerRun);
        rates.push(requestsPerRun / seconds);
        latencies.sort((a, b) => a - b);
        p99s.push(latencies[Math.floor(latencies.length * 0.99)]);
      }
    } finally {
      await pool.close();
    }
    log(`sandbox-load: ${runs} runs of ${requestsPerRun} get-event requests at concurrency ${CONCURRENCY}`);
    return {
      section: `Sandbox get-event under load (${CONCURRENCY} concurrent, ${requestsPerRun} requests a run)`,
      figures: [
        { name: 'requests per second', value: round(median(rates), 0), unit: 'req/s', spread: round(spread(rates), 0) },
        { name: 'p99 latency', value: round(median(p99s)), unit: 'ms', spread: round(spread(p99s)) },
      ],
    };
  } finally {
    await sandbox.stop();
  }
};

async function drive(pool: Pool, token: string, body: string, total: number) {
  let issued = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const worker = async () => {
    while (issued < total) {
      issued++;
      const sent = performance.now();
      const response = await pool.request({
        method: 'POST',
        path: '/api/e/get-event',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const text = await response.body.text();
      if (response.statusCode !== 200 || !text.includes('"success"')) {
        throw new Error(`get-event answered ${response.statusCode}: ${text.slice(0, 200)}`);
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - started) / 1000, latencies };
}

interface SandboxProcess {
  url: string;
  /** The /sandbox/* secret, as `sandbox start --print-secret` printed it. */
  secret: string;
  stop(): Promise<void>;
}

async function startSandboxProcess(extraArgs: string[] = []): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/boxoffice.js', 'sandbox', 'start', '--port', '0', '--db', ':memory:', '--print-secret', ...extraArgs],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const { url, secret } = await new Promise<{ url: string; secret: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let url = '';
    lines.on('line', (line) => {
      url ||= /^listening on (http:\/\/\S+)$/.exec(line)?.[1] ?? '';
      const secret = /^BOXOFFICE_SANDBOX_SECRET=(\S+)$/.exec(line)?.[1];
      if (url && secret) resolve({ url, secret });
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before listening`)));
  });
  return {
    url,
    secret,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function mintToken(sandbox: SandboxProcess, role = 'organizer'): string {
  const result = spawnSync(process.execPath, ['bin/boxoffice.js', 'sandbox', 'token', '--role', role, '--url', sandbox.url], {
    encoding: 'utf8',
    env: { ...process.env, BOXOFFICE_SANDBOX_SECRET: sandbox.secret },
  });
  if (result.status !== 0) throw new Error(`sandbox token failed: ${result.stderr}`);
  return result.stdout.trim();
}
