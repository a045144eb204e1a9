import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** Registers login, logout and auth status. */
export function registerSessionCommands(program: Command, context: CommandContext): void {
  void program;
  void context;
}
