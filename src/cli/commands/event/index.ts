import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerEventCreate } from './create.js';
import { registerEventDetails } from './details.js';
import { registerEventGet } from './get.js';
import { registerEventList } from './list.js';
import { registerEventUpdate } from './update.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice event …`: create, update, read and list events */
export function registerEventCommands(program: Command, context: CommandContext): void {
  const group = program.command('event').description(summaryOf('event'));
  registerEventCreate(group, context);
  registerEventUpdate(group, context);
  registerEventGet(group, context);
  registerEventList(group, context);
  registerEventDetails(group, context);
}
