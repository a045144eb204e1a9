// `boxoffice mcp`: the organizer's tools over the Model Context Protocol on the standard streams
// (the SDK's server on a line transport of its own, stdio-transport.ts).
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LIVE_PROFILE } from '../session/config/profile.js';
import { configDirectory } from '../session/config/store.js';
import type { CommandContext } from '../session/context.js';
import { HOURLY_READ_QUOTA } from '../client/live-quotas.js';
import { loadProfile } from '../session/session.js';
import { kebabCase } from '../util/kebab-case.js';
import { packageVersion } from '../util/version.js';
import { SERVICE_TEXT_CONVENTION } from './service-text.js';
import { toolDescription, type BoxofficeTool, type ToolInput } from './tool.js';
import type { McpHost, ServerSettings } from './tool-call.js';
import { LineTransport } from './stdio-transport.js';
import { applyTool } from './tools/apply.js';
import { attendeeTools } from './tools/attendees.js';
import { insightsTool } from './tools/insights.js';
import { readTools } from './tools/read.js';
import { writeTools } from './tools/write.js';

export interface McpServeOptions {
  allowWrites: boolean;
  allowAttendeeRows: boolean;
  /** Default: `exports` in the config directory. */
  exportDir?: string;
}

function serverInstructions(profile: string, options: McpServeOptions): string {
  const writes = options.allowWrites
    ? `The write tools (create_*, update_*, apply_setup) change the service${profile === LIVE_PROFILE ? ', here the LIVE one, for real buyers' : ''}; ask before calling them.`
    : 'The server is read-only: no tool changes the service.';
  return [
    `boxoffice: an event organizer's account on the ticketing service (profile ${profile}): its events, tickets, sales report, ` +
      'bookings, sales insights and attendee list. Start with list_events for the ids the other tools take.',
    writes,
    `Each call costs read calls of the service's quota, said in each tool's description: the live service allows about ` +
      `${HOURLY_READ_QUOTA} read calls an hour for the whole account, so read what the question needs, once.`,
    'Attendee data stays out of the conversation: export_attendees writes it to a private file and returns its path and counts.',
    `Results are structured content (each tool has an output schema) with the same document as JSON text. ${SERVICE_TEXT_CONVENTION}`,
  ].join('\n\n');
}

/** An error in the tool's own terms: the CLI's messages name flags (--from-date) and arguments (EVENT_ID), the tool takes fromDate, eventId. */
function inToolTerms(tool: BoxofficeTool, result: CallToolResult): CallToolResult {
  if (!result.isError) return result;
  const reworded = (message: string) => {
    let text = message;
    for (const name of Object.keys(tool.input)) {
      text = text.replace(new RegExp(`--${kebabCase(name)}(?![\\w-])`, 'g'), name);
      if (name.endsWith('Id')) text = text.replace(new RegExp(`\\b${kebabCase(name).replace(/-/g, '_').toUpperCase()}\\b`, 'g'), name);
    }
    return text;
  };
  return { ...result, content: result.content.map((block) => (block.type === 'text' ? { ...block, text: reworded(block.text) } : block)) };
}

/** One stderr line per call of a write tool: which, on which profile, on what, and how it ended. */
function writeLogLine(tool: BoxofficeTool, profile: string, input: ToolInput, result: CallToolResult): string {
  const named = Object.entries(input)
    .filter(([name]) => /Id$/.test(name) || name === 'file' || name === 'planToken')
    .map(([name, value]) => `${name}=${String(value)}`);
  const fields = Object.keys(input).filter((name) => !/Id$/.test(name) && name !== 'file' && name !== 'planToken');
  const what = [...named, ...(fields.length > 0 ? [`fields: ${fields.join(', ')}`] : [])].join('; ');
  const first = result.content[0];
  const outcome = result.isError ? `refused: ${first?.type === 'text' ? first.text : 'error'}` : 'done';
  return `boxoffice mcp: ${tool.name} on profile ${profile}${what ? ` (${what})` : ''}: ${outcome}\n`;
}

/** Serves until standard input ends or Ctrl-C. */
export async function serveMcp(options: McpServeOptions, context: CommandContext, host: McpHost): Promise<void> {
  const { deps } = context;
  const globals = context.globals();
  // A misspelt --profile is refused at start, not at the first tool call.
  await loadProfile(context);
  const settings: ServerSettings = { deps, profile: globals.profile, debug: globals.debug, host };
  const live = globals.profile === LIVE_PROFILE;
  const exportDir = options.exportDir ?? join(configDirectory(deps.env), 'exports');
  const tools = [
    ...readTools(settings),
    insightsTool(settings),
    ...attendeeTools(settings, exportDir, options.allowAttendeeRows),
    ...(options.allowWrites ? [...writeTools(settings), applyTool(settings)] : []),
  ];

  const server = new McpServer({ name: 'boxoffice', version: packageVersion() }, { instructions: serverInstructions(globals.profile, options) });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: toolDescription(tool, live),
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, openWorldHint: false, ...tool.annotations },
      },
      async (input: ToolInput, extra) => {
        const result = inToolTerms(tool, await tool.run(input, AbortSignal.any([deps.signal, extra.signal])));
        if (tool.writes) deps.io.stderr.write(writeLogLine(tool, globals.profile, input, result));
        return result;
      },
    );
  }

  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  const close = () => void server.close();
  deps.io.stdin.once('end', close);
  deps.signal.addEventListener('abort', close, { once: true });
  server.server.onerror = (error) => deps.io.stderr.write(`boxoffice mcp: ${error.message}\n`);
  await server.connect(new LineTransport(deps.io.stdin, deps.io.stdout));
  const writes = options.allowWrites ? `writes allowed${live ? ' on the LIVE service' : ''}` : 'read-only (--allow-writes serves the write tools)';
  deps.io.stderr.write(`boxoffice mcp: ${tools.length} tools for profile ${globals.profile}, ${writes}; attendee exports go to ${exportDir}\n`);
  try {
    await closed;
  } finally {
    deps.io.stdin.off('end', close);
    deps.signal.removeEventListener('abort', close);
  }
}
