import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** `boxoffice config …`: read and change saved profiles */
export function registerConfigCommands(program: Command, context: CommandContext): void {
  const group = program.command('config').description('read and change saved profiles');
  void group;
  void context;
}
