// The change feed as users run it (the built CLI, a real sandbox): deliveries through the proxy
// of HTTP_PROXY with boxoffice's User-Agent, the summary's counts of what was delivered, a line
// per delivery on a terminal, and --watch's one status line at 80 columns.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { runInTerminal, wrappedLines } from '../../../helpers/terminal.js';
import { listedTickets, type Receiver, startReceiver, tool } from '../../../sync/support.js';

const SECRET = 'whsec_feed-test-secret';
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface Relayed {
  /** How the request reached the proxy: a CONNECT tunnel, or an absolute URI. */
  via: 'connect' | 'absolute-uri';
  host: string;
  userAgent: string | undefined;
}

/** An HTTP proxy on loopback that records what passes through it and relays it to 127.0.0.1. */
async function startRecordingProxy(): Promise<{ url: string; relayed: Relayed[]; close(): Promise<void> }> {
  const relayed: Relayed[] = [];
  const relay = (via: Relayed['via'], incoming: IncomingMessage, answer: ServerResponse): void => {
    const target = new URL(incoming.url ?? '/', `http://${incoming.headers.host}`);
    relayed.push({ via, host: target.host, userAgent: incoming.headers['user-agent'] });
    const outgoing = request({
      host: '127.0.0.1',
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: incoming.method,
      headers: incoming.headers,
    });
    outgoing.on('response', (response) => {
      answer.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(answer);
    });
    outgoing.on('error', () => answer.writeHead(502).end());
    incoming.pipe(outgoing);
  };
  // A tunnel's requests are plain HTTP here (the receiver is http://): read them as a server would.
  const tunnelled = createServer((incoming, answer) => relay('connect', incoming, answer));
  const proxy: Server = createServer((incoming, answer) => relay('absolute-uri', incoming, answer));
  proxy.on('connect', (_incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    tunnelled.emit('connection', socket);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    relayed,
    close: () => {
      proxy.closeAllConnections();
      tunnelled.closeAllConnections();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}

let e2e: E2e;
let receiver: Receiver;
let env: Record<string, string>;
beforeAll(async () => {
  e2e = await startE2e();
  receiver = await startReceiver(() => SECRET);
  env = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin, BOXOFFICE_FORWARD_SECRET: SECRET };
});
afterAll(async () => {
  await receiver?.close();
  await e2e?.close();
});

async function seededEvent(orders: number): Promise<string> {
  return String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: String(orders) })).eventIds as string[])[0]);
}

describe('attendees sync --forward-to: the transport of every request', { timeout: 120_000 }, () => {
  it('delivers through the proxy of HTTP_PROXY (the sandbox on loopback stays direct), with User-Agent boxoffice/<version>', async () => {
    const eventId = await seededEvent(3);
    const proxy = await startRecordingProxy();
    try {
      const before = receiver.received.length;
      // A name, not a loopback literal: loopback literals never go through a proxy.
      const hook = receiver.url.replace('127.0.0.1', 'localhost');
      const result = await e2e.run(['attendees', 'sync', eventId, '--to', join(e2e.dir, 'proxied.db'), '--forward-to', hook], {
        env: { ...env, HTTP_PROXY: proxy.url },
      });
      expect(result.code, result.stderr).toBe(0);
      const delivered = receiver.received.length - before;
      expect(delivered).toBeGreaterThanOrEqual(3);
      expect(proxy.relayed).toHaveLength(delivered);
      for (const passed of proxy.relayed) {
        expect(passed.host).toBe(new URL(hook).host);
        expect(passed.userAgent).toBe(`boxoffice/${VERSION}`);
      }
    } finally {
      await proxy.close();
    }
  });
});

