// `boxoffice mcp`: the organizer's tools for AI assistants, over the Model Context Protocol on stdin/stdout (docs/mcp.md).
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import type { McpServeOptions } from '../../../mcp/server.js';
import { formatError } from '../../framework/error-message.js';
import { summarised } from '../summaries.js';

export function registerMcp(program: Command, context: CommandContext, run: RunVerb<McpServeOptions> = serveMcpLoaded): void {
  summarised(program.command('mcp'))
    .option('--allow-writes', 'also serve the tools that change the service: create and update events, tickets, discounts; apply')
    .option('--allow-attendee-rows', 'also serve attendee_rows, which returns rows of personal data (only the columns asked for)')
    .option('--export-dir <dir>', 'where export_attendees writes its files (default: exports/ in the config directory)')
    .addHelpText(
      'after',
      '\nStandard input and output carry the protocol; messages go to stderr. Without --allow-writes\n' +
        'no tool changes the service. The profile is --profile (default local: the sandbox).\n' +
        '\nExamples:\n' +
        '  boxoffice mcp                              # read-only, on the sandbox\n' +
        '  boxoffice --profile live mcp --allow-writes\n',
    )
    .action(
      verbAction(context, run, (flags: Partial<McpServeOptions>) => ({
        allowWrites: flags.allowWrites === true,
        allowAttendeeRows: flags.allowAttendeeRows === true,
        exportDir: flags.exportDir,
      })),
    );
}

/** The server and the SDK are loaded when the verb runs, not for its help. */
async function serveMcpLoaded(options: McpServeOptions, context: CommandContext): Promise<void> {
  const [{ serveMcp }, { RECORD_WRITES }] = await Promise.all([import('../../../mcp/server.js'), import('../record-writes.js')]);
  await serveMcp(options, context, { wordError: (error, args, now) => formatError(error, { args }, now), writes: RECORD_WRITES });
}
