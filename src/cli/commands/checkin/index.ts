import type { Command } from 'commander';
import type { CommandContext } from '../../framework/context.js';
import { registerCheckin } from './checkin.js';
import { registerCheckinExport } from './export.js';
import { registerCheckinUndo } from './undo.js';

/** `checkin` lets attendees in; `checkin export` and `checkin undo` are its subcommands. */
export function registerCheckinCommands(program: Command, context: CommandContext): void {
  const checkin = registerCheckin(program, context);
  registerCheckinExport(checkin, context);
  registerCheckinUndo(checkin, context);
}
