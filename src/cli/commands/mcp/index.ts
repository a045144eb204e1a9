import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerMcp } from './mcp.js';

/** Registers the Model Context Protocol server for AI assistants. */
export function registerMcpCommands(program: Command, context: CommandContext): void {
  registerMcp(program, context);
}
