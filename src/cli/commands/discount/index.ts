import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerDiscountAdd } from './add.js';
import { registerDiscountUpdate } from './update.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice discount …`: add and update discounts on a ticket */
export function registerDiscountCommands(program: Command, context: CommandContext): void {
  const group = program.command('discount').description(summaryOf('discount'));
  registerDiscountAdd(group, context);
  registerDiscountUpdate(group, context);
}
