// Start-up of `boxoffice mcp`: from spawning the process until it answers the client's
// `initialize` request on stdout, as an assistant starting it sees it. Beside it, in the same
// interleaved rounds, `node -e 0` from spawn to exit, for a ratio on the same machine and minute.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchModule } from './types.js';
import { median, round, spread } from './stats.js';

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'boxoffice-bench', version: '1.0.0' } },
})}\n`;

/** Milliseconds from spawn until the answer to `initialize`; the server is then closed. */
function timeToInitialize(env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['bin/boxoffice.js', 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes('\n')) return;
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      const answer = JSON.parse(output.slice(0, output.indexOf('\n'))) as { id?: number; result?: { serverInfo?: { name?: string } } };
      child.stdin.end();
      if (answer.id === 1 && answer.result?.serverInfo?.name === 'boxoffice') resolve(elapsed);
      else reject(new Error(`boxoffice mcp answered initialize with ${output}`));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => {
      if (!output.includes('\n')) reject(new Error(`boxoffice mcp exited (${code}) before answering: ${stderr}`));
    });
    child.stdin.write(INITIALIZE);
  });
}

function timeNodeBaseline(env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', '0'], { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
  });
}

export const mcpBench: BenchModule = async ({ quick, smoke, log }) => {
  const runs = smoke ? 1 : quick ? 10 : 30;
  const warmUps = smoke ? 0 : 2;
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-bench-mcp-'));
  const env = { ...process.env, BOXOFFICE_CONFIG_DIR: configDir };
  try {
    const baseline: number[] = [];
    const mcp: number[] = [];
    // Warm-up rounds, then interleaved: a slow minute weighs on both alike.
    for (let run = 0; run < runs + warmUps; run++) {
      const node = await timeNodeBaseline(env);
      const server = await timeToInitialize(env);
      if (run < warmUps) continue;
      baseline.push(node);
      mcp.push(server);
    }
    log(`mcp: ${runs} runs, baseline median ${round(median(baseline))} ms`);
    return {
      section: 'MCP server start-up (median wall time)',
      figures: [
        { name: 'node -e 0 (baseline)', value: round(median(baseline)), unit: 'ms', spread: round(spread(baseline)) },
        {
          name: 'boxoffice mcp: spawn → initialize answered',
          value: round(median(mcp)),
          unit: 'ms',
          spread: round(spread(mcp)),
          ratio: round(median(mcp.map((time, index) => time / baseline[index]))),
        },
      ],
    };
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
};
