import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerInsights } from './insights.js';

/** `boxoffice insights EVENT_ID`: how sales are going, as pictures. */
export function registerInsightsCommands(program: Command, context: CommandContext): void {
  registerInsights(program, context);
}
