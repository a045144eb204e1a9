import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerCheckin } from './checkin.js';

export function registerCheckinCommands(program: Command, context: CommandContext): void {
  registerCheckin(program, context);
}
