import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerListCommand } from './list.js';
import { registerRequestCommand } from './request.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice bookings …`: list bookings and request payments */
export function registerBookingsCommands(program: Command, context: CommandContext): void {
  const group = program.command('bookings').description(summaryOf('bookings'));
  registerListCommand(group, context);
  registerRequestCommand(group, context);
}
