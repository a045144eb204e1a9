import type { Command } from 'commander';
import type { CommandContext } from '../../framework/context.js';
import { registerCheckin } from './checkin.js';
import { registerCheckinExport } from './export.js';
import { registerCheckinUndo } from './undo.js';

export function registerCheckinCommands(program: Command, context: CommandContext): void {
  const checkin = registerCheckin(program, context);
  registerCheckinExport(checkin, context);
  registerCheckinUndo(checkin, context);
}
