import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerConfigGet } from './get.js';
import { registerConfigList } from './list.js';
import { registerConfigSet } from './set.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice config …`: read and change saved profiles */
export function registerConfigCommands(program: Command, context: CommandContext): void {
  const group = program.command('config').description(summaryOf('config'));
  registerConfigGet(group, context);
  registerConfigSet(group, context);
  registerConfigList(group, context);
}