describe('attendees sync: what the feed delivered', { timeout: 180_000 }, () => {
  it('in a script: stdout stays empty, and the summary counts the changes of the run and what each feed delivered, failed and left pending', async () => {
    const eventId = await seededEvent(6);
    const database = join(e2e.dir, 'counted.db');
    const first = await e2e.run(['attendees', 'sync', eventId, '--to', database], { env });
    expect(first.code, first.stderr).toBe(0);
    const added = Number(/: (\d+) added, 0 updated, 0 cancelled, 0 removed; \d+ reads/.exec(first.stderr)?.[1]);
    expect(added).toBeGreaterThanOrEqual(6);

    const [cancelled, edited] = listedTickets(e2e.sandbox, eventId).filter((ticket) => ticket.status === 'attending');
    await tool(e2e.sandbox, '/sandbox/cancel-attendee', { ticketNo: cancelled.ticketNo });
    await tool(e2e.sandbox, '/sandbox/answer', { ticketNo: edited.ticketNo, label: 'T-shirt size', value: 'XXL' });
    // The feed is named for the first time: it gets the earlier run's changes too.
    const fed = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--full', '--forward-to', receiver.url], { env });
    expect(fed.code, fed.stderr).toBe(0);
    expect(fed.stdout).toBe('');
    expect(fed.stderr).toContain(`: 0 added, 1 updated, 1 cancelled, 0 removed; --forward-to: ${added + 2} delivered, 0 failed, 0 pending; `);

    // A new feed starts with the oldest change; refused, it stops the run before it reads.
    const refusing = await startRefusingEndpoint();
    try {
      const refused = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--forward-to', refusing.url], { env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`event ${eventId}; --forward-to: 0 delivered, 1 failed, ${added + 2} pending\n`);
      expect(refused.stderr).toMatch(/error: --forward-to http:\S+: answered HTTP 410 to change chg_[\w-]+ \(attendee\.added\); it stays in the outbox/);
    } finally {
      refusing.server.close();
    }
  });

  it('on a terminal: one line per delivery of each feed (time, answer, type, id), and lines wrapped at word boundaries', async () => {
    const eventId = await seededEvent(4);
    const before = receiver.received.length;
    const database = join(e2e.dir, 'terminal.db');
    const session = runInTerminal(['attendees', 'sync', eventId, '--to', database, '--forward-to', receiver.url, '--exec', 'cat > /dev/null'], {
      cwd: e2e.dir,
      env: { ...e2e.env, ...env },
    });
    expect(await session.exit, session.text()).toBe(0);
    const fresh = receiver.received.slice(before);
    const lines = session.text().split('\n');
    const linesOf = (answer: string): string[] => lines.filter((line) => line.includes(`  [${answer}]  attendee.`));
    const expected = fresh.map((change) =>
      expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d {2}\\[[^\\]]+\\] {2}${change.type.replace('.', '\\.')} +${change.id}$`)),
    );
    expect(linesOf('204')).toEqual(expected);
    expect(linesOf('exit 0')).toEqual(expected);
    expect(wrappedLines(session)).toEqual([]);
    const text = lines.join(' ');
    expect(text).toContain(`; --exec: ${fresh.length} delivered, 0 failed, 0 pending; --forward-to: ${fresh.length} delivered, 0 failed, 0 pending;`);
    expect(text).toContain(`sync ${eventId} → ${database}: a first full reconciliation`);
  });
});

/** An endpoint that answers 410 (Gone) to every delivery: not a failure that may pass. */
async function startRefusingEndpoint(): Promise<{ url: string; server: Server }> {
  const server = createServer((incoming, answer) => {
    incoming.resume();
    incoming.on('end', () => answer.writeHead(410).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/gone`, server };
}

describe('attendees sync --watch on a terminal', { timeout: 120_000 }, () => {
  it.each([
    { columns: 80, file: 'watched-with-a-long-name-to-fill-the-line.db', status: /^\d\d:\d\d:\d\d event \d+: no changes; 2 reads; next in 1s$/ },
    // Narrower than the status: cut after its last whole word.
    { columns: 48, file: 'w.db', status: /^\d\d:\d\d:\d\d event \d+: no changes; 2 reads;…$/ },
  ])(
    'at $columns columns keeps one status line for its runs, within the width; the plan lines wrap between words, once each',
    async ({ columns, file, status }) => {
      const eventId = await seededEvent(30);
      const database = join(e2e.dir, file);
      const session = runInTerminal(['attendees', 'sync', eventId, '--to', database, '--watch', '1s'], { columns, cwd: e2e.dir, env: { ...e2e.env, ...env } });
      try {
        // Four runs drawn (30 orders: the first, full, reads 2 as well).
        await session.waitFor(() => (session.raw().match(/; 2 reads/g) ?? []).length >= 4, 60_000);
        const lines = session.lines();
        expect(wrappedLines(session)).toEqual([]);
        expect(lines.filter((line) => /^\d\d:\d\d:\d\d /.test(line.text))).toHaveLength(1);
        const shown = lines[lines.length - 1].text;
        expect(shown).toMatch(status);
        expect(shown.length).toBeLessThan(columns);
        const text = lines.map((line) => line.text).join(' ');
        expect(text.match(new RegExp(`sync ${eventId} → `, 'g'))).toHaveLength(2);
        // Wrapped between words: the lines joined by a space give the line as written.
        expect(text).toContain(`sync ${eventId} → ${database}: a first full reconciliation`);
      } finally {
        session.interrupt();
        await session.exit;
      }
    },
  );
});
