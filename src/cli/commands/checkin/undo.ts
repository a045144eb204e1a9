// `boxoffice checkin undo EVENT_ID --db DEST`: takes back the last check-in at the door (all the
// attendees one scan let in).
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { doorOptionsFrom, withCheckinFlags, withDoorFlags, type DoorFlags, type DoorOptions } from './shared.js';

export function registerCheckinUndo(group: Command, context: CommandContext, run: RunVerb<DoorOptions> = runUndoLoaded): void {
  const command = group.command('undo').description('take back the last check-in at this door').argument('<EVENT_ID>', 'the event at the door');
  withDoorFlags(command)
    .addHelpText('after', '\nExample:\n  boxoffice checkin undo 123456 --db attendees.db --door north\n')
    .action(
      verbAction(context, run, (eventId: string, flags: DoorFlags, self: Command) => doorOptionsFrom(eventId, withCheckinFlags(flags, self), context.deps.env)),
    );
}

async function runUndoLoaded(options: DoorOptions, context: CommandContext): Promise<void> {
  const { runCheckinUndo } = await import('./undo-run.js');
  await runCheckinUndo(options, context);
}
