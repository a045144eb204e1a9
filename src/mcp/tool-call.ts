// One tool call runs the cores in a context of its own, as the CLI would: no prompts, nothing on
// the protocol's stdout, its stderr the server's, and no long waits on rate limits. The document
// it builds from what the cores return becomes structured content with the service's text
// fenced; an error becomes a tool error carrying the CLI's one-line message and next step, which
// the CLI gives the server it starts (McpHost): src/mcp imports nothing of src/cli.
import { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CommandContext } from '../session/context.js';
import type { Deps } from '../session/deps.js';
import { checkIdArguments, type IdArguments } from '../session/ids.js';
import type { Resource, Verb } from '../client/fields/table.js';
import { fenceServiceText } from './service-text.js';

/**
 * The longest one service call of a tool waits out a busy service or a rate limit. A rate limit
 * that asks for longer is reported at once, with the time to wait, instead of blocking the assistant.
 */
export const TOOL_CALL_MAX_WAIT_MS = 5_000;

/** A record write of the CLI's verbs: the ids by argument name (EVENT_ID), the fields by API name; the service's answer. */
type RecordWrite = (ids: IdArguments, values: Record<string, string>, context: CommandContext) => Promise<{ body: WriteAnswer }>;

/** What the service answers a write: the id of the record, and a message. */
interface WriteAnswer {
  message?: string;
  [id: string]: unknown;
}

/** What the CLI gives the MCP server it starts: its wording of errors, and its record writes. */
export interface McpHost {
  /** The one line an error becomes (src/cli/framework/error-message.ts), for a call with these ids. */
  wordError(error: unknown, ids: IdArguments, now: Date): string;
  /** The writes of `event create`, `ticket update`, …, by verb and resource ("update ticket"). */
  writes: Readonly<Record<`${Verb} ${Resource}`, RecordWrite>>;
}

/** What every tool call of one server shares. */
export interface ServerSettings {
  deps: Deps;
  profile: string;
  debug: boolean;
  host: McpHost;
}

/** Text written to a stream, kept. */
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

/**
 * The context a tool's call opens its session in, as the CLI would: no prompts (a missing value
 * is refused by name), stdout kept off the protocol (the real stdout carries it), stderr the
 * server's, and no long waits on rate limits.
 */
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

/**
 * Runs `work` and returns its document, the service's text fenced, as structured content and as
 * one JSON text (for clients that read no structured content); or the CLI's message for the
 * error it threw as a tool error. `ids` are the call's ids by argument name (EVENT_ID), checked
 * first as the CLI checks them.
 */
export async function toolCall(settings: ServerSettings, ids: IdArguments, work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    checkIdArguments(ids);
    const document = fenceServiceText(await work()) as Record<string, unknown>;
    return { structuredContent: document, content: [{ type: 'text', text: JSON.stringify(document, null, 2) }] };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: settings.host.wordError(error, ids, settings.deps.clock.now()) }] };
  }
}
