// Sandbox throughput under concurrent load: get-event (E7) on a fresh database, and get-report
// (E10) of a 100-order event in a database seeded with many more orders. The sandbox runs as its
// own process (`boxoffice sandbox start`), as organizers run it; this process drives a bounded
// number of requests at a fixed concurrency over keep-alive connections on loopback. Besides the
// rates, the CPU time the server process spends per request (user + system, from /proc/<pid>/stat
// on Linux) is printed: it follows the code rather than the machine's load.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { createClient } from '../src/client/index.js';
import type { BenchModule, Figure } from './types.js';
import { median, round, spread } from './stats.js';

const CONCURRENCY = 32;
const REPORT_CONCURRENCY = 50;

export const sandboxLoadBench: BenchModule = async ({ quick, smoke, log }) => {
  const requestsPerRun = smoke ? 100 : quick ? 2_000 : 10_000;
  const runs = smoke ? 1 : quick ? 3 : 5;
  const sandbox = await startSandboxProcess();
  try {
    const token = mintToken(sandbox);
    const client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token });
    const { eventId } = await client.events.createEvent({
      eventType: 'public',
      type: 'ticketing',
      eventTitle: 'Load test',
      url: 'load-test',
      segment: 'technology',
      category: 'technology',
      startDate: '2099-01-10',
      endDate: '2099-01-11',
      startTime: '09:00',
      endTime: '18:00',
      aboutEvent: 'Load',
      listingImage: 'https://example.invalid/l.png',
      headerImage: 'https://example.invalid/h.png',
      contactInfo: 'load@example.invalid',
    });
    await client.close();

    const event = await measure(sandbox.url, {
      path: '/api/e/get-event',
      token,
      eventId: String(eventId),
      concurrency: CONCURRENCY,
      requestsPerRun,
      runs,
      serverPid: sandbox.pid,
    });
    log(`sandbox-load: ${runs} runs of ${requestsPerRun} get-event requests at concurrency ${CONCURRENCY}`);

    // Events of about 100 orders each, and the report of one of them.
    const events = smoke ? 2 : quick ? 50 : 200;
    const reportEventId = seedOrders(sandbox, events, events * 100);
    const report = await measure(sandbox.url, {
      path: '/api/e/get-report',
      token,
      eventId: reportEventId,
      concurrency: REPORT_CONCURRENCY,
      requestsPerRun,
      runs,
      serverPid: sandbox.pid,
    });
    log(`sandbox-load: ${runs} runs of ${requestsPerRun} get-report requests at concurrency ${REPORT_CONCURRENCY}, ${events * 100} orders seeded`);
    const floorServer = await startFloorServer(await reportBody(sandbox.url, token, reportEventId));
    const floor = await measure(floorServer.url, {
      path: '/api/e/get-report',
      token,
      eventId: reportEventId,
      concurrency: REPORT_CONCURRENCY,
      requestsPerRun,
      runs,
      serverPid: floorServer.pid,
    }).finally(() => floorServer.stop());
    log(`sandbox-load: ${runs} runs of ${requestsPerRun} requests to a bare node:http server answering get-report's bytes`);
    return {
      section: `Sandbox under load (${requestsPerRun} requests a run; get-report of a 100-order event among ${events * 100} orders)`,
      figures: [
        {
          name: `get-event requests per second (${CONCURRENCY} concurrent)`,
          value: round(median(event.rates), 0),
          unit: 'req/s',
          spread: round(spread(event.rates), 0),
        },
        { name: 'get-event p99 latency', value: round(median(event.p99s)), unit: 'ms', spread: round(spread(event.p99s)) },
        {
          name: `get-report requests per second (${REPORT_CONCURRENCY} concurrent)`,
          value: round(median(report.rates), 0),
          unit: 'req/s',
          spread: round(spread(report.rates), 0),
          target: '≥ 1000 req/s',
        },
        { name: 'get-report p99 latency', value: round(median(report.p99s)), unit: 'ms', spread: round(spread(report.p99s)) },
        {
          name: `bare node:http server answering get-report's bytes (${REPORT_CONCURRENCY} concurrent; the floor)`,
          value: round(median(floor.rates), 0),
          unit: 'req/s',
          spread: round(spread(floor.rates), 0),
          ratio: round(median(report.rates) / median(floor.rates)),
          note: "ratio: get-report's rate over this one, in the same run (what the load driver and the machine allow)",
        },
        ...cpuFigures(event, report, floor),
      ],
    };
  } finally {
    await sandbox.stop();
  }
};

interface LoadRun {
  path: string;
  token: string;
  eventId: string;
  concurrency: number;
  requestsPerRun: number;
  runs: number;
  /** The server's process, whose CPU time is read around each run. */
  serverPid?: number;
}

interface LoadResult {
  rates: number[];
  p99s: number[];
  /** The server's CPU time per request of each run (µs); empty where /proc is not there. */
  cpuPerRequest: number[];
}

