import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** `boxoffice ticket …`: add, update and list the tickets of an event */
export function registerTicketCommands(program: Command, context: CommandContext): void {
  const group = program.command('ticket').description('add, update and list the tickets of an event');
  void group;
  void context;
}
