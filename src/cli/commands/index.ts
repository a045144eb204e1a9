// Every command group, registered in help order. Each group lives in its own folder with one
// verb per file; heavy modules are imported inside the verbs' run functions, not here.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';

type RegisterGroup = (program: Command, context: CommandContext) => void;

const groups: RegisterGroup[] = [
];

export function registerCommands(program: Command, context: CommandContext): void {
  for (const register of groups) register(program, context);
}