/** User + system CPU time of a process so far (ms), from /proc/<pid>/stat; undefined off Linux. */
function processCpuMs(pid: number | undefined): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return undefined;
  // After the command name (which may hold spaces): utime and stime are the 12th and 13th fields, in clock ticks (100 a second).
  const text = readFileSync(stat, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Requests per second, p99 latency (ms) and the server's CPU per request of each run, after a warm-up. */
async function measure(url: string, load: LoadRun): Promise<LoadResult> {
  const pool = new Pool(url, { connections: load.concurrency, pipelining: 1 });
  const body = new URLSearchParams({ eventId: load.eventId }).toString();
  const result: LoadResult = { rates: [], p99s: [], cpuPerRequest: [] };
  try {
    // Long enough a warm-up for V8 to have compiled the request path.
    await drive(pool, load, body, Math.min(1_000, load.requestsPerRun));
    for (let run = 0; run < load.runs; run++) {
      const cpuBefore = processCpuMs(load.serverPid);
      const { seconds, latencies } = await drive(pool, load, body, load.requestsPerRun);
      const cpuAfter = processCpuMs(load.serverPid);
      result.rates.push(load.requestsPerRun / seconds);
      latencies.sort((a, b) => a - b);
      result.p99s.push(latencies[Math.floor(latencies.length * 0.99)]);
      if (cpuBefore !== undefined && cpuAfter !== undefined) result.cpuPerRequest.push(((cpuAfter - cpuBefore) * 1000) / load.requestsPerRun);
    }
  } finally {
    await pool.close();
  }
  return result;
}

/** The servers' CPU per request: get-event, get-report, and the bare server get-report is compared with. */
function cpuFigures(event: LoadResult, report: LoadResult, floor: LoadResult): Figure[] {
  if (report.cpuPerRequest.length === 0 || floor.cpuPerRequest.length === 0) return [];
  const floorCpu = median(floor.cpuPerRequest);
  const cpuFigure = (name: string, result: LoadResult): Figure => ({
    name,
    value: round(median(result.cpuPerRequest), 0),
    unit: 'µs',
    spread: round(spread(result.cpuPerRequest), 0),
    ratio: round(median(result.cpuPerRequest) / floorCpu),
  });
  return [
    cpuFigure('get-event: sandbox CPU per request', event),
    {
      ...cpuFigure('get-report: sandbox CPU per request', report),
      target: '≤ 500 µs',
      note: "ratio: over the bare server's CPU per request",
    },
    { name: 'bare node:http server: CPU per request (the floor)', value: round(floorCpu, 0), unit: 'µs', spread: round(spread(floor.cpuPerRequest), 0) },
  ];
}

async function drive(pool: Pool, { path, token, concurrency }: LoadRun, body: string, total: number) {
  let issued = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const worker = async () => {
    while (issued < total) {
      issued++;
      const sent = performance.now();
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const text = await response.body.text();
      if (response.statusCode !== 200 || !text.includes('"success"')) {
        throw new Error(`${path} answered ${response.statusCode}: ${text.slice(0, 200)}`);
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { seconds: (performance.now() - started) / 1000, latencies };
}

/** The body of one get-report answer, for the floor server to send. */
async function reportBody(url: string, token: string, eventId: string): Promise<string> {
  const response = await fetch(`${url}/api/e/get-report`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ eventId }),
  });
  return response.text();
}

/**
 * The floor get-report is compared with: a node:http server in its own process that reads each
 * request's body and answers with `body`, doing nothing else; what is left of get-report's time
 * is the sandbox's own (routing, checks, the query, the answer).
 */
async function startFloorServer(body: string): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const script = `
    const body = Buffer.from(process.env.FLOOR_BODY);
    const server = require('node:http').createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body));
    });
    server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
    process.on('SIGTERM', () => server.close(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FLOOR_BODY: body } });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code} before listening`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface SandboxProcess {
  url: string;
  pid: number | undefined;
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
    pid: child.pid,
    secret,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Seeds `orders` confirmed orders over `events` events with `boxoffice sandbox seed`; the first new event's id. */
function seedOrders(sandbox: SandboxProcess, events: number, orders: number): string {
  const result = spawnSync(
    process.execPath,
    ['bin/boxoffice.js', 'sandbox', 'seed', '--events', String(events), '--orders', String(orders), '--url', sandbox.url],
    {
      encoding: 'utf8',
      env: { ...process.env, BOXOFFICE_SANDBOX_SECRET: sandbox.secret },
    },
  );
  if (result.status !== 0) throw new Error(`sandbox seed failed: ${result.stderr}`);
  return result.stdout.trim().split('\n')[0];
}

function mintToken(sandbox: SandboxProcess, role = 'organizer'): string {
  const result = spawnSync(process.execPath, ['bin/boxoffice.js', 'sandbox', 'token', '--role', role, '--url', sandbox.url], {
    encoding: 'utf8',
    env: { ...process.env, BOXOFFICE_SANDBOX_SECRET: sandbox.secret },
  });
  if (result.status !== 0) throw new Error(`sandbox token failed: ${result.stderr}`);
  return result.stdout.trim();
}
