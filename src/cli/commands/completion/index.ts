import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerCompletion } from './completion.js';

/** `boxoffice completion SHELL`: shell completion scripts. */
export function registerCompletionCommands(program: Command, context: CommandContext): void {
  registerCompletion(program, context);
}
