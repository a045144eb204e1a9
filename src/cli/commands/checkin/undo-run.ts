import { BoxofficeError } from '../../../client/errors.js';
import { openCheckinDatabase } from '../../../checkin/database.js';
import { undoLast } from '../../../checkin/door.js';
import type { CommandContext } from '../../framework/context.js';
import { printOut } from '../../../session/deps.js';
import { writeJson } from '../../output/index.js';
import { formatClockTime, who } from './answer.js';
import type { DoorOptions } from './shared.js';

export async function runCheckinUndo(options: DoorOptions, context: CommandContext): Promise<void> {
  const db = await openCheckinDatabase(options.db, options.eventId);
  try {
    const undone = await undoLast(db, options.eventId, options.door);
    if (undone === undefined) throw new BoxofficeError(`nothing to undo: door ${options.door} has let nobody in at event ${options.eventId}`);
    if (context.globals().json) return writeJson(context.deps.io, undone);
    const when = `let in at ${formatClockTime(undone.checkedInAt)} at door ${undone.door}`;
    printOut(context.deps.io, undone.attendees.map((attendee) => `undone: ${who(attendee)} (${when})\n`).join(''));
  } finally {
    await db.close();
  }
}
