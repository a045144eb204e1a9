// One tool call: an error becomes a tool error carrying the CLI's one-line message and next step,
// which the CLI gives the server (McpHost): src/mcp imports nothing of src/cli.
import { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CommandContext } from '../session/context.js';
import type { Deps } from '../session/deps.js';
import { checkIdArguments, type IdArguments } from '../session/ids.js';
import type { Resource, Verb } from '../client/fields/table.js';
import { fenceServiceText } from './service-text.js';

/** A rate limit that asks for a longer wait is reported at once, with the time to wait, instead of blocking the assistant. */
export const TOOL_CALL_MAX_WAIT_MS = 5_000;

/** A record write of the CLI's verbs: the ids by argument name (EVENT_ID), the fields by API name; the service's answer. */
type RecordWrite = (ids: IdArguments, values: Record<string, string>, context: CommandContext) => Promise<{ body: Record<string, unknown> }>;

export interface McpHost {
  /** The one line an error becomes (src/cli/framework/error-message.ts). */
  wordError(error: unknown, ids: IdArguments, now: Date): string;
  /** The writes of `event create`, `ticket update`, … ("update ticket"). */
  writes: Readonly<Record<`${Verb} ${Resource}`, RecordWrite>>;
}

export interface ServerSettings {
  deps: Deps;
  profile: string;
  debug: boolean;
  host: McpHost;
}

export function textSink(): { stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** No prompts (a missing value is refused by name), stdout kept off the protocol's stdout, stderr the server's, no long waits. */
export function toolContext(settings: ServerSettings, signal: AbortSignal): CommandContext {
  const { deps } = settings;
  return {
    deps: {
      ...deps,
      io: { stdin: Readable.from([]), stdout: textSink().stream, stderr: deps.io.stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
      signal,
    },
    globals: () => ({ profile: settings.profile, json: true, input: false, debug: settings.debug, header: false }),
    maxWaitMs: TOOL_CALL_MAX_WAIT_MS,
  };
}

/** `work`'s document, fenced, as structured content and as JSON text (for clients that read no structured content); `ids` checked first as the CLI checks them. */
export async function toolCall(settings: ServerSettings, ids: IdArguments, work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    checkIdArguments(ids);
    const document = fenceServiceText(await work()) as Record<string, unknown>;
    return { structuredContent: document, content: [{ type: 'text', text: JSON.stringify(document, null, 2) }] };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: settings.host.wordError(error, ids, settings.deps.clock.now()) }] };
  }
}
