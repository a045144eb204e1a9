import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** `boxoffice bookings …`: list bookings and request payments */
export function registerBookingsCommands(program: Command, context: CommandContext): void {
  const group = program.command('bookings').description('list bookings and request payments');
  void group;
  void context;
}
