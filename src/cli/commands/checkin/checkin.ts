// `boxoffice checkin EVENT_ID [CODE] --db DEST`: the door on event day (src/checkin; docs/checkin.md).
// With CODE it lets that attendee in (./checkin-run.ts); without, the full-screen view (./view-run.ts).
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { parseDuration } from '../../framework/duration.js';
import { shownDestination } from '../../../util/shown-destination.js';
import { summarised } from '../summaries.js';
import { doorOptionsFrom, withDoorFlags, type DoorFlags, type DoorOptions } from './shared.js';

export interface CheckinOptions extends DoorOptions {
  /** A ticket or order number: let it in and exit (script mode); undefined opens the view. */
  code?: string;
  syncMs?: number;
  fullEveryMs: number;
}

interface CheckinFlags extends DoorFlags {
  sync?: string;
  fullEvery: string;
}

export function registerCheckin(program: Command, context: CommandContext, run: RunVerb<CheckinOptions> = runCheckinLoaded): Command {
  const command = summarised(program.command('checkin'))
    .argument('<EVENT_ID>', 'the event at the door')
    .argument('[CODE]', 'a ticket or order number to let in, then exit (without: the full-screen view)');
  withDoorFlags(command)
    .option('--sync <interval>', 'the view syncs the attendee list every INTERVAL in the background (e.g. 10m)')
    .option('--full-every <duration>', 'with --sync: reconcile the whole list (cancellations) when the last full sync is this old', '24h')
    // `checkin help export`, as every group has (commander adds it only to groups without an action).
    .helpCommand(true)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  boxoffice checkin 123456 --db attendees.db --door north\n' +
        '  boxoffice checkin 123456 SBX00000042-1 --db attendees.db --door north\n' +
        '  boxoffice checkin 123456 --db postgres://door@venue/db --sync 10m\n' +
        '\nExit codes with CODE: 0 in, 6 already in, 7 not found, 8 cancelled.\n',
    )
    .action(verbAction(context, run, (eventId: string, code: string | undefined, flags: CheckinFlags) => checkinOptionsFrom(eventId, code, flags, context)));
  return command;
}

function checkinOptionsFrom(eventId: string, code: string | undefined, flags: CheckinFlags, context: CommandContext): CheckinOptions {
  const door = doorOptionsFrom(eventId, flags, context.deps.env);
  const trimmed = code?.trim();
  if (trimmed === '') throw new UsageError('CODE: must not be empty: a ticket or order number', 'CODE');
  if (trimmed !== undefined && flags.sync !== undefined) throw new UsageError('--sync: keeps the view fresh; it cannot be combined with CODE', '--sync');
  return {
    ...door,
    code: trimmed,
    syncMs: flags.sync === undefined ? undefined : parseDuration(flags.sync, '--sync', { positive: true }),
    fullEveryMs: parseDuration(flags.fullEvery, '--full-every'),
  };
}

async function runCheckinLoaded(options: CheckinOptions, context: CommandContext): Promise<void> {
  if (options.code !== undefined) {
    const { runCheckinCode } = await import('./checkin-run.js');
    return runCheckinCode({ ...options, code: options.code }, context);
  }
  const { io } = context.deps;
  if (!io.stdinIsTTY || !io.stdoutIsTTY || context.globals().json) {
    throw new UsageError(
      `CODE: the door's view needs a terminal; to let one attendee in from a script: boxoffice checkin ${options.eventId} TICKET_NO --db ${shownDestination(options.db)}`,
      'CODE',
    );
  }
  const { runDoorView } = await import('./view-run.js');
  return runDoorView(options, context);
}
