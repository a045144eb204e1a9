import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerReport } from './report.js';

/** Registers the sales report of an event. */
export function registerReportCommands(program: Command, context: CommandContext): void {
  registerReport(program, context);
}
