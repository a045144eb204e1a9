import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerOrderPlace } from './place.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice order …`: place buyer test orders through the Publisher API */
export function registerOrderCommands(program: Command, context: CommandContext): void {
  const group = program.command('order').description(summaryOf('order'));
  registerOrderPlace(group, context);
}
