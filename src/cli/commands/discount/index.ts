import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** `boxoffice discount …`: add and update discounts on a ticket */
export function registerDiscountCommands(program: Command, context: CommandContext): void {
  const group = program.command('discount').description('add and update discounts on a ticket');
  void group;
  void context;
}
