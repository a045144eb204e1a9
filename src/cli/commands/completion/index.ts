import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** Registers shell completion scripts. */
export function registerCompletionCommand(program: Command, context: CommandContext): void {
  void program;
  void context;
}
