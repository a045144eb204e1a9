// A message `boxoffice mcp` cannot take is answered with a JSON-RPC error, and the server goes on
// serving: a tool call far larger than it takes (through the SDK's Client, as an assistant sends
// it), text that is not JSON and JSON that is no JSON-RPC message (written raw on its stdin).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startE2e, type E2e } from '../e2e/support/built-cli.js';
import { cleanEnvironment, connectMcp, type McpSession } from './support.js';

let e2e: E2e;
let mcp: McpSession;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  mcp = await connectMcp(e2e, ['mcp']);
});
afterAll(async () => {
  await mcp?.close();
  await e2e?.close();
});

/** `boxoffice mcp` spoken to line by line, without a client's checks. */
function rawServer(): { send(line: string): void; next(): Promise<Record<string, unknown>>; child: ChildProcessWithoutNullStreams } {
  const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: e2e.dir, env: { ...cleanEnvironment(), ...e2e.env } });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    send: (line) => child.stdin.write(`${line}\n`),
    next: async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error('boxoffice mcp ended its output');
      return JSON.parse(value as string) as Record<string, unknown>;
    },
  };
}

describe('messages boxoffice mcp cannot take', { timeout: 120_000 }, () => {
  it('answers a 60 MB tool call with a JSON-RPC error under its id, and serves the next call', async () => {
    const huge = 'x'.repeat(60 * 1024 * 1024);
    const refused = await mcp.client.callTool({ name: 'get_event', arguments: { eventId: huge } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(-32600);
    expect((refused as McpError).message).toMatch(/message too large: 6291\d{4} bytes, more than the 4194304 this server takes; nothing was done/);
    const next = await mcp.call('list_events');
    expect(next.isError, next.text).toBe(false);
    expect(mcp.stderr()).toMatch(/^boxoffice mcp: message too large: /m);
  });

  it('answers text that is not JSON with a parse error, JSON that is no request with an invalid-request error, and goes on', async () => {
    const server = rawServer();
    try {
      server.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      );
      expect(await server.next()).toMatchObject({ id: 1, result: { serverInfo: { name: 'boxoffice' } } });
      server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      server.send('{"jsonrpc":"2.0","id":2,"method":"tools/list"');
      expect(await server.next()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^parse error: not JSON/) },
      });
      server.send(JSON.stringify({ id: 3, hello: 'world' }));
      expect(await server.next()).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32600, message: 'invalid request: not a JSON-RPC 2.0 message; nothing was done' },
      });
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_events', arguments: {} } }));
      const answer = await server.next();
      expect(answer).toMatchObject({ id: 4, result: { content: [{ type: 'text' }] } });
      expect((answer.result as { isError?: boolean }).isError).toBeUndefined();
    } finally {
      server.child.stdin.end();
    }
    const code = await new Promise((resolve) => server.child.once('close', resolve));
    expect(code).toBe(0);
  });
});
