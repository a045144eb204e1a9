// Deliveries that cannot be replayed: deliveries of the built CLI's --forward-to, captured, then
// posted to examples/sync-receiver.mjs (as a process) as someone who captured them would: again
// with other Idempotency-Key headers (handled once), with the signed id, the timestamp or the
// body changed (refused), and signed too long ago (refused).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src/sync/sign.js';
import { ROOT, startE2e, type E2e } from '../e2e/support/built-cli.js';
import { tool } from './support.js';

const SECRET = 'whsec_receiver-test-secret';

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

/** An endpoint that keeps every delivery as it arrived and answers 204. */
async function startCapture(): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      deliveries.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`, deliveries, server };
}

interface ExampleReceiver {
  url: string;
  /** The lines it printed for changes it handled. */
  handled(): string[];
  /** Resolves when it has printed a line for handling `changeId`. */
  waitForHandled(changeId: string): Promise<void>;
  child: ChildProcess;
}

function startExampleReceiver(): Promise<ExampleReceiver> {
  const child = spawn(process.execPath, [join(ROOT, 'examples', 'sync-receiver.mjs')], {
    env: { PATH: process.env.PATH ?? '', BOXOFFICE_FORWARD_SECRET: SECRET, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  const listeners: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const listener of [...listeners]) listener();
  });
  const handled = () => stdout.split('\n').filter((line) => line.startsWith('handled '));
  const when = (test: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (!test()) return;
        listeners.splice(listeners.indexOf(check), 1);
        resolve();
      };
      listeners.push(check);
      child.once('exit', (code) => reject(new Error(`the example receiver exited (${code}) before that: ${stdout}`)));
      check();
    });
  return when(() => /listening on (\S+)/.test(stdout)).then(() => ({
    url: (/listening on (\S+)/.exec(stdout) as RegExpExecArray)[1],
    handled,
    waitForHandled: (changeId) => when(() => handled().some((line) => line.startsWith(`handled ${changeId} `))),
    child,
  }));
}

let e2e: E2e;
let receiver: ExampleReceiver;
let deliveries: Delivery[];
beforeAll(async () => {
  e2e = await startE2e();
  const eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '3' })).eventIds as string[])[0]);
  const capture = await startCapture();
  try {
    const run = await e2e.run(['attendees', 'sync', eventId, '--to', join(e2e.dir, 'feed.db'), '--forward-to', capture.url], {
      env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin, BOXOFFICE_FORWARD_SECRET: SECRET },
    });
    if (run.code !== 0) throw new Error(`sync failed: ${run.stderr}`);
  } finally {
    capture.server.close();
  }
  deliveries = capture.deliveries;
  receiver = await startExampleReceiver();
}, 120_000);
afterAll(async () => {
  receiver?.child.kill();
  await e2e?.close();
});

const idOf = (delivery: Delivery): string => (JSON.parse(delivery.body) as { id: string }).id;

async function post(delivery: Delivery, headers: Record<string, string> = {}, body = delivery.body): Promise<number> {
  const sent = { ...delivery.headers, ...headers };
  for (const name of ['host', 'content-length', 'connection']) delete sent[name];
  const response = await fetch(receiver.url, { method: 'POST', headers: sent, body });
  await response.arrayBuffer();
  return response.status;
}

describe('examples/sync-receiver.mjs and the signed change id', () => {
  it('handles one delivery once, however many Idempotency-Key headers it is posted with', async () => {
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    const [once, next] = deliveries;
    expect(await post(once)).toBe(204);
    for (const key of ['replay-1', 'replay-2', `${idOf(once)}-again`]) expect(await post(once, { 'idempotency-key': key })).toBe(204);
    expect(await post(next)).toBe(204);
    await receiver.waitForHandled(idOf(next));
    expect(receiver.handled().filter((line) => line.startsWith(`handled ${idOf(once)} `))).toHaveLength(1);
    expect(receiver.handled()).toHaveLength(2);
  });

  it('refuses a delivery whose signed id, timestamp or body was changed, and one signed too long ago', async () => {
    const delivery = deliveries[2];
    const signature = delivery.headers['boxoffice-signature'];
    const [, t, id] = /^t=(\d+),id=([^,]+),v1=[0-9a-f]{64}$/.exec(signature) ?? [];
    expect(id).toBe(idOf(delivery));
    const otherId = idOf(deliveries[0]);
    expect(await post(delivery, { 'boxoffice-signature': signature.replace(`id=${id}`, `id=${otherId}`) })).toBe(401);
    expect(await post(delivery, { 'boxoffice-signature': signature.replace(`t=${t}`, `t=${Number(t) + 1}`) })).toBe(401);
    expect(await post(delivery, {}, delivery.body.replace(id, otherId))).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    expect(await post(delivery, { 'boxoffice-signature': signatureHeader(SECRET, now - 301, id, delivery.body) })).toBe(401);
    expect(await post(delivery, { 'boxoffice-signature': signatureHeader(SECRET, now + 301, id, delivery.body) })).toBe(401);
    expect(receiver.handled().some((line) => line.startsWith(`handled ${id} `))).toBe(false);
    // The same delivery signed now is handled: the one before was refused for its age alone.
    expect(await post(delivery, { 'boxoffice-signature': signatureHeader(SECRET, now, id, delivery.body) })).toBe(204);
    await receiver.waitForHandled(id);
  });
});
