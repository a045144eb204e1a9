import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerBookingsList } from './list.js';
import { registerBookingsRequest } from './request.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice bookings …`: list bookings and request payments */
export function registerBookingsCommands(program: Command, context: CommandContext): void {
  const group = program.command('bookings').description(summaryOf('bookings'));
  registerBookingsList(group, context);
  registerBookingsRequest(group, context);
}
