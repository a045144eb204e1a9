import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerEventsSearch } from './search.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice events …`: search public events (Publisher API) */
export function registerEventsCommands(program: Command, context: CommandContext): void {
  const group = program.command('events').description(summaryOf('events'));
  registerEventsSearch(group, context);
}
