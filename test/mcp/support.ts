// Drives `boxoffice mcp` as an assistant does: the SDK's own Client over its stdio transport,
// spawning the built CLI (`node bin/boxoffice.js mcp`) with the environment of an e2e test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN, type E2e } from '../e2e/support/built-cli.js';

export interface McpSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Calls a tool; the result's text and whether it is an error. */
  call(name: string, input?: Record<string, unknown>): Promise<{ isError: boolean; text: string; data: unknown }>;
  close(): Promise<void>;
}

/** The environment of the test process without anything that would steer the CLI. */
export function cleanEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('BOXOFFICE_') && entry[0] !== 'CI'),
  );
}

export async function connectMcp(e2e: E2e, args: readonly string[] = [], env: Record<string, string> = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: { ...cleanEnvironment(), ...e2e.env, ...env },
    cwd: e2e.dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'boxoffice-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, input = {}) => {
      const result = (await client.callTool({ name, arguments: input })) as CallToolResult;
      const first = result.content[0];
      const text = first?.type === 'text' ? first.text : '';
      let data: unknown = null;
      if (!result.isError) data = JSON.parse(text) as unknown;
      return { isError: result.isError === true, text, data };
    },
    close: () => client.close(),
  };
}
