// Drives `boxoffice mcp` as an assistant does: the SDK's own Client over its stdio transport,
// spawning the built CLI (`node bin/boxoffice.js mcp`) with the environment of an e2e test. Every
// result is checked against the tool's output schema (the SDK's JSON Schema validator, ajv), and
// its text must be its structured content as JSON.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { BIN, type E2e } from '../e2e/support/built-cli.js';

const FENCED = /^<service-text-([0-9a-f]{8})>([\s\S]*)<\/service-text-\1>$/;

/** `value` with every fenced service text unfenced: what the service sent. */
export function unfenced(value: unknown): unknown {
  if (typeof value === 'string') return FENCED.exec(value)?.[2] ?? value;
  if (Array.isArray(value)) return value.map(unfenced);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, unfenced(item)]));
}

/** The nonce and text of a fenced service text, or undefined when `value` is not one. */
export function fence(value: unknown): { nonce: string; text: string } | undefined {
  const match = typeof value === 'string' ? FENCED.exec(value) : null;
  return match ? { nonce: match[1] as string, text: match[2] as string } : undefined;
}

export interface McpSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Calls a tool: whether it is an error, its text, and its structured content (checked against the tool's output schema). */
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
  const validator = new AjvJsonSchemaValidator();
  let tools: Map<string, Tool> | undefined;
  return {
    client,
    stderr: () => stderr,
    call: async (name, input = {}) => {
      tools ??= new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
      const result = (await client.callTool({ name, arguments: input })) as CallToolResult;
      const first = result.content[0];
      const text = first?.type === 'text' ? first.text : '';
      if (result.isError) return { isError: true, text, data: null };
      const schema = tools.get(name)?.outputSchema;
      if (schema === undefined) throw new Error(`${name} has no output schema`);
      const checked = validator.getValidator(schema)(result.structuredContent);
      if (!checked.valid) throw new Error(`${name}: structured content does not match its output schema: ${checked.errorMessage}`);
      if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(result.structuredContent)) throw new Error(`${name}: its text is not its structured content`);
      return { isError: false, text, data: result.structuredContent };
    },
    close: () => client.close(),
  };
}
