import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerExportCommand } from './export.js';

/** `boxoffice attendees …`: export the attendee list of an event */
export function registerAttendeesCommands(program: Command, context: CommandContext): void {
  const group = program.command('attendees').description('export the attendee list of an event');
  registerExportCommand(group, context);
}
