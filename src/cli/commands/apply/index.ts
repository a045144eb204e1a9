import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerApply } from './apply.js';

/** Registers declarative, idempotent event setup from a file. */
export function registerApplyCommands(program: Command, context: CommandContext): void {
  registerApply(program, context);
}
