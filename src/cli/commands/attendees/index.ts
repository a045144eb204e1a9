import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerAttendeesExport } from './export.js';
import { registerAttendeesSync } from './sync.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice attendees …`: export the attendee list of an event, or sync it into a database */
export function registerAttendeesCommands(program: Command, context: CommandContext): void {
  const group = program.command('attendees').description(summaryOf('attendees'));
  registerAttendeesExport(group, context);
  registerAttendeesSync(group, context);
}
