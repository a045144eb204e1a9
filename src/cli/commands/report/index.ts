import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** Registers the sales report of an event. */
export function registerReportCommand(program: Command, context: CommandContext): void {
  void program;
  void context;
}
