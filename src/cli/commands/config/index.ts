import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerConfigGet } from './get.js';
import { registerConfigList } from './list.js';
import { registerConfigSet } from './set.js';

/** `boxoffice config …`: read and change saved profiles */
export function registerConfigCommands(program: Command, context: CommandContext): void {
  const group = program.command('config').description('read and change saved profiles');
  registerConfigGet(group, context);
  registerConfigSet(group, context);
  registerConfigList(group, context);
}
