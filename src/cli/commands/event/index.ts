import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerEventDetailsCommand } from './details.js';

/** `boxoffice event …`: create, update, read and list events */
export function registerEventCommands(program: Command, context: CommandContext): void {
  const group = program.command('event').description('create, update, read and list events');
  void group;
  void context;
  registerEventDetailsCommand(group, context);
}
