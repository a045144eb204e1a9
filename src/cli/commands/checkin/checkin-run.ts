// `boxoffice checkin EVENT_ID CODE --db DEST`: one scan from a script. The answer goes to stdout
// (with --json, as one document); a scan that lets nobody in ends with its own exit code
// (src/cli/framework/exit-codes.ts: 6 already in, 7 not found, 8 cancelled), its answer on stderr.
import { existsSync } from 'node:fs';
import { openCheckinDatabase } from '../../../checkin/database.js';
import { scan } from '../../../checkin/door.js';
import { CheckinRefusedError } from '../../../checkin/refused.js';
import type { CommandContext } from '../../framework/context.js';
import { printOut } from '../../../session/deps.js';
import { writeJson } from '../../output/index.js';
import { answerLines } from './answer.js';
import type { CheckinOptions } from './checkin.js';

export async function runCheckinCode(options: CheckinOptions & { code: string }, context: CommandContext): Promise<void> {
  const { deps } = context;
  const db = await openCheckinDatabase(options.db, options.eventId);
  try {
    // For tests only: test/checkin/doors-at-once.test.ts starts eight doors, waits until each says
    // it is at the barrier, then creates the file, so that the eight scans of one ticket run together.
    const barrier = deps.env.BOXOFFICE_TEST_CHECKIN_BARRIER;
    if (barrier) {
      deps.io.stderr.write('checkin: at the barrier\n');
      while (!existsSync(barrier)) await deps.clock.sleep(2, deps.signal);
    }
    const result = await scan(db, options.eventId, options.code, options.door, deps.clock.now());
    const lines = answerLines(result);
    if (context.globals().json) writeJson(deps.io, result);
    if (result.outcome === 'in') {
      if (!context.globals().json) printOut(deps.io, `${lines.join('\n')}\n`);
      return;
    }
    throw new CheckinRefusedError(lines.join('; '), result.outcome);
  } finally {
    await db.close();
  }
}
