import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerEventCreate } from './create.js';
import { registerEventDetailsCommand } from './details.js';
import { registerEventGet } from './get.js';
import { registerEventList } from './list.js';
import { registerEventUpdate } from './update.js';

/** `boxoffice event …`: create, update, read and list events */
export function registerEventCommands(program: Command, context: CommandContext): void {
  const group = program.command('event').description('create, update, read and list events');
  registerEventCreate(group, context);
  registerEventUpdate(group, context);
  registerEventGet(group, context);
  registerEventList(group, context);
  registerEventDetailsCommand(group, context);
}
