import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerApplyVerb } from './apply.js';

/** Registers declarative, idempotent event setup from a file. */
export function registerApplyCommand(program: Command, context: CommandContext): void {
  registerApplyVerb(program, context);
}
