import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerTicketAdd } from './add.js';
import { registerTicketList } from './list.js';
import { registerTicketUpdate } from './update.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice ticket …`: add, update and list the tickets of an event */
export function registerTicketCommands(program: Command, context: CommandContext): void {
  const group = program.command('ticket').description(summaryOf('ticket'));
  registerTicketAdd(group, context);
  registerTicketUpdate(group, context);
  registerTicketList(group, context);
}
